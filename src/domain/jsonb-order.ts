/**
 * PostgreSQL's `jsonb` order, so that SQLite sorts `public_data` as PostgreSQL does (the
 * spec orders by it). A top-level scalar sorts below any array ("raw scalar" pseudo-array);
 * more elements is greater; strings compare by code point (the C collation).
 */

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

const NESTED_TYPE_ORDER = ['null', 'string', 'number', 'boolean', 'array', 'object'];
const nestedTypeRank = (value: JsonValue): number =>
  NESTED_TYPE_ORDER.indexOf(value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

const BEYOND_SURROGATES = /[\ud800-\uffff]/;

/** Code-point order: UTF-16 units differ from it only from U+D800 on. */
function compareCodePoints(a: string, b: string): number {
  if (a === b) return 0;
  if (!BEYOND_SURROGATES.test(a) && !BEYOND_SURROGATES.test(b)) return a < b ? -1 : 1;
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

/** jsonb storage order of keys: shorter first (in UTF-8 bytes), then bytewise. */
function compareKeys(a: string, b: string): number {
  return Buffer.byteLength(a) - Buffer.byteLength(b) || compareCodePoints(a, b);
}

const sortedKeys = (object: { [key: string]: JsonValue }): string[] => Object.keys(object).sort(compareKeys);
const pairs = (object: { [key: string]: JsonValue }): JsonValue[] =>
  sortedKeys(object).flatMap((key) => [key, object[key]!]);

function compareNested(a: JsonValue, b: JsonValue): number {
  const type = nestedTypeRank(a);
  if (type !== nestedTypeRank(b)) return type - nestedTypeRank(b);
  if (typeof a === 'string') return compareCodePoints(a, b as string);
  if (a === null || typeof a !== 'object') return a === b ? 0 : a! < (b as typeof a)! ? -1 : 1;
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

/** Ascending jsonb order of two top-level values; `undefined` is SQL NULL, sorted last. */
export function compareJsonb(a: JsonValue | undefined, b: JsonValue | undefined): number {
  if (a === undefined || b === undefined) return a === b ? 0 : a === undefined ? 1 : -1;
  const scalarA = a === null || typeof a !== 'object';
  const scalarB = b === null || typeof b !== 'object';
  if (scalarA !== scalarB) return scalarA ? -1 : 1;
  return compareNested(a, b);
}

/** The value as a `jsonb` column hands it back (keys in storage order): the same bytes on both stores. */
export function canonicalizeJsonb(value: JsonValue): JsonValue {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(canonicalizeJsonb);
  const result: { [key: string]: JsonValue } = {};
  for (const key of sortedKeys(value)) result[key] = canonicalizeJsonb(value[key]!);
  return result;
}
