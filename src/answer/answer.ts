import { hash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync, type BrotliOptions } from 'node:zlib';
import { apiErrors, type ApiError } from '../domain/api-messages.js';

export const CACHE = {
  // Spec §8: statistics, category and years a day; companies 7 to 30 days.
  day: 'public, max-age=86400',
  week: 'public, max-age=604800',
  // Files whose address changes with their content; answers revalidated by ETag on every use.
  immutable: 'public, max-age=31536000, immutable',
  revalidate: 'no-cache',
  // Participant search, ping, the updating answer and every error.
  none: 'no-store',
} as const;

export const COMPRESSION_THRESHOLD_BYTES = 1024;

/** The policy of what no browser should render or frame: the API's JSON, the metrics. */
const NO_CONTENT_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** The security headers of every answer, with the Content-Security-Policy of its kind. */
export function securityHeaders(policy: string = NO_CONTENT_POLICY): Record<string, string> {
  return {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'content-security-policy': policy,
  };
}

/** A body (the text of an answer computed per request, written as UTF-8) and every header but CORS and length. */
export interface Representation {
  body: Buffer | string;
  length: number;
  etag: string | undefined;
  headers: Readonly<Record<string, string>>;
}

/**
 * A complete answer, prepared once: status, headers, the bytes as they are, and each compressed encoding
 * made when a client first asks for it (most clients ask for one, so the other is never made).
 */
export interface PreparedResponse {
  readonly kind: 'prepared';
  statusCode: number;
  identity: Representation;
  /** The encodings it has: none under the threshold, and then it does not vary by `Accept-Encoding`. */
  codings: readonly ContentCoding[];
  /** The ETags `If-None-Match` may name, the identity's first; none without an ETag. */
  tags: readonly string[];
  encoded(coding: ContentCoding): Representation | undefined;
}

function bodyTag(body: Buffer | string): string {
  return `"${hash('sha256', body, 'base64url').slice(0, 27)}"`;
}

export type ContentCoding = 'gzip' | 'br';

/** What a body is and how it may be kept; `policy`: its Content-Security-Policy when not the API's. */
export interface BodyKind {
  contentType: string;
  cacheControl: string;
  policy?: string;
  headers?: Readonly<Record<string, string>>;
}

const JSON_KIND = (cacheControl: string): BodyKind => ({
  contentType: 'application/json; charset=utf-8',
  cacheControl,
});

/** `etag`: strong ETags (and so 304s); `codings`: the variants made of a body over the threshold. */
interface PrepareOptions {
  etag?: boolean;
  codings?: readonly ContentCoding[];
  effort?: Effort;
}

/** How hard to compress: once per process, once per read model (on the event loop), per request. */
type Effort = 'max' | 'data' | 'fast';

const GZIP_LEVEL = { max: 9, data: 9, fast: 4 } as const;
const BROTLI_QUALITY = { max: 11, data: 6, fast: 4 } as const;

const brotliOptions = (body: Buffer, effort: Effort): BrotliOptions => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY[effort],
    [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
  },
});

/** `bytes` in memory of its own: a kept view of Node's shared pool would keep the whole block alive. */
function exactly(bytes: Buffer): Buffer {
  if (bytes.length === bytes.buffer.byteLength) return bytes;
  const own = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(own);
  return own;
}

function assemble(
  statusCode: number,
  body: Buffer | string,
  kind: BodyKind,
  tag: string | undefined,
  codings: readonly ContentCoding[],
  compress: (coding: ContentCoding, body: Buffer) => Buffer,
): PreparedResponse {
  const representation = (encoded: Buffer | string, etag: string | undefined, coding?: ContentCoding) => {
    const headers: Record<string, string> = Object.assign(securityHeaders(kind.policy), kind.headers);
    headers['content-type'] = kind.contentType;
    headers['cache-control'] = kind.cacheControl;
    if (codings.length > 0) headers.vary = 'Accept-Encoding';
    if (etag) headers.etag = etag;
    if (coding) headers['content-encoding'] = coding;
    const body = typeof encoded === 'string' ? encoded : exactly(encoded);
    return { body, length: Buffer.byteLength(body), etag, headers };
  };
  const codingTag = (coding: ContentCoding) => tag && `${tag.slice(0, -1)}-${coding}"`;
  const identity = representation(body, tag);
  const made: Partial<Record<ContentCoding, Representation>> = {};
  return {
    kind: 'prepared',
    statusCode,
    identity,
    codings,
    tags: tag === undefined ? [] : [tag, ...codings.map((coding) => codingTag(coding)!)],
    encoded(coding) {
      if (!codings.includes(coding)) return undefined;
      return (made[coding] ??= representation(
        compress(coding, identity.body as Buffer),
        codingTag(coding),
        coding,
      ));
    },
  };
}

