import { isCategoryId } from '../domain/categories.js';
import { isYearFormat } from '../domain/validation.js';

/**
 * The values a logged URL may show, in a route's path or its query: a year (four digits
 * or `global`) and a category identifier. Nothing else a visitor writes is logged.
 */
const KNOWN_VALUES: ReadonlyMap<string, (value: string) => boolean> = new Map([
  ['year', isYearFormat],
  ['category', isCategoryId],
]);

/** What is logged for a path no route answers: its text may be anything, a name included. */
export const UNKNOWN_PATH = '[unknown path]';

/** Marks that the query held something else, without its text. */
const REDACTED = '[redacted]';

function isKnown(name: string, value: string): boolean {
  return KNOWN_VALUES.get(name)?.(value) ?? false;
}

/**
 * The URL of a request as it is logged: the route's template, its path parameter filled
 * in when it is a known value (`/estadisticas/2024`, else `/estadisticas/:year`), and of
 * the query only the known values of `year` and `category`, with `[redacted]` when
 * anything else was there. A path no route answers is `[unknown path]`. A fragment is
 * never part of it.
 *
 * @param template the route's path (`/estadisticas/:year`), or null when none matched
 * @param pathValue the value of its parameter, decoded, when it has one
 * @param query the parsed query
 */
export function loggedUrl(
  template: string | null,
  pathValue: string | undefined,
  query: Readonly<Partial<Record<string, string>>>,
): string {
  if (template === null) return UNKNOWN_PATH;
  const colon = template.lastIndexOf('/:');
  let path = template;
  if (colon >= 0 && pathValue !== undefined) {
    const name = template.slice(colon + 2);
    if (isKnown(name, pathValue)) path = `${template.slice(0, colon + 1)}${pathValue}`;
  }
  const kept: string[] = [];
  let redacted = false;
  for (const name in query) {
    const value = query[name]!;
    if (isKnown(name, value)) kept.push(`${name}=${value}`);
    else redacted = true;
  }
  if (redacted) kept.push(REDACTED);
  return kept.length === 0 ? path : `${path}?${kept.join('&')}`;
}
