/**
 * Whatever query string arrives, every operation answers one of its statuses in the spec
 * (or 400/413/414/431 from the HTTP layer) with a JSON body of the spec's shape: no crash,
 * no hang, no stack trace. Requests are written byte for byte on a socket, so invalid
 * percent-encodings, control characters and raw non-ASCII bytes reach the server.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSeededServer, type SeededServer } from '../support/server.js';
import { getRequest, rawRequest, SECURITY_HEADERS } from '../support/raw-http.js';

const SCHOOL = 'Ikastola Txori Berri';

let seeded: SeededServer;
let port: number;

beforeAll(async () => {
  seeded = await startSeededServer({}, [
    { name: 'Ane Garcia Lopez', school: SCHOOL, year: 2024 },
    { name: 'Ana Ruiz_Sanz 100% Olano', school: SCHOOL, year: 2023 },
    { name: 'Jon .* Peña [a-z] Goñi', school: 'Colegio (Viejo) \\ 50%', year: 2022 },
    { name: "Miren O'Neill ' OR 1=1 --", school: SCHOOL, year: 2021 },
  ]);
  port = seeded.port;
});

afterAll(async () => {
  await seeded?.close();
});

/** Statuses the HTTP layer may answer for malformed or oversized requests. */
const HTTP_LAYER = [400, 413, 414, 431];

type Shape = (body: unknown) => boolean;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const hasKeys = (value: Record<string, unknown>, keys: string[]) =>
  Object.keys(value).sort().join() === [...keys].sort().join();
const isStringArray = (value: unknown) => Array.isArray(value) && value.every((v) => typeof v === 'string');
const isCategoryRecord = (value: unknown) =>
  isObject(value) &&
  hasKeys(value, ['category', 'public_data', 'summary']) &&
  typeof value.category === 'string';

const OPERATIONS: { path: string; keys: string[]; statuses: number[]; ok: Shape }[] = [
  {
    path: '/api/ping',
    keys: [],
    statuses: [200],
    ok: (b) => isObject(b) && hasKeys(b, ['ok', 'message']) && b.ok === true && typeof b.message === 'string',
  },
  {
    path: '/api/years',
    keys: [],
    statuses: [200, 404, 500],
    ok: (b) => isObject(b) && hasKeys(b, ['years']) && isStringArray(b.years),
  },
  {
    path: '/api/statistics',
    keys: ['year'],
    statuses: [200, 404, 500],
    ok: (b) =>
      isObject(b) &&
      (hasKeys(b, ['isUpdating']) ||
        (hasKeys(b, ['isUpdating', 'year', 'total_categories', 'statistics']) &&
          b.isUpdating === false &&
          typeof b.year === 'string' &&
          typeof b.total_categories === 'number' &&
          isObject(b.statistics) &&
          Object.values(b.statistics).every((list) => Array.isArray(list) && list.every(isCategoryRecord)))),
  },
  {
    path: '/api/category',
    keys: ['year', 'category'],
    statuses: [200, 400, 404, 500],
    ok: (b) =>
      isObject(b) &&
      hasKeys(b, ['stats']) &&
      Array.isArray(b.stats) &&
      b.stats.length === 1 &&
      isCategoryRecord(b.stats[0]),
  },
  {
    path: '/api/companies',
    keys: [],
    statuses: [200, 404, 500],
    ok: (b) => isObject(b) && hasKeys(b, ['companies']) && isStringArray(b.companies),
  },
  {
    path: '/api/participants',
    keys: ['name', 'company'],
    statuses: [200, 400, 500],
    ok: (b) =>
      isObject(b) &&
      hasKeys(b, ['participants']) &&
      Array.isArray(b.participants) &&
      b.participants.every(
        (p) =>
          isObject(p) &&
          hasKeys(p, ['name', 'school', 'year']) &&
          typeof p.name === 'string' &&
          typeof p.school === 'string' &&
          typeof p.year === 'number',
      ),
  },
];

const isErrorBody: Shape = (b) =>
  isObject(b) &&
  typeof b.error === 'string' &&
  Object.keys(b).every((key) => key === 'error' || key === 'details') &&
  (b.details === undefined || typeof b.details === 'string');

