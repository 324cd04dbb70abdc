/**
 * Participant search is a literal substring match: no character of the input is a
 * wildcard (`%`, `_`, `*`, `.*`, `\`, brackets…), so no input lists more than the records
 * whose normalised name contains the normalised input (spec 4.6, rules 2 and 4). And its
 * time grows linearly with the length of the input.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeName, searchKey } from '../../src/domain/names.js';
import type { ParticipantRecord } from '../../src/domain/types.js';
import { decideParticipants } from '../../src/domain/validation.js';
import { ParticipantIndex, shelvesOf } from '../../src/read-model/participant-index.js';
import type { RunningServer } from '../../src/server.js';
import { startTestServer } from '../support/server.js';
import { createSqliteFixture, type StoreFixture } from '../support/store-fixture.js';

/** Characters that are wildcards or escapes somewhere (SQL LIKE, regular expressions, globs). */
const METACHARACTERS = [
  '%',
  '_',
  '*',
  '.',
  '\\',
  '[',
  ']',
  '(',
  ')',
  '^',
  '$',
  '|',
  '?',
  '+',
  '{',
  '}',
  "'",
  '"',
];

/** Small pieces, so that names share words and inputs often hit or nearly hit them. */
const PIECES = [
  ...METACHARACTERS,
  '.*',
  '%%',
  '\\%',
  'a',
  'an',
  'ane',
  'Ane',
  'ANE',
  'ñ',
  'n',
  'á',
  'a\u0301',
  'garcia',
  'García',
  'İ',
  'ß',
  'ss',
  '\u200f',
];

const wordArb = fc
  .array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 3 })
  .map((pieces) => pieces.join(''));
const nameArb = fc.array(wordArb, { minLength: 1, maxLength: 5 }).chain((words) =>
  fc
    .array(fc.constantFrom(' ', ' ', '  ', '\t', '\u00a0'), {
      minLength: words.length,
      maxLength: words.length,
    })
    .map((spaces) => words.map((word, i) => (i === 0 ? word : spaces[i]! + word)).join('')),
);
const SCHOOLS = ['Ikastola 100%', 'Colegio_*'];
const recordsArb = fc.array(
  fc.record({
    name: nameArb,
    school: fc.constantFrom(...SCHOOLS),
    year: fc.integer({ min: 2000, max: 2025 }),
  }),
  { minLength: 1, maxLength: 40 },
);

/** An input: part of a stored name (case and accents changed), or any name from the same pieces. */
const inputArb = (records: ParticipantRecord[]) =>
  fc.oneof(
    nameArb,
    fc
      .tuple(
        fc.constantFrom(...records),
        fc.nat(),
        fc.nat(),
        fc.constantFrom('same', 'upper', 'lower', 'accent'),
      )
      .map(([record, a, b, change]) => {
        const start = a % (record.name.length + 1);
        const piece = record.name.slice(start, start + (b % (record.name.length + 1 - start) || 1) + 0);
        const whole = piece.length < 3 ? record.name : piece;
        switch (change) {
          case 'upper':
            return whole.toUpperCase();
          case 'lower':
            return whole.toLowerCase();
          case 'accent':
            return whole.replace(/a/g, 'á').replace(/n/g, 'ñ');
          default:
            return whole;
        }
      }),
    fc
      .array(fc.constantFrom('%', '_', '*', '.*', '\\', '[a-z]', '(.*)', '%%', '?', '^', '$', '|'), {
        minLength: 3,
        maxLength: 5,
      })
      .map((parts) => parts.join(' ')),
  );

/** `min` to `max` words drawn from a few short ones, so that matches are frequent. */
const fewWords = (word: fc.Arbitrary<string>, min: number, max: number) =>
  fc.array(word, { minLength: min, maxLength: max }).map((list) => list.join(' '));

/** Up to 30 records of one school, named with 1 to `maxWords` such words. */
const fewWordRecords = (word: fc.Arbitrary<string>, maxWords: number) =>
  fc.array(
    fc.record({
      name: fewWords(word, 1, maxWords),
      school: fc.constant(SCHOOLS[0]!),
      year: fc.integer({ min: 2000, max: 2025 }),
    }),
    { minLength: 1, maxLength: 30 },
  );

interface Found {
  name: string;
  school: string;
  year: number;
}

function search(index: ParticipantIndex, name: string, company: string): Found[] | 'rejected' {
  const decision = decideParticipants({ name, company });
  if (decision.kind !== 'ok') return 'rejected';
  return index.search(decision.normalizedName, decision.company)?.matches ?? [];
}

/** The spec's rule, written out: the normalised record name contains the normalised input. */
const literallyContains = (storedName: string, input: string) =>
  searchKey(storedName).includes(normalizeName(input).toLowerCase());

const sortKey = (p: Found) => `${p.year}\u0000${p.name}`;

