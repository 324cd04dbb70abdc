import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { REFERENCE_TITLES } from '../domain/api-messages.js';
import {
  CACHE,
  prepareAssetInBackground,
  prepareBytes,
  prepareJson,
  type BodyKind,
  type PreparedResponse,
} from '../read-model/prepared-response.js';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

/**
 * The interactive reference at `/api/docs`: Swagger UI's own files (the `swagger-ui-dist`
 * package), read once at start and served from memory like every other answer (ETag,
 * gzip and brotli, security headers), with a page and a start-up script of ours that
 * point it at `/api/openapi.json`. Nothing is fetched from elsewhere; no file is opened
 * per request.
 */

/** The page's own policy: its scripts and styles from this origin only. */
const REFERENCE_SECURITY: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
    "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
};

const kind = (contentType: string): BodyKind => ({
  contentType,
  // The files change only with a new version of the server: revalidated by ETag.
  cacheControl: CACHE.revalidate,
  security: REFERENCE_SECURITY,
});

/** Swagger UI's files we serve, with their types. */
const DIST_FILES = [
  ['swagger-ui.css', 'text/css; charset=utf-8'],
  ['index.css', 'text/css; charset=utf-8'],
  ['swagger-ui-bundle.js', 'text/javascript; charset=utf-8'],
  ['favicon-32x32.png', 'image/png'],
  ['favicon-16x16.png', 'image/png'],
] as const;

const INIT_SCRIPT = 'start-reference.js';

/** Paths relative to `/api/docs`, so the page works behind a proxy that adds a prefix. */
function pageHtml(): string {
  const escapeHtml = (text: string) =>
    text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(REFERENCE_TITLES.page)}</title>
<link rel="stylesheet" href="docs/swagger-ui.css">
<link rel="stylesheet" href="docs/index.css">
<link rel="icon" type="image/png" href="docs/favicon-32x32.png" sizes="32x32">
<link rel="icon" type="image/png" href="docs/favicon-16x16.png" sizes="16x16">
</head>
<body>
<div id="swagger-ui"></div>
<script src="docs/swagger-ui-bundle.js"></script>
<script src="docs/${INIT_SCRIPT}"></script>
</body>
</html>
`;
}

const START_SCRIPT = `window.ui = SwaggerUIBundle({
  url: 'openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  displayRequestDuration: true,
  tryItOutEnabled: true,
  validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
});
`;

export interface ReferenceAsset {
  /** The path under `/api/docs/`. */
  name: string;
  answer(): PreparedResponse;
}

export interface ApiReference {
  page(): PreparedResponse;
  assets: readonly ReferenceAsset[];
  /** `/api/openapi.json` (set by `setDocument` before the server listens). */
  document(): PreparedResponse;
  /** The OpenAPI document, built once from the route table (`openapi.ts`). */
  setDocument(document: unknown): void;
}

/** The files and the page, read and prepared once per process (every server of a process shares them). */
let preparedFiles: { page: PreparedResponse; assets: ReferenceAsset[] } | undefined;

function referenceFiles(): { page: PreparedResponse; assets: ReferenceAsset[] } {
  if (preparedFiles) return preparedFiles;
  const require = createRequire(import.meta.url);
  const dist = dirname(require.resolve('swagger-ui-dist/package.json'));
  const files = DIST_FILES.map(([name, contentType]) => ({
    name,
    answer: prepareAssetInBackground(readFileSync(join(dist, name)), kind(contentType)).current,
  }));
  const start = prepareBytes(200, Buffer.from(START_SCRIPT), kind('text/javascript; charset=utf-8'), {
    etag: true,
  });
  preparedFiles = {
    page: prepareBytes(200, Buffer.from(pageHtml()), kind('text/html; charset=utf-8'), { etag: true }),
    assets: [...files, { name: INIT_SCRIPT, answer: () => start }],
  };
  return preparedFiles;
}

export function createApiReference(): ApiReference {
  const { page, assets } = referenceFiles();
  let document: PreparedResponse | undefined;
  return {
    page: () => page,
    assets,
    document() {
      if (document === undefined) throw new Error('the OpenAPI document is not ready');
      return document;
    },
    setDocument(value) {
      document = prepareJson(200, value, CACHE.revalidate, { etag: true });
    },
  };
}
