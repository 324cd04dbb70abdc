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
} from '../answer/answer.js';
import { buildOpenApiDocument } from './openapi.js';
import { OPERATIONS } from './operations.js';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

/** The page's own policy: its scripts and styles from this origin only. */
const REFERENCE_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

// The files change only with a new version of the server: revalidated by ETag.
const kind = (contentType: string): BodyKind => ({
  contentType,
  cacheControl: CACHE.revalidate,
  policy: REFERENCE_POLICY,
});

/** Swagger UI's files we serve, with their types. */
const DIST_FILES = [
  ['swagger-ui.css', 'text/css; charset=utf-8'],
  ['index.css', 'text/css; charset=utf-8'],
  ['swagger-ui-bundle.js', 'text/javascript; charset=utf-8'],
  ['favicon-32x32.png', 'image/png'],
  ['favicon-16x16.png', 'image/png'],
] as const;

/**
 * Our page (its paths relative to `/api/docs`, so it works behind a proxy that adds a
 * prefix) and the script that starts Swagger UI on `openapi.json`: `assets/` beside this
 * module (the build copies the folder into dist/).
 */
const readAsset = (file: string) => readFileSync(new URL(`./assets/${file}`, import.meta.url), 'utf8');

/** The reference's answers, by their paths. */
let prepared: { path: string; answer: () => PreparedResponse }[] | undefined;

/**
 * `/api/openapi.json` and the interactive reference at `/api/docs`: Swagger UI's own
 * files (`swagger-ui-dist`) with a page and a start-up script of ours, read and prepared
 * once per process and served from memory like every other answer. Nothing is fetched
 * from elsewhere.
 */
export function apiReference() {
  if (prepared) return prepared;
  const dist = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  const fixed = (path: string, answer: PreparedResponse) => ({ path, answer: () => answer });
  const ours = (path: string, text: string, contentType: string) =>
    fixed(path, prepareBytes(200, Buffer.from(text), kind(contentType), { etag: true }));
  const document = prepareJson(200, buildOpenApiDocument(OPERATIONS), CACHE.revalidate, { etag: true });
  prepared = [
    fixed(OPENAPI_PATH, document),
    ours(
      DOCS_PATH,
      readAsset('reference.html').replace('{{title}}', REFERENCE_TITLES.page),
      'text/html; charset=utf-8',
    ),
    ours(
      `${DOCS_PATH}/start-reference.js`,
      readAsset('start-reference.js'),
      'text/javascript; charset=utf-8',
    ),
    ...DIST_FILES.map(([name, contentType]) => ({
      path: `${DOCS_PATH}/${name}`,
      answer: prepareAssetInBackground(readFileSync(join(dist, name)), kind(contentType)),
    })),
  ];
  return prepared;
}
