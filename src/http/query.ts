import type { Query } from '../domain/validation.js';

/**
 * A query string as the spec reads it: the first value of a repeated parameter counts
 * (as `URLSearchParams.get`), percent-decoding never throws, and keys such as
 * `__proto__` are plain keys of a prototype-less object.
 */
export function parseQuery(search: string): Query {
  const query: Record<string, string> = Object.create(null);
  for (const [key, value] of new URLSearchParams(search)) if (!(key in query)) query[key] = value;
  return query;
}