describe('literal search, no enumeration', () => {
  it('finds exactly the records whose normalised name contains the normalised input', () => {
    fc.assert(
      fc.property(
        recordsArb.chain((records) =>
          fc.tuple(fc.constant(records), inputArb(records), fc.constantFrom(...SCHOOLS)),
        ),
        ([records, input, school]) => {
          const found = search(new ParticipantIndex(shelvesOf(records)), input, school);
          if (found === 'rejected') return;
          const expected = records.filter((r) => r.school === school && literallyContains(r.name, input));
          // Sound: nothing that does not contain the input literally (no wildcard widened the match)…
          for (const participant of found) {
            expect(participant.school).toBe(school);
            expect(literallyContains(participant.name, input)).toBe(true);
          }
          // …and complete, newest year first.
          expect(found.map(sortKey).sort()).toEqual(
            expected.map((r) => sortKey({ name: r.name, school: r.school, year: r.year })).sort(),
          );
          expect(found.map((p) => p.year)).toEqual([...found.map((p) => p.year)].sort((a, b) => b - a));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('the same with few distinct words, so that wildcards would often widen a match', () => {
    const word = fc.constantFrom('a', 'b', 'ab', '%', '_', '*', '.*', 'a%', '%b', 'a_b', '\\', 'A', 'á');
    fc.assert(
      fc.property(fewWordRecords(word, 6), fewWords(word, 3, 5), (records, input) => {
        const found = search(new ParticipantIndex(shelvesOf(records)), input, SCHOOLS[0]!);
        if (found === 'rejected') return;
        const expected = records.filter((r) => literallyContains(r.name, input));
        for (const participant of found) expect(literallyContains(participant.name, input)).toBe(true);
        expect(found).toHaveLength(expected.length);
      }),
      { numRuns: 2000 },
    );
  });

  it('an input of one or two parts (a scan of the whole school) matches within one name only', () => {
    // The HTTP operation needs three parts; the index also answers shorter needles by
    // scanning its packed keys, where a match must never run from one name into the next.
    const word = fc.constantFrom('a', 'b', 'ab', 'ba', '%', '_', 'á', 'A');
    fc.assert(
      fc.property(fewWordRecords(word, 4), fewWords(word, 1, 2), (records, input) => {
        const found =
          new ParticipantIndex(shelvesOf(records)).search(normalizeName(input), SCHOOLS[0]!)?.matches ?? [];
        const expected = records.filter((r) => literallyContains(r.name, input));
        expect(found.map(sortKey).sort()).toEqual(
          expected.map((r) => sortKey({ name: r.name, school: r.school, year: r.year })).sort(),
        );
      }),
      { numRuns: 2000 },
    );
  });

  it('wildcard-only inputs find nothing in names without those characters', () => {
    const plain = Array.from({ length: 200 }, (_, i) => ({
      name: `Ane${i} Garcia Lopez Etxeberria`,
      school: SCHOOLS[0]!,
      year: 2000 + (i % 25),
    }));
    const index = new ParticipantIndex(shelvesOf(plain));
    fc.assert(
      fc.property(
        fc
          .array(fc.constantFrom(...METACHARACTERS, '.*', '%%', '[a-z]', '(.*)', '\\d+', '[^]*', '*?'), {
            minLength: 1,
            maxLength: 4,
          })
          .chain((word) =>
            fc.array(fc.constant(word.join('')), { minLength: 3, maxLength: 5 }).map((w) => w.join(' ')),
          ),
        (input) => {
          expect(search(index, input, SCHOOLS[0]!)).toEqual([]);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('a school with more distinct words than 16 bits can number is searched the same way', () => {
    // Its word ids take 32 bits (a smaller school's take 16).
    const records = Array.from({ length: 70_000 }, (_, i) => ({
      name: `Ane${i} Garcia${i % 7} Lopez${i % 11} Etxeberria`,
      school: SCHOOLS[0]!,
      year: 2000 + (i % 25),
    }));
    const shelves = shelvesOf(records);
    expect(shelves.get(SCHOOLS[0]!)!.nextWord).toBeInstanceOf(Uint32Array);
    const index = new ParticipantIndex(shelves);
    fc.assert(
      fc.property(fc.nat(69_999), fc.nat(3), fc.constantFrom('', ' Etxeberria', ' Etx'), (i, cut, tail) => {
        // The first part may begin inside a word, the last one may be cut short.
        const input = `${`Ane${i}`.slice(cut)} Garcia${i % 7} Lopez${i % 11}${tail}`;
        const expected = records.filter((r) => literallyContains(r.name, input));
        expect(search(index, input, SCHOOLS[0]!)).toHaveLength(expected.length);
        expect(expected.length).toBeGreaterThan(0);
      }),
      { numRuns: 200 },
    );
  });
});

describe('literal search through the server', () => {
  let fixture: StoreFixture;
  let server: RunningServer;
  const SCHOOL = 'Ikastola Txori Berri';

  beforeAll(async () => {
    fixture = await createSqliteFixture();
    await fixture.insertParticipants(
      Array.from({ length: 60 }, (_, i) => ({
        name: `Ane ${['Garcia', 'Lopez', 'Ruiz'][i % 3]} Etxeberria${i}`,
        school: SCHOOL,
        year: 2000 + (i % 25),
      })),
    );
    server = await startTestServer(() => fixture.openReadStore(), { pollIntervalMs: 1000 });
  });

  afterAll(async () => {
    await server?.close();
    await fixture?.dispose();
  });

  it('an input of wildcards and stored words never lists a school', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.constantFrom(
            '%',
            '_',
            '*',
            '.*',
            '\\',
            '%Garcia%',
            'Ane%',
            '_ne',
            'Ane',
            'Garcia',
            '.*Lopez',
            '[A-Z]+',
          ),
          { minLength: 3, maxLength: 5 },
        ),
        async (parts) => {
          const name = parts.join(' ');
          const response = await fetch(
            `${server.url}/api/participants?name=${encodeURIComponent(name)}&company=${encodeURIComponent(SCHOOL)}`,
          );
          const body = (await response.json()) as { participants?: Found[]; error?: string };
          if (response.status === 200) {
            for (const p of body.participants!) expect(literallyContains(p.name, name)).toBe(true);
          } else {
            expect([response.status, body]).toEqual([500, { error: 'Error: No participants found' }]);
          }
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('search time grows linearly with the input', () => {
  /**
   * Best of several runs, in ms of this process's CPU time: the least disturbed by GC, and
   * not by other processes (by the clock, the ratio went past its bound with a second suite
   * beside this one).
   */
  function timeOf(run: () => unknown, repeat = 7): number {
    let best = Infinity;
    for (let i = 0; i < repeat; i++) {
      const started = process.cpuUsage();
      run();
      const { user, system } = process.cpuUsage(started);
      best = Math.min(best, (user + system) / 1000);
    }
    return best;
  }

  const SIZES = [16_000, 32_000, 64_000, 128_000, 256_000];

  it.each([
    [
      'names that never match',
      (i: number) => `Ane${i} Garcia Lopez`,
      (size: number) => 'xyz '.repeat(size / 4),
    ],
    [
      // Near misses everywhere: the worst case of a naive substring search.
      'repetitive names and an input that almost matches',
      () => 'aaaaaaaa aaaaaaaa aaaaaaaa aaaaaaaa',
      (size: number) => `${'aaaaaaaa '.repeat(size / 9)}b`,
    ],
    [
      'an input of accents and spaces to normalise',
      (i: number) => `Ane${i} Garcia Lopez`,
      (size: number) => 'a\u0301 \t '.repeat(size / 5),
    ],
  ])('%s', (_title, storedName, input) => {
    const index = new ParticipantIndex(
      shelvesOf(
        Array.from({ length: 20_000 }, (_, i) => ({
          name: storedName(i),
          school: 'S',
          year: 2000 + (i % 25),
        })),
      ),
    );
    const times = SIZES.map((size) => {
      const name = input(size);
      return timeOf(() => {
        const decision = decideParticipants({ name, company: 'S' });
        if (decision.kind === 'ok') index.search(decision.normalizedName, 'S');
      });
    });
    const ratio = SIZES[SIZES.length - 1]! / SIZES[0]!;
    // Linear: 16 times the input takes about 16 times as long (at most); quadratic would be 256.
    // A floor of 1 ms on the small case keeps timer noise out of the ratio.
    expect(times[times.length - 1]!).toBeLessThan(Math.max(times[0]!, 1) * ratio * 2.5);
    expect(times[times.length - 1]!).toBeLessThan(1000);
  });
});

describe('what a search shows, as the search budgets count it', () => {
  it('the distinct names of the answer, and the school’s distinct names as its children', () => {
    const word = fc.constantFrom('a', 'b', 'ab', 'Ab', 'á', '%');
    fc.assert(
      fc.property(fewWordRecords(word, 4), fewWords(word, 3, 4), (records, input) => {
        const index = new ParticipantIndex(shelvesOf(records));
        expect(index.childrenOf(SCHOOLS[0]!)).toBe(new Set(records.map((r) => searchKey(r.name))).size);
        expect(index.childrenOf('Nowhere')).toBeUndefined();
        const found = index.search(normalizeName(input), SCHOOLS[0]!);
        if (found === undefined) return;
        const shown = found.matches.map((p) => searchKey(p.name));
        expect([...found.names].sort()).toEqual([...new Set(shown)].sort());
      }),
      { numRuns: 1000 },
    );
  });
});
