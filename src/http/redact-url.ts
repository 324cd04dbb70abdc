import { isCategoryId } from '../domain/categories.js';

/**
 * What a logged URL may keep of its query: only the parameters that can never hold a
 * participant's name, and only while their value is what they are for (digits or
 * `global`, one of the 21 categories). Anything else (a search's name or school, a key
 * spelt oddly such as `nam%C3%A9`, text after a `;`) is replaced by `[redacted]`, key
 * and value, so that no search text reaches a log.
 */
const KEPT_PARAMETERS: ReadonlyMap<string, (value: string) => boolean> = new Map([
  ['year', (value: string) => /^(?:[0-9]{1,8}|global)$/.test(value)],
  ['category', isCategoryId],
]);

/** The participant search's paths (the API's and the web page's): nothing after them is kept. */
const SEARCH_PATH = /^\/(?:api\/participants|buscar)/i;

const REDACTED = '[redacted]';

function keptSegment(segment: string): string {
  const equals = segment.indexOf('=');
  if (equals < 0) return REDACTED;
  const key = segment.slice(0, equals);
  const isKept = KEPT_PARAMETERS.get(key);
  if (isKept === undefined) return REDACTED;
  return isKept(segment.slice(equals + 1)) ? segment : `${key}=${REDACTED}`;
}

/**
 * Participant names are personal data of minors: a URL is logged with its path and, of
 * its query, only `year` and `category` with plausible values; every other parameter,
 * and the whole query of the participant search, is `[redacted]`.
 */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  const target = queryStart < 0 ? url : url.slice(0, queryStart);
  const query = queryStart < 0 ? '' : url.slice(queryStart + 1);
  const search = SEARCH_PATH.exec(target);
  if (search !== null) {
    const rest = target.length > search[0].length || query !== '';
    return rest ? `${search[0]}?${REDACTED}` : target;
  }
  // Matrix parameters (`/a;x=y`) are never kept either.
  const semicolon = target.indexOf(';');
  const path = semicolon < 0 ? target : `${target.slice(0, semicolon)};${REDACTED}`;
  if (queryStart < 0) return path;
  return `${path}?${query === '' ? '' : query.split('&').map(keptSegment).join('&')}`;
}
