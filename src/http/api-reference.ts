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
const DOCS_PATH = '/api/docs';
const HTML = 'text/html; charset=utf-8';
const CSS = 'text/css; charset=utf-8';
const JS = 'text/javascript; charset=utf-8';

/** The page's own policy: its scripts and styles from this origin only; revalidated by ETag. */
const kind = (contentType: string): BodyKind => ({
  contentType,
  cacheControl: CACHE.revalidate,
  policy:
    "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
    "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
});

/** Swagger UI's files we serve, with their types. */
const DIST_FILES = [
  ['swagger-ui.css', CSS],
  ['index.css', CSS],
  ['swagger-ui-bundle.js', JS],
  ['favicon-32x32.png', 'image/png'],
  ['favicon-16x16.png', 'image/png'],
] as const;

/** Our page (its paths relative, so that it works behind a proxy that adds a prefix) and start-up script. */
const readAsset = (file: string) => readFileSync(new URL(`./assets/${file}`, import.meta.url), 'utf8');

let prepared: { path: string; answer: () => PreparedResponse }[] | undefined;

/** `/api/openapi.json` and the reference at `/api/docs` (Swagger UI's files and ours): nothing fetched from elsewhere. */
export function apiReference() {
  const dist = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  const fixed = (path: string, answer: PreparedResponse) => ({ path, answer: () => answer });
  const ours = (path: string, text: string, contentType: string) =>
    fixed(path, prepareBytes(200, Buffer.from(text), kind(contentType), { etag: true }));
  return (prepared ??= [
    fixed(OPENAPI_PATH, prepareJson(200, buildOpenApiDocument(OPERATIONS), CACHE.revalidate, { etag: true })),
    ours(DOCS_PATH, readAsset('reference.html').replace('{{title}}', REFERENCE_TITLES.page), HTML),
    ours(`${DOCS_PATH}/start-reference.js`, readAsset('start-reference.js'), JS),
    ...DIST_FILES.map(([name, contentType]) => ({
      path: `${DOCS_PATH}/${name}`,
      answer: prepareAssetInBackground(readFileSync(join(dist, name)), kind(contentType)),
    })),
  ]);
}