/** Stack frames, source files, folders of this machine. */
const LEAK = /\n\s+at\s|\bat\s+\S+\s+\(|node_modules|\.(?:ts|js):\d+|\/(?:tmp|home|root|work|src|test)\//;

const METACHARACTERS = [
  '%',
  '_',
  '*',
  '.*',
  '\\',
  '\\\\',
  '%%',
  '% % %',
  '_ _ _',
  '.* .* .*',
  '[a-z]',
  '[^]',
  '(?:)',
  '^$',
  '$',
  '|',
  '+',
  '?',
  '{0,}',
  "' OR '1'='1",
  "'; DROP TABLE participants; --",
  '" OR ""="',
  '1; SELECT 1',
  '\u200f',
  '\u202e',
  '\u200e',
  '\u200b',
  '\u2066',
  '\ufeff',
  '\u0000',
  '\u0007',
  '\u001b[2J',
  '\r\n',
  '\n',
  'Ane\u0301 Garci\u0301a Lo\u0301pez',
  'ANE GARCIA LOPEZ',
  '😀 🥁 🥁',
  'İstanbul I ı',
  'ß ẞ ﬀ',
];
const REALISTIC = ['2024', '2023', 'global', '1999', '20240', 'GLOBAL', 'intro', 'topNamesByYear', SCHOOL];
const INVALID_PERCENT = [
  '%',
  '%z',
  '%zz',
  '%4',
  '%E0%A4',
  '%C0%AF',
  '%ED%A0%80',
  '%FF',
  '%F0%9F',
  '%00',
  '%%41',
];
const ODD_KEYS = [
  'year[]',
  'year[0]',
  'name[]',
  'name[0]',
  'company[]',
  'name[first]',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '__proto__[year]',
  'constructor[prototype][name]',
  'NAME',
  ' name',
  'name ',
  'na%6De',
  'year%00',
  '',
];

/** Every character percent-encoded from its UTF-8 bytes (lone surrogates become U+FFFD). */
const percentEncode = (text: string, plus: boolean) =>
  [...Buffer.from(text, 'utf8')]
    .map((byte) =>
      plus && byte === 0x20
        ? '+'
        : /[A-Za-z0-9\-._~]/.test(String.fromCharCode(byte))
          ? String.fromCharCode(byte)
          : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');

const valueArb = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 3, arbitrary: fc.constantFrom(...METACHARACTERS) },
  { weight: 2, arbitrary: fc.constantFrom(...REALISTIC) },
  {
    weight: 2,
    arbitrary: fc
      .array(fc.constantFrom(...METACHARACTERS, ...REALISTIC, 'Ane', 'Garcia', 'Lopez', ' '), {
        minLength: 1,
        maxLength: 8,
      })
      .map((parts) => parts.join(' ')),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.constantFrom('a', 'ñ', '%', '\u200f', '\0', 'Ane Garcia Lopez '),
        fc.constantFrom(1000, 7000, 100_000),
      )
      .map(([piece, size]) => piece.repeat(Math.ceil(size / piece.length))),
  },
);

type Encoding = 'percent' | 'plus' | 'raw' | 'broken';
const pairArb = (keys: string[]) =>
  fc.record({
    key: fc.oneof(
      { weight: 1, arbitrary: keys.length > 0 ? fc.constantFrom(...keys) : fc.constant('x') },
      { weight: 3, arbitrary: fc.constantFrom(...ODD_KEYS) },
      { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 8 }) },
    ),
    value: valueArb,
    encoding: fc.constantFrom<Encoding>('percent', 'percent', 'percent', 'plus', 'raw', 'broken'),
    broken: fc.constantFrom(...INVALID_PERCENT),
    withoutEquals: fc.boolean(),
  });

function encodePair(pair: {
  key: string;
  value: string;
  encoding: Encoding;
  broken: string;
  withoutEquals: boolean;
}): Buffer {
  const key = percentEncode(pair.key, false);
  if (pair.withoutEquals && pair.value.length < 50) return Buffer.from(key, 'latin1');
  switch (pair.encoding) {
    case 'raw':
      return Buffer.concat([Buffer.from(`${key}=`, 'latin1'), Buffer.from(pair.value, 'utf8')]);
    case 'broken':
      return Buffer.from(`${key}=${percentEncode(pair.value, false)}${pair.broken}`, 'latin1');
    default:
      return Buffer.from(`${key}=${percentEncode(pair.value, pair.encoding === 'plus')}`, 'latin1');
  }
}

