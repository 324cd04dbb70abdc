import fc from 'fast-check';
import { expect, it } from 'vitest';
import { loggedUrl } from '../../../src/http/observer.js';
import { parseQuery } from '../../../src/http/query.js';

const logged = (template: string | null, query: string, pathValue?: string) =>
  loggedUrl(template, pathValue, parseQuery(query));

it.each([
  // The search: no query value, and no key, of any kind.
  ['/api/participants', 'name=Ane%20Garcia%20Lopez&company=X', undefined, '/api/participants?[redacted]'],
  ['/api/participants', 'nam%C3%A9=Ane%20Garcia%20Lopez', undefined, '/api/participants?[redacted]'],
  ['/buscar', 'name=Ane&company=X', undefined, '/buscar?[redacted]'],
  ['/api/participants', '', undefined, '/api/participants'],
  // Known values of `year` and `category` are kept, anything else is marked once.
  ['/api/statistics', 'year=2024', undefined, '/api/statistics?year=2024'],
  [
    '/api/category',
    'year=global&category=topNames',
    undefined,
    '/api/category?year=global&category=topNames',
  ],
  ['/api/category', 'year=Ane%20Garcia&category=x;y', undefined, '/api/category?[redacted]'],
  ['/api/category', 'category=intro&name=Ane', undefined, '/api/category?category=intro&[redacted]'],
  ['/api/years', 'name=Ane&%6Eame=Jon&NAME=z', undefined, '/api/years?[redacted]'],
  // A path parameter: its value when known, else the template.
  ['/estadisticas/:year', '', '2024', '/estadisticas/2024'],
  ['/estadisticas/:year', '', 'Ane Garcia', '/estadisticas/:year'],
  // No route: nothing of the path or the query.
  [null, 'name=Ane', undefined, '[unknown path]'],
])('%s ? %s (%s) is logged as %s', (template, query, pathValue, expected) => {
  expect(logged(template, query, pathValue)).toBe(expected);
});

it('no word of a query or a path but a year or a category reaches the log, however it is placed', () => {
  const word = fc.stringMatching(/^[A-Za-zñÑ]{5,12}$/).filter((w) => !/^(?:global|year|category)$/i.test(w));
  const encodings = fc.constantFrom(
    (w: string) => w,
    (w: string) => encodeURIComponent(w),
    (w: string) => [...Buffer.from(w)].map((byte) => `%${byte.toString(16)}`).join(''),
  );
  const place = fc.constantFrom(
    (w: string) => `name=${w}`,
    (w: string) => `company=${w}`,
    (w: string) => `${w}=1`,
    (w: string) => `year=2024&x=${w}`,
    (w: string) => `year=${w}`,
    (w: string) => `category=${w}`,
    (w: string) => `name=a;${w}`,
  );
  const template = fc.constantFrom(
    '/api/participants',
    '/api/years',
    '/api/category',
    '/estadisticas/:year',
    null,
  );
  fc.assert(
    fc.property(word, encodings, place, template, (secret, encode, where, route) => {
      const url = logged(route, where(encode(secret)), secret);
      expect(url.toLowerCase()).not.toContain(secret.toLowerCase());
      expect(url).not.toContain(encode(secret));
    }),
    { numRuns: 500 },
  );
});
