import { CACHE, prepareBytes, type PreparedResponse } from '../read-model/prepared-response.js';
import { PAGE_SECURITY } from './page-answer.js';

/** A 301 to one of our own paths, kept a day so that a redirect changed later does not stick for good. */
export function movedPermanently(location: string): PreparedResponse {
  return prepareBytes(
    301,
    Buffer.alloc(0),
    {
      contentType: 'text/plain; charset=utf-8',
      cacheControl: CACHE.day,
      security: { ...PAGE_SECURITY, location },
    },
    { codings: [] },
  );
}
