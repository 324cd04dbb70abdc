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

it('drops one leading question mark, as URLSearchParams', () => {
  expect({ ...parseQuery('?year=2024') }).toEqual({ year: '2024' });
  expect({ ...parseQuery('??year=2024') }).toEqual({ '?year': '2024' });
  expect({ ...parseQuery('a&&b=&=c&d==e') }).toEqual({ a: '', b: '', '': 'c', d: '=e' });
});
