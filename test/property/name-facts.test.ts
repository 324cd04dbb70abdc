/**
 * The name facts add up: over any participant list, each edition's shown counts of first
 * names (and of surnames) plus the records of the names withheld there make the edition's
 * records; a name has facts exactly when at least k children (distinct whole names) bear
 * it in an edition, and its count of an edition is shown exactly when at least k of that
 * edition's children do.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { searchKey } from '../../src/domain/names.js';
import { type NameKind } from '../../src/domain/statistics/name-facts.js';
import { splitFullName } from '../../src/domain/statistics/split-name.js';
import type { ParticipantRecord } from '../../src/domain/types.js';
import { NameIndex } from '../../src/read-model/name-index.js';
import { nameFactsOf } from '../support/statistics.js';

const FIRST = ['Ane', 'ANE', 'Jon', 'Jon Ander', 'Iñaki', 'Inaki', 'Mikel'];
const SURNAMES = ['Garcia', 'garcia', 'Lopez de Munain', 'de la Fuente', 'Ruiz', 'Olano'];
const SCHOOLS = ['Ikastola Alfa', 'Colegio Beta', ' Colegio Beta ', ''];
const YEARS = [2022, 2023, 2024, 2025];
const EDITIONS = [2023, 2024, 2025]; // 2022 is not published

const record = fc
  .record({
    first: fc.constantFrom(...FIRST),
    surnames: fc.array(fc.constantFrom(...SURNAMES), { minLength: 1, maxLength: 2 }),
    school: fc.constantFrom(...SCHOOLS),
    year: fc.constantFrom(...YEARS),
  })
  .map(({ first, surnames, school, year }) => ({ name: [first, ...surnames].join(' '), school, year }));

/** The keys a record bears of a kind, each once: the oracle, from the split alone. */
function keysOf(kind: NameKind, name: string): string[] {
  const { firstName, surnames } = splitFullName(name);
  if (firstName === '') return [];
  const keys = kind === 'firstName' ? [firstName] : surnames;
  return [...new Set(keys.map((key) => key.toLowerCase()))];
}

/** Records and distinct children per key, in one edition or (year undefined) all of them. */
function counted(records: readonly ParticipantRecord[], kind: NameKind, year?: number) {
  const found = new Map<string, { records: number; children: Set<string> }>();
  for (const { name, year: at } of records) {
    if (!EDITIONS.includes(at) || (year !== undefined && at !== year)) continue;
    for (const key of keysOf(kind, name)) {
      const entry = found.get(key) ?? { records: 0, children: new Set<string>() };
      entry.records++;
      entry.children.add(searchKey(name));
      found.set(key, entry);
    }
  }
  return found;
}

describe('name facts over generated participant lists', () => {
  it('add up, and withhold exactly what fewer than k children bear', () => {
    fc.assert(
      fc.property(fc.array(record, { maxLength: 60 }), fc.integer({ min: 1, max: 4 }), (records, k) => {
        const facts = nameFactsOf(records, EDITIONS, k);
        const index = new NameIndex(facts);
        expect(facts.participants).toEqual(
          EDITIONS.map((year) => records.filter((row) => row.year === year).length),
        );
        for (const [kind, list] of [
          ['firstName', facts.firstNames],
          ['surname', facts.surnames],
        ] as const) {
          const overall = counted(records, kind);
          const reachesInAnEdition = (key: string) =>
            EDITIONS.some((year) => (counted(records, kind, year).get(key)?.children.size ?? 0) >= k);
          const withFacts = [...overall.keys()].filter(reachesInAnEdition);
          expect(list.map((fact) => fact.key).sort()).toEqual(withFacts.sort());
          for (const key of overall.keys())
            if (!reachesInAnEdition(key)) expect(index.lookup(kind, key)).toBeUndefined();
          EDITIONS.forEach((year, e) => {
            const inEdition = counted(records, kind, year);
            const all = [...inEdition.values()].reduce((sum, entry) => sum + entry.records, 0);
            const shown = list.reduce((sum, fact) => sum + (fact.editions[e]!.count ?? 0), 0);
            const withheld = [...inEdition]
              .filter(([, entry]) => entry.children.size < k)
              .reduce((sum, [, entry]) => sum + entry.records, 0);
            expect(shown + withheld).toBe(all);
          });
        }
      }),
      { numRuns: 300 },
    );
  });
});
