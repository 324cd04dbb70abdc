import type { VNode } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { CACHE, prepareBytes, type BodyKind, type PreparedResponse } from '../answer/answer.js';

const HTML_CONTENT_TYPE = 'text/html; charset=utf-8';

/** Styles, images and forms of this origin only, no script at all (the pages need none), framed by `ancestors`. */
const pagePolicy = (ancestors: string) =>
  "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; base-uri 'none'; " +
  `frame-ancestors ${ancestors}`;

/** Every page and file: no site may frame it. */
export const PAGE_POLICY = pagePolicy("'none'");
/** A chart's embeddable page (`/insertar/…`): the one kind of page any site may frame. */
export const EMBED_POLICY = pagePolicy('*');

export function pageKind(contentType: string, cacheControl: string, policy = PAGE_POLICY): BodyKind {
  return { contentType, cacheControl, policy };
}

/** A file made in the background (a preview card, the archive) while it is not ready: asked again in a second. */
export const pendingFile = (contentType: string) =>
  prepareBytes(503, Buffer.alloc(0), {
    ...pageKind(contentType, CACHE.none),
    headers: { 'retry-after': '1' },
  });

/** A file compressed by its own format (PNG, workbook, ZIP): served as it is, revalidated by its ETag. */
export const compressedFile = (bytes: Buffer, contentType: string) =>
  prepareBytes(200, bytes, pageKind(contentType, CACHE.revalidate), { etag: true, codings: [] });

function html(page: VNode): Buffer {
  return Buffer.from(`<!doctype html>\n${renderToString(page)}`, 'utf8');
}

/** A page made once per data version, revalidated on every use (a 304 by ETag); error pages are never kept. */
export function preparePage(statusCode: number, page: VNode, policy = PAGE_POLICY): PreparedResponse {
  const cacheControl = statusCode === 200 ? CACHE.revalidate : CACHE.none;
  return prepareBytes(statusCode, html(page), pageKind(HTML_CONTENT_TYPE, cacheControl, policy), {
    etag: statusCode === 200,
  });
}

/** A page made for one request (a search's answer): never kept, compressed at low effort. */
export function pageForRequest(statusCode: number, page: VNode): PreparedResponse {
  return prepareBytes(statusCode, html(page), pageKind(HTML_CONTENT_TYPE, CACHE.none), { effort: 'fast' });
}

/** A page made for one request whose address says all it shows (a comparison): revalidated, never kept. */
export function pageForAddress(page: VNode): PreparedResponse {
  return prepareBytes(200, html(page), pageKind(HTML_CONTENT_TYPE, CACHE.revalidate), {
    etag: true,
    effort: 'fast',
  });
}
