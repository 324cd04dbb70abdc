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

const enum JsonbType {
  Null = 0,
  String = 1,
  Number = 2,
  Boolean = 3,
  Array = 4,
  Object = 5,
}

function typeOf(value: JsonValue): JsonbType {
  if (value === null) return JsonbType.Null;
  switch (typeof value) {
    case 'string':
      return JsonbType.String;
    case 'number':
      return JsonbType.Number;
    case 'boolean':
      return JsonbType.Boolean;
    default:
      return Array.isArray(value) ? JsonbType.Array : JsonbType.Object;
  }
}

function compareCodePoints(a: string, b: string): number {
  // UTF-16 code-unit order differs from code-point order only around surrogates.
  if (a === b) return 0;
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const ca = a.codePointAt(i)!;
    const cb = b.codePointAt(i)!;
    if (ca !== cb) return ca < cb ? -1 : 1;
    if (ca > 0xffff) i++;
  }
  return a.length < b.length ? -1 : a.length > b.length ? 1 : 0;
}

/** jsonb storage order of object keys: shorter first (in UTF-8 bytes), then bytewise. */
export function compareJsonbKeys(a: string, b: string): number {
  const la = Buffer.byteLength(a);
  const lb = Buffer.byteLength(b);
  return la !== lb ? la - lb : compareCodePoints(a, b);
}

function sortedKeys(object: { [key: string]: JsonValue }): string[] {
  return Object.keys(object).sort(compareJsonbKeys);
}

function compareNested(a: JsonValue, b: JsonValue): number {
  const ta = typeOf(a);
  const tb = typeOf(b);
  if (ta !== tb) return ta - tb;
  switch (ta) {
    case JsonbType.Null:
      return 0;
    case JsonbType.String:
      return compareCodePoints(a as string, b as string);
    case JsonbType.Number:
    case JsonbType.Boolean:
      return a === b ? 0 : (a as number) < (b as number) ? -1 : 1;
    case JsonbType.Array: {
      const xa = a as JsonValue[];
      const xb = b as JsonValue[];
      if (xa.length !== xb.length) return xa.length - xb.length;
      for (let i = 0; i < xa.length; i++) {
        const c = compareNested(xa[i]!, xb[i]!);
        if (c !== 0) return c;
      }
      return 0;
    }
    case JsonbType.Object: {
      const oa = a as { [key: string]: JsonValue };
      const ob = b as { [key: string]: JsonValue };
      const ka = sortedKeys(oa);
      const kb = sortedKeys(ob);
      if (ka.length !== kb.length) return ka.length - kb.length;
      for (let i = 0; i < ka.length; i++) {
        const keyOrder = compareCodePoints(ka[i]!, kb[i]!);
        if (keyOrder !== 0) return keyOrder;
        const c = compareNested(oa[ka[i]!]!, ob[kb[i]!]!);
        if (c !== 0) return c;
      }
      return 0;
    }
  }
}

function isScalar(value: JsonValue): boolean {
  return value === null || typeof value !== 'object';
}

/**
 * Ascending jsonb order of two top-level values; `undefined` stands for SQL NULL,
 * which sorts above every value (PostgreSQL's NULLS LAST for ascending order).
 */
export function compareJsonb(a: JsonValue | undefined, b: JsonValue | undefined): number {
  if (a === undefined || b === undefined) return a === b ? 0 : a === undefined ? 1 : -1;
  const scalarA = isScalar(a);
  const scalarB = isScalar(b);
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
