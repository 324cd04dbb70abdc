import { hash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';

export const CACHE = {
  /** Statistics, category and years (spec §8: may be cached 24 hours). */
  day: 'public, max-age=86400',
  /** Companies (spec §8: 7 to 30 days). */
  week: 'public, max-age=604800',
  /** Participant search, ping, the updating answer and every error. */
  none: 'no-store',
} as const;

/** Bodies this size or smaller are not worth compressing. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

export interface Representation {
  body: Buffer;
  etag: string | undefined;
  /** Every header of this representation but CORS, ready to write. */
  headers: Readonly<Record<string, string>>;
}

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** Headers for a JSON API that no browser should render, frame or sniff. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
};

/** A complete answer, prepared once: status, headers and the bytes of each encoding. */
export interface PreparedResponse {
  statusCode: number;
  cacheControl: string;
  identity: Representation;
  gzip: Representation | undefined;
  br: Representation | undefined;
}

/** The strong ETag of a body (a string is hashed as its UTF-8 bytes). */
export function bodyTag(body: Buffer | string): string {
  return `"${hash('sha256', body, 'base64url').slice(0, 27)}"`;
}

/** Every header of a representation but CORS and length, in the order they are written. */
export function representationHeaders(
  cacheControl: string,
  etag: string | undefined,
  { compressed = false, coding }: { compressed?: boolean; coding?: ContentCoding } = {},
): Record<string, string> {
  // Object.assign, not a spread: V8 spreads objects with such keys slowly, and search
  // answers get their headers per request.
  const headers: Record<string, string> = Object.assign({}, SECURITY_HEADERS);
  headers['content-type'] = JSON_CONTENT_TYPE;
  headers['cache-control'] = cacheControl;
  if (compressed) headers.vary = 'Accept-Encoding';
  if (etag) headers.etag = etag;
  if (coding) headers['content-encoding'] = coding;
  return headers;
}

export type ContentCoding = 'gzip' | 'br';

export interface PrepareOptions {
  /** Strong ETags (and so 304 answers): every 200 of a data operation. */
  etag?: boolean;
  /** Which compressed variants to make for bodies over the threshold. */
  codings?: readonly ContentCoding[];
  /** `max` once per data version; `fast` for answers built per request. */
  effort?: 'max' | 'fast';
}

function compress(coding: ContentCoding, body: Buffer, effort: 'max' | 'fast'): Buffer {
  if (coding === 'gzip') return gzipSync(body, { level: effort === 'max' ? 9 : 4 });
  return brotliCompressSync(body, {
    params: {
      [zlibConstants.BROTLI_PARAM_QUALITY]: effort === 'max' ? 11 : 4,
      [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

/** Prepares an answer from its JSON text. */
export function prepareJsonText(
  statusCode: number,
  json: string,
  cacheControl: string,
  { etag = false, codings = ['gzip', 'br'], effort = 'max' }: PrepareOptions = {},
): PreparedResponse {
  const body = Buffer.from(json, 'utf8');
  const tag = etag ? bodyTag(body) : undefined;
  const compressed = body.length > COMPRESSION_THRESHOLD_BYTES && codings.length > 0;
  const representation = (
    encoded: Buffer,
    etag: string | undefined,
    coding?: ContentCoding,
  ): Representation => ({
    body: encoded,
    etag,
    headers: representationHeaders(cacheControl, etag, { compressed, coding }),
  });
  const variant = (coding: ContentCoding): Representation | undefined =>
    compressed && codings.includes(coding)
      ? representation(
          compress(coding, body, effort),
          tag === undefined ? undefined : `${tag.slice(0, -1)}-${coding}"`,
          coding,
        )
      : undefined;
  return {
    statusCode,
    cacheControl,
    identity: representation(body, tag),
    gzip: variant('gzip'),
    br: variant('br'),
  };
}

export function prepareJson(
  statusCode: number,
  value: unknown,
  cacheControl: string,
  options?: PrepareOptions,
): PreparedResponse {
  return prepareJsonText(statusCode, JSON.stringify(value), cacheControl, options);
}

/** The `{error}` answers of the spec: never cached, never compressed (they are short). */
export function prepareError(statusCode: number, error: string, details?: string): PreparedResponse {
  return prepareJson(statusCode, details === undefined ? { error } : { error, details }, CACHE.none, {
    codings: [],
  });
}

/** A prepared answer that came from a worker thread, whose Buffers arrive as plain Uint8Arrays. */
export function revivePrepared(answer: PreparedResponse): PreparedResponse {
  const revive = <R extends Representation | undefined>(representation: R): R =>
    representation && {
      ...representation,
      body: Buffer.from(
        representation.body.buffer,
        representation.body.byteOffset,
        representation.body.byteLength,
      ),
    };
  return { ...answer, identity: revive(answer.identity), gzip: revive(answer.gzip), br: revive(answer.br) };
}
