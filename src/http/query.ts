import type { Query } from '../domain/validation.js';

/**
 * Query strings as the spec reads them: the first value of a repeated parameter counts
 * (as `URLSearchParams.get`), percent-decoding never throws, and keys such as
 * `__proto__` are plain keys of a prototype-less object.
 *
 * Every search request parses one, so the usual case (ASCII, valid escapes) is read in
 * one pass without URLSearchParams' objects; anything else is left to URLSearchParams,
 * which gives the same answer for the usual case (a property test compares the two).
 */
export function parseQuery(search: string): Query {
  return parseAsciiQuery(search) ?? parseAnyQuery(search);
}

/** URLSearchParams' reading, first value of each key. */
function parseAnyQuery(search: string): Query {
  const query: Record<string, string> = Object.create(null);
  for (const [key, value] of new URLSearchParams(search)) {
    if (!(key in query)) query[key] = value;
  }
  return query;
}

const AMPERSAND = 0x26;
const EQUALS = 0x3d;
const PLUS = 0x2b;
const PERCENT = 0x25;
const QUESTION_MARK = 0x3f;
const LAST_ASCII = 0x7f;

const PLUS_SIGNS = /\+/g;

/**
 * `+` as a space, then percent-decoding: what URLSearchParams does, as long as the
 * escapes are valid UTF-8 (`decodeURIComponent` throws otherwise: undefined).
 */
function decodeComponent(text: string, hasPlus: boolean, hasPercent: boolean): string | undefined {
  const spaced = hasPlus ? text.replace(PLUS_SIGNS, ' ') : text;
  if (!hasPercent) return spaced;
  try {
    return decodeURIComponent(spaced);
  } catch {
    return undefined;
  }
}

/** The query when it is ASCII with valid escapes (one pass), else undefined. */
function parseAsciiQuery(search: string): Query | undefined {
  const query: Record<string, string> = Object.create(null);
  // URLSearchParams drops one leading '?'.
  let start = search.charCodeAt(0) === QUESTION_MARK ? 1 : 0;
  let equals = -1;
  let plusInKey = false;
  let percentInKey = false;
  let plusInValue = false;
  let percentInValue = false;
  for (let i = start; i <= search.length; i++) {
    const code = i < search.length ? search.charCodeAt(i) : AMPERSAND;
    if (code === AMPERSAND) {
      if (i > start) {
        const hasValue = equals >= 0;
        const key = decodeComponent(search.slice(start, hasValue ? equals : i), plusInKey, percentInKey);
        const value = hasValue
          ? decodeComponent(search.slice(equals + 1, i), plusInValue, percentInValue)
          : '';
        if (key === undefined || value === undefined) return undefined;
        if (!(key in query)) query[key] = value;
      }
      start = i + 1;
      equals = -1;
      plusInKey = percentInKey = plusInValue = percentInValue = false;
    } else if (code > LAST_ASCII) {
      return undefined;
    } else if (code === EQUALS && equals < 0) {
      equals = i;
    } else if (code === PLUS) {
      if (equals < 0) plusInKey = true;
      else plusInValue = true;
    } else if (code === PERCENT) {
      if (equals < 0) percentInKey = true;
      else percentInValue = true;
    }
  }
  return query;
}