export function prepareBytes(
  statusCode: number,
  body: Buffer,
  kind: BodyKind,
  { etag = false, codings = ['gzip', 'br'], effort = 'max' }: PrepareOptions = {},
): PreparedResponse {
  const compressed = body.length > COMPRESSION_THRESHOLD_BYTES ? codings : [];
  const compress = (coding: ContentCoding, bytes: Buffer) =>
    coding === 'gzip'
      ? gzipSync(bytes, { level: GZIP_LEVEL[effort] })
      : brotliCompressSync(bytes, brotliOptions(bytes, effort));
  return assemble(statusCode, body, kind, etag ? bodyTag(body) : undefined, compressed, compress);
}

// One at a time: libuv's four threads also serve crypto, DNS and files.
let compressionQueue: Promise<unknown> = Promise.resolve();
const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** A large asset (the API reference's script): uncompressed until first asked for, then compressed in the background. */
export function prepareAssetInBackground(body: Buffer, kind: BodyKind): () => PreparedResponse {
  let answer = prepareBytes(200, body, kind, { etag: true, codings: [] });
  const tag = answer.identity.etag;
  let started = body.length <= COMPRESSION_THRESHOLD_BYTES;
  const compressAll = async () => {
    const gzipped = await gzipAsync(body, { level: GZIP_LEVEL.max });
    const br = await brotliAsync(body, brotliOptions(body, 'max'));
    answer = assemble(200, body, kind, tag, ['gzip', 'br'], (coding) => (coding === 'gzip' ? gzipped : br));
  };
  return () => {
    if (!started) {
      started = true;
      compressionQueue = compressionQueue.then(compressAll).catch(() => undefined);
    }
    return answer;
  };
}

export function prepareJsonText(
  statusCode: number,
  json: string,
  cacheControl: string,
  options?: PrepareOptions,
): PreparedResponse {
  return prepareBytes(statusCode, Buffer.from(json, 'utf8'), JSON_KIND(cacheControl), options);
}

export function prepareJson(
  statusCode: number,
  value: unknown,
  cacheControl: string,
  options?: PrepareOptions,
): PreparedResponse {
  return prepareJsonText(statusCode, JSON.stringify(value), cacheControl, options);
}

/** An `{error}` answer: never cached, never compressed (they are short). */
export function prepareError({ status, text: error }: ApiError, details?: string): PreparedResponse {
  return prepareJson(status, details === undefined ? { error } : { error, details }, CACHE.none, {
    codings: [],
  });
}

/** Every error of the catalogue, prepared once (those listing the years are per model). */
export const PREPARED_ERRORS = Object.fromEntries(
  Object.entries(apiErrors).map(([name, error]) => [name, prepareError(error)]),
) as Record<keyof typeof apiErrors, PreparedResponse>;

/** A JSON answer computed for one request (a participant search): never cached (spec §8). */
export type ComputedJson = { readonly kind: 'computed'; statusCode: 200; json: string };

export type Answer = PreparedResponse | ComputedJson;

const COMPUTED_HEADERS = prepareBytes(200, Buffer.alloc(0), JSON_KIND(CACHE.none)).identity.headers;

/** A computed answer's one representation: uncompressed, with a strong ETag. */
export function computedRepresentation({ json }: ComputedJson): Representation {
  const etag = bodyTag(json);
  const headers: Record<string, string> = Object.assign({}, COMPUTED_HEADERS);
  headers.etag = etag;
  return { body: json, length: Buffer.byteLength(json), etag, headers };
}

/** A computed answer prepared for this request only, compressed in `coding` at low effort. */
export function compressedComputed(answer: ComputedJson, coding: ContentCoding): PreparedResponse {
  return prepareJsonText(answer.statusCode, answer.json, CACHE.none, {
    etag: true,
    codings: [coding],
    effort: 'fast',
  });
}

/**
 * A validated search not run yet, for the budgets to allow and charge. `channel`: the API's (names containing
 * the input) or the form's (the whole name); `children`: undefined when the school is not served; `typed`: the
 * key of the name typed (shown whole, not discovered).
 */
export interface PendingSearch {
  readonly kind: 'search';
  channel: 'api' | 'form';
  school: string;
  children: number | undefined;
  typed: string;
  run(): { answer: Answer; names: readonly string[] };
  refused(): Answer;
}

export type Ran = ReturnType<PendingSearch['run']>;
