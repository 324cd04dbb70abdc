/**
 * PostgreSQL's `jsonb` ordering, so that both stores sort `public_data` the same way
 * (the spec orders statistics by `public_data` descending, as the public database does).
 *
 * - Top level: object > array > boolean > number > string > null. A top-level scalar
 *   sorts below any array (PostgreSQL stores it as a "raw scalar" pseudo-array).
 * - Inside containers, values of different types: null < string < number < boolean < array < object.
 * - Arrays and objects with more elements are greater; equal sizes compare element by
 *   element (objects: key, value, key, value… in jsonb storage order: shorter keys
 *   first, then bytewise).
 * - Strings compare by code point, i.e. the C collation; the ordering of strings under
 *   other database collations is not reproduced (documented in docs/decisions.md).
 */

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

const NESTED_TYPE_ORDER = ['null', 'string', 'number', 'boolean', 'array', 'object'];

function nestedTypeRank(value: JsonValue): number {
  const type = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
  return NESTED_TYPE_ORDER.indexOf(type);
}

const BEYOND_SURROGATES = /[\ud800-\uffff]/;

/** Code-point order: UTF-16 units only differ from it from U+D800 on, where UTF-8 bytes do not. */
function compareCodePoints(a: string, b: string): number {
  if (a === b) return 0;
  if (!BEYOND_SURROGATES.test(a) && !BEYOND_SURROGATES.test(b)) return a < b ? -1 : 1;
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

/** jsonb storage order of object keys: shorter first (in UTF-8 bytes), then bytewise. */
function compareKeys(a: string, b: string): number {
  return Buffer.byteLength(a) - Buffer.byteLength(b) || compareCodePoints(a, b);
}

function sortedKeys(object: { [key: string]: JsonValue }): string[] {
  return Object.keys(object).sort(compareKeys);
}

/** An object as jsonb compares it: key, value, key, value… in storage order. */
function pairs(object: { [key: string]: JsonValue }): JsonValue[] {
  return sortedKeys(object).flatMap((key) => [key, object[key]!]);
}

function compareNested(a: JsonValue, b: JsonValue): number {
  const type = nestedTypeRank(a);
  if (type !== nestedTypeRank(b)) return type - nestedTypeRank(b);
  if (typeof a === 'string') return compareCodePoints(a, b as string);
  if (a === null) return 0;
  if (typeof a !== 'object') return a === b ? 0 : a < (b as typeof a) ? -1 : 1;
  const [elementsA, elementsB] = Array.isArray(a)
    ? [a, b as JsonValue[]]
    : [pairs(a), pairs(b as { [key: string]: JsonValue })];
  if (elementsA.length !== elementsB.length) return elementsA.length - elementsB.length;
  for (let i = 0; i < elementsA.length; i++) {
    const order = compareNested(elementsA[i]!, elementsB[i]!);
    if (order !== 0) return order;
  }
  return 0;
}

/**
 * Ascending jsonb order of two top-level values; `undefined` stands for SQL NULL,
 * which sorts above every value (PostgreSQL's NULLS LAST for ascending order).
 */
export function compareJsonb(a: JsonValue | undefined, b: JsonValue | undefined): number {
  if (a === undefined || b === undefined) return a === b ? 0 : a === undefined ? 1 : -1;
  const scalarA = a === null || typeof a !== 'object';
  const scalarB = b === null || typeof b !== 'object';
  if (scalarA !== scalarB) return scalarA ? -1 : 1;
  return compareNested(a, b);
}

/**
 * The value as PostgreSQL would hand it back from a `jsonb` column: object keys in
 * storage order, duplicate keys resolved to the last one (JSON.parse already does).
 * Serialising the result with JSON.stringify gives the same bytes on both stores.
 */
export function canonicalizeJsonb(value: JsonValue): JsonValue {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(canonicalizeJsonb);
  const result: { [key: string]: JsonValue } = {};
  for (const key of sortedKeys(value)) result[key] = canonicalizeJsonb(value[key]!);
  return result;
}
