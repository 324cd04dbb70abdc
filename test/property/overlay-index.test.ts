/**
 * An index whose overlay replaces the participants of some years answers exactly like an
 * index built from scratch from the same participants: every search, the companies and
 * the counts per year (what the follower relies on to serve an import of one year
 * without indexing every year again).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeName } from '../../src/domain/names.js';
import type { ParticipantRecord } from '../../src/domain/types.js';
import { ParticipantIndex, shelvesOf } from '../../src/read-model/participant-index.js';

const SCHOOLS = ['Ikastola Txori Berri', 'Colegio Santa Ana', 'Ikastola Amara'];
const YEARS = [2021, 2022, 2023, 2024];
const WORDS = ['Ane', 'Jon', 'Garcia', 'Lopez', 'Garcia-Lopez', 'de', 'la', 'Fuente', 'Iñigo', 'Muñoz'];

const recordArb: fc.Arbitrary<ParticipantRecord> = fc.record({
  name: fc.array(fc.constantFrom(...WORDS), { minLength: 3, maxLength: 5 }).map((words) => words.join(' ')),
  school: fc.constantFrom(...SCHOOLS),
  year: fc.constantFrom(...YEARS),
});

describe('an index with an overlay', () => {
  it('answers every search, the companies and the counts like an index of the same rows built at once', () => {
    fc.assert(
      fc.property(
        fc.array(recordArb, { maxLength: 60 }),
        fc.subarray(YEARS, { minLength: 1 }),
        fc.array(recordArb, { maxLength: 30 }),
        fc.array(fc.array(fc.constantFrom(...WORDS), { minLength: 3, maxLength: 4 }), { maxLength: 10 }),
        (before, replaced, incoming, queries) => {
          const replacedYears = new Set(replaced);
          const newRows = incoming.filter((record) => replacedYears.has(record.year));
          const after = [...before.filter((record) => !replacedYears.has(record.year)), ...newRows];
          const overlaid = new ParticipantIndex(shelvesOf(before)).withOverlay(replaced, shelvesOf(newRows));
          const whole = new ParticipantIndex(shelvesOf(after));

          expect(overlaid.companies).toEqual(whole.companies);
          expect(overlaid.size).toBe(whole.size);
          expect(new Map([...overlaid.rowsByYear].sort())).toEqual(new Map([...whole.rowsByYear].sort()));
          expect(overlaid.overlayYears).toEqual(replaced);
          const names = [...after, ...before].map((record) => record.name.split(' ').slice(0, 3).join(' '));
          for (const name of [...names, ...queries.map((words) => words.join(' '))]) {
            for (const school of SCHOOLS) {
              const normalized = normalizeName(name);
              expect(overlaid.searchJson(normalized, school)).toEqual(whole.searchJson(normalized, school));
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('drops an earlier overlay: a second one replaces it, on the same base', () => {
    const base = [
      { name: 'Ane Garcia Lopez', school: SCHOOLS[0]!, year: 2023 },
      { name: 'Jon Garcia Lopez', school: SCHOOLS[0]!, year: 2024 },
    ];
    const first = new ParticipantIndex(shelvesOf(base)).withOverlay(
      [2024],
      shelvesOf([{ name: 'Iñigo Garcia Lopez', school: SCHOOLS[1]!, year: 2024 }]),
    );
    const second = first.withOverlay([2023], shelvesOf([]));
    expect(second.overlayYears).toEqual([2023]);
    expect(second.companies).toEqual([SCHOOLS[0]]);
    expect(JSON.parse(second.searchJson('n Garcia Lopez', SCHOOLS[0]!)!)).toEqual({
      participants: [{ name: 'Jon Garcia Lopez', school: SCHOOLS[0], year: 2024 }],
    });
  });
});
