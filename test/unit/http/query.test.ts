import fc from 'fast-check';
import { expect, it } from 'vitest';
import { parseQuery } from '../../../src/http/query.js';

it('keeps the first value of repeated keys, as URLSearchParams.get', () => {
  expect({ ...parseQuery('year=2024&year=2023&x=1') }).toEqual({ year: '2024', x: '1' });
});

it('decodes + and percent escapes and tolerates invalid escapes', () => {
  expect({ ...parseQuery('name=Ane+Garc%C3%ADa&bad=%E0%A4%A&pct=%') }).toEqual({
    name: 'Ane García',
    bad: '\uFFFD%A',
    pct: '%',
  });
});

it('treats __proto__ and constructor as plain keys', () => {
  const query = parseQuery('__proto__=x&constructor=y&year[]=1');
  expect(query.__proto__).toBe('x');
  expect(query.constructor).toBe('y');
  expect(query['year[]']).toBe('1');
  expect(query.year).toBeUndefined();
  expect(Object.getPrototypeOf(query)).toBeNull();
});

/** What URLSearchParams reads: the first value of each key, as sorted entries. */
function firstValues(search: string): [string, string][] {
  const query = new Map<string, string>();
  for (const [key, value] of new URLSearchParams(search)) if (!query.has(key)) query.set(key, value);
  return [...query].sort();
}

it('reads any query string as URLSearchParams does', () => {
  // Pieces that matter to a query parser: separators, escapes valid and broken, UTF-8
  // sequences cut short, surrogates, non-ASCII text.
  const piece = fc.constantFrom(
    '&',
    '=',
    '+',
    '?',
    '%',
    '%2',
    '%20',
    '%25',
    '%2B',
    '%3D',
    '%26',
    '%C3%A1',
    '%c3%a1',
    '%C3',
    '%A1',
    '%E0%A4%A',
    '%ED%A0%80',
    '%F0%9F%98%80',
    '%FF',
    '%zz',
    'name',
    'year',
    'a',
    '__proto__',
    'é',
    '😀',
    '\uD800',
    ' ',
    '\t',
  );
  const query = fc.oneof(
    fc.array(piece, { maxLength: 12 }).map((pieces) => pieces.join('')),
    fc.string(),
    fc.string({ unit: 'binary' }),
  );
  fc.assert(
    fc.property(query, (search) => {
      const parsed = parseQuery(search);
      expect(Object.getPrototypeOf(parsed)).toBeNull();
      expect(Object.entries(parsed).sort()).toEqual(firstValues(search));
    }),
    { numRuns: 2000 },
  );
});

it('drops one leading question mark, as URLSearchParams', () => {
  expect({ ...parseQuery('?year=2024') }).toEqual({ year: '2024' });
  expect({ ...parseQuery('??year=2024') }).toEqual({ '?year': '2024' });
  expect({ ...parseQuery('a&&b=&=c&d==e') }).toEqual({ a: '', b: '', '': 'c', d: '=e' });
});
