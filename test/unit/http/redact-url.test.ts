import fc from 'fast-check';
import { expect, it } from 'vitest';
import { redactUrl } from '../../../src/http/redact-url.js';

it.each([
  // The search: no query value, and no key, of any kind.
  ['/api/participants?name=Ane%20Garcia%20Lopez&company=X', '/api/participants?[redacted]'],
  ['/api/participants?company=Ikastola%20Ane%20Garcia&name=x', '/api/participants?[redacted]'],
  ['/api/participants?nam%C3%A9=Ane%20Garcia%20Lopez', '/api/participants?[redacted]'],
  ['/api/participants;name=Ane?company=X', '/api/participants?[redacted]'],
  ['/api/participants/?name=Ane', '/api/participants?[redacted]'],
  ['/buscar?name=Ane&company=X', '/buscar?[redacted]'],
  ['/api/participants', '/api/participants'],
  // Other paths keep `year` and `category` while they look like a year and a category.
  ['/api/statistics?year=2024', '/api/statistics?year=2024'],
  ['/api/category?year=global&category=topNames', '/api/category?year=global&category=topNames'],
  ['/api/category?year=Ane%20Garcia&category=x;y', '/api/category?year=[redacted]&category=[redacted]'],
  ['/api/years?name=Ane&%6Eame=Jon&NAME=z', '/api/years?[redacted]&[redacted]&[redacted]'],
  ['/nope?Ane%20Garcia%20Lopez', '/nope?[redacted]'],
  ['/api/years;Ane%20Garcia?year=2024', '/api/years;[redacted]?year=2024'],
  ['/api/years', '/api/years'],
])('%s is logged as %s', (url, logged) => {
  expect(redactUrl(url)).toBe(logged);
});

it('no word of a query but a year or a category reaches the log, however it is placed', () => {
  const word = fc.stringMatching(/^[A-Za-zñÑ]{5,12}$/).filter((w) => !/^(?:global|year|category)$/i.test(w));
  const encodings = fc.constantFrom(
    (w: string) => w,
    (w: string) => encodeURIComponent(w),
    (w: string) => [...Buffer.from(w)].map((byte) => `%${byte.toString(16)}`).join(''),
  );
  const place = fc.constantFrom(
    (w: string) => `?name=${w}`,
    (w: string) => `?company=${w}`,
    (w: string) => `?${w}=1`,
    (w: string) => `?year=2024&x=${w}`,
    (w: string) => `?year=${w}`,
    (w: string) => `?category=${w}`,
    (w: string) => `;${w}`,
    (w: string) => `?name=a;${w}`,
  );
  const path = fc.constantFrom('/api/participants', '/api/years', '/api/category', '/nope', '/buscar');
  fc.assert(
    fc.property(word, encodings, place, path, (secret, encode, where, base) => {
      const logged = redactUrl(base + where(encode(secret)));
      expect(logged.toLowerCase()).not.toContain(secret.toLowerCase());
      expect(logged).not.toContain(encode(secret));
    }),
    { numRuns: 500 },
  );
});
