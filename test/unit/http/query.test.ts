import { expect, it } from 'vitest';
import { parseQuery } from '../../../src/http/query.js';
import { redactUrl } from '../../../src/cli/logger.js';

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

it('redacts every name parameter before logging', () => {
  expect(redactUrl('/api/participants?name=Ane%20Garcia%20Lopez&company=X')).toBe(
    '/api/participants?name=[redacted]&company=X',
  );
  expect(redactUrl('/api/participants?company=X&%6Eame=Ane+G+L&name[]=Jon&NAME=z')).toBe(
    '/api/participants?company=X&%6Eame=[redacted]&name[]=[redacted]&NAME=[redacted]',
  );
  expect(redactUrl('/api/years')).toBe('/api/years');
});