/** Values that pass some or all of the validation, so that every branch is reached. */
const PLAUSIBLE: Record<string, fc.Arbitrary<string>> = {
  year: fc.constantFrom('2024', '2023', '2022', 'global', '1999', '2021', '024', 'Global'),
  category: fc.constantFrom(
    'intro',
    'topNamesByYear',
    'totalParticipantsByYear',
    'namesDiversity',
    'topnames',
  ),
  name: fc.oneof(
    fc.constantFrom(
      'Ane Garcia Lopez',
      'ane garcía lópez',
      'Ruiz_Sanz 100% Olano',
      "O'Neill ' OR 1",
      'e Garcia Lo',
    ),
    fc
      .tuple(
        fc.array(
          fc.constantFrom('Ane', 'garcia', 'LÓPEZ', 'Lopez', 'Ruiz_Sanz', '100%', "O'Neill", '%', '_'),
          {
            minLength: 3,
            maxLength: 5,
          },
        ),
        fc.option(valueArb),
      )
      .map(([parts, extra]) => [...parts, ...(extra === null ? [] : [extra])].join(' ')),
  ),
  company: fc.oneof(
    { weight: 3, arbitrary: fc.constant(SCHOOL) },
    { weight: 1, arbitrary: fc.constantFrom('Colegio (Viejo) \\ 50%', SCHOOL.toLowerCase()) },
    { weight: 1, arbitrary: valueArb },
  ),
};

/** The operation's own parameters (each present seven times in eight), then noise, shuffled. */
const queryArb = (keys: string[]) =>
  fc
    .tuple(
      fc.tuple(
        ...keys.map((key) =>
          fc.option(
            fc.record({
              key: fc.constant(key),
              value: fc.oneof({ weight: 3, arbitrary: PLAUSIBLE[key]! }, { weight: 1, arbitrary: valueArb }),
              encoding: fc.constantFrom<Encoding>(
                'percent',
                'plus',
                'percent',
                'plus',
                'percent',
                'broken',
                'raw',
              ),
              broken: fc.constantFrom(...INVALID_PERCENT),
              withoutEquals: fc.constant(false),
            }),
            { freq: 8 },
          ),
        ),
      ),
      fc.array(pairArb(keys), { minLength: 0, maxLength: 4 }),
      fc.constantFrom('&', '&', '&', '&&', ';', '&amp;'),
      fc.constantFrom('', '', '&', '?'),
    )
    .chain(([wanted, noise, separator, lead]) =>
      fc
        .shuffledSubarray([...wanted.filter((pair) => pair !== null), ...noise], {
          minLength: wanted.filter((pair) => pair !== null).length + noise.length,
        })
        .map((pairs) =>
          Buffer.concat([
            Buffer.from(lead, 'latin1'),
            ...pairs.flatMap((pair, i) =>
              i === 0 ? [encodePair(pair)] : [Buffer.from(separator), encodePair(pair)],
            ),
          ]),
        ),
    );

describe('arbitrary query strings keep the contract', () => {
  it.each(OPERATIONS)('$path', async (operation) => {
    await fc.assert(
      fc.asyncProperty(queryArb(operation.keys), async (query) => {
        const target = Buffer.concat([Buffer.from(`${operation.path}?`), query]);
        const { answer, end } = await rawRequest(port, getRequest(target), { timeoutMs: 5000 });
        expect(end).not.toBe('timeout');
        expect(answer).toBeDefined();
        const { status, headers, text } = answer!;
        expect([...operation.statuses, ...HTTP_LAYER]).toContain(status);
        expect(headers['content-type']).toBe('application/json; charset=utf-8');
        expect(headers).toMatchObject(SECURITY_HEADERS);
        const body = JSON.parse(text) as unknown;
        expect(status === 200 ? operation.ok(body) : isErrorBody(body)).toBe(true);
        expect(text).not.toMatch(LEAK);
      }),
      { numRuns: 200 },
    );
    const { answer } = await rawRequest(port, getRequest('/api/ping'));
    expect(answer?.status).toBe(200);
  });

  it('keeps the first of repeated keys and ignores bracketed and prototype keys', async () => {
    const target =
      '/api/participants?__proto__=x&constructor=y&name[]=z&name=Ane+Garcia+Lopez&company=' +
      `${percentEncode(SCHOOL, true)}&name=Jon+Pe%C3%B1a+Go%C3%B1i&company[0]=x`;
    const { answer } = await rawRequest(port, getRequest(target));
    expect(answer?.status).toBe(200);
    expect(JSON.parse(answer!.text)).toEqual({
      participants: [{ name: 'Ane Garcia Lopez', school: SCHOOL, year: 2024 }],
    });
  });
});
