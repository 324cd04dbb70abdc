import { CACHE, prepareBytes, type PreparedResponse } from '../answer/answer.js';
import { PAGE_POLICY } from './page-answer.js';

/** A redirect to one of our own paths, kept a day so that a redirect changed later does not stick for good. */
function redirect(
  status: 301 | 303 | 308,
  location: string,
  cacheControl: string = CACHE.day,
): PreparedResponse {
  return prepareBytes(
    status,
    Buffer.alloc(0),
    {
      contentType: 'text/plain; charset=utf-8',
      cacheControl,
      policy: PAGE_POLICY,
      headers: { location },
    },
    { codings: [] },
  );
}

/** A 301: the browser asks for the new path with GET. */
export const movedPermanently = (location: string) => redirect(301, location);

/** A 308: the browser sends the same request, its method and body, to the new path (a posted form). */
export const permanentRedirect = (location: string) => redirect(308, location);

/** A 303: the answer of a form is at another path (a name's page), kept nowhere: it follows the data. */
export const seeOther = (location: string) => redirect(303, location, CACHE.none);
