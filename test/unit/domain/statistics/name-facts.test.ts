/**
 * The facts of a name's page (issue 34): counts, ranks and shares per published edition,
 * the first edition, the schools; only for names at least k children bear, and within
 * them every edition's count and school pair under k withheld (DESIGN §5).
 */
import { describe, expect, it } from 'vitest';
import { computeStatistics } from '../../../../src/domain/statistics/compute.js';
import { nameFactsOf, recordsFingerprint } from '../../../../src/domain/statistics/name-facts.js';
import type { ParticipantRecord } from '../../../../src/domain/types.js';

const ALFA = 'Ikastola Alfa';
const BETA = 'Colegio Beta';
const rows = (year: number, school: string, names: string[]): ParticipantRecord[] =>
  names.map((name) => ({ name, school, year }));

// Fictional children.
const FESTIVAL: ParticipantRecord[] = [
  ...rows(2023, ALFA, ['Ane Garcia Lopez', 'Ane Perez Ruiz', 'ANE Sanz Soto', 'Jon Garcia Ruiz']),
  ...rows(2023, BETA, [
    'Mikel Garcia Olano',
    'Mikel Soto Sanz',
    'Mikel Ruiz Lasa',
    'Zuriñe Ochoa de Olza Garcia',
  ]),
  ...rows(2024, ALFA, ['Ane Garcia Lopez', 'Ane Olano Lasa', 'Ane Soto Perez', 'Jon Garcia Ruiz']),
  ...rows(2024, BETA, ['Mikel Garcia Olano', 'Mikel Soto Sanz', 'Mikel Lasa Lasa', 'Jon Perez Olano']),
  ...rows(2025, ALFA, ['Jon Garcia Ruiz', 'Jon Perez Olano', 'Jon Sanz Ruiz', 'Ane Garcia Lopez']),
  ...rows(2021, ALFA, ['Ane Never Published', 'Ane Never Published2', 'Ane Never Published3']),
];
const EDITIONS = [2023, 2024, 2025];

describe('nameFactsOf, k = 3', () => {
  const facts = nameFactsOf(FESTIVAL, EDITIONS, 3);
  const first = (key: string) => facts.firstNames.find((fact) => fact.key === key);

  it('gives each name borne by at least 3 children its counts, ranks and shares per edition; under 3 withheld', () => {
    expect(first('ane')).toEqual({
      kind: 'firstName',
      key: 'ane',
      name: 'Ane',
      total: 7,
      editions: [
        { year: 2023, count: 3, rank: 1, share: 3 / 8 },
        { year: 2024, count: 3, rank: 1, share: 3 / 8 }, // tied with Mikel
        { year: 2025 }, // one child: fewer than 3
      ],
      firstEdition: 2023,
      schools: [{ school: ALFA, count: 7 }],
    });
  });

  it('ranks with ties: equal counts share a rank, the next skips (1, 1, 3); names under k are not ranked', () => {
    const school = (names: string[]) => rows(2025, ALFA, names);
    const ranked = nameFactsOf(
      [
        ...school(['Nora A B', 'Nora C D', 'Nora E F', 'Nora G H']),
        ...school(['Leire A B', 'Leire C D', 'Leire E F', 'Leire G H']),
        ...school(['Unai A B', 'Unai C D', 'Unai E F']),
        ...school(['Aitor A B', 'Aitor A B', 'Aitor A B', 'Aitor A B', 'Aitor A B']), // one child, 5 records
      ],
      [2025],
      3,
    );
    expect(ranked.firstNames.map((fact) => [fact.name, fact.editions[0]!.rank])).toEqual([
      ['Leire', 1],
      ['Nora', 1],
      ['Unai', 3],
    ]);
    expect(first('jon')!.editions.map((edition) => edition.rank)).toEqual([undefined, undefined, 1]);
  });

  it('counts a first name by its most frequent written form, case folded (ANE is Ane)', () => {
    expect(first('ane')!.name).toBe('Ane');
  });

  it('counts the children of a year once each, a child again each year, as the statistics count them', () => {
    const stats = computeStatistics(
      FESTIVAL.filter((record) => EDITIONS.includes(record.year)),
      3,
    );
    const listed = (category: string, year: string) =>
      stats.find((row) => row.category === category && row.year === year)!.fullData as {
        name: string;
        count: number;
      }[];
    for (const [kind, category] of [
      ['firstNames', 'topNames'],
      ['surnames', 'topSurnames'],
    ] as const) {
      expect(facts[kind].map((fact) => ({ name: fact.name, count: fact.total }))).toEqual(
        expect.arrayContaining(listed(category, 'global')),
      );
      expect(facts[kind]).toHaveLength(listed(category, 'global').length);
      EDITIONS.forEach((year, e) => {
        const shown = facts[kind].flatMap((fact) => {
          const count = fact.editions[e]!.count;
          return count === undefined ? [] : [{ name: fact.name, count }];
        });
        expect(shown).toEqual(expect.arrayContaining(listed(`${category}ByYear`, String(year))));
        expect(shown).toHaveLength(listed(`${category}ByYear`, String(year)).length);
      });
    }
  });

  it('splits compound surnames as the statistics do, and gives no page to names under 3 children', () => {
    expect(facts.surnames.map((fact) => fact.name)).toEqual([
      'Garcia',
      'Lasa',
      'Olano',
      'Perez',
      'Ruiz',
      'Sanz',
      'Soto',
    ]);
    expect(facts.surnames.find((fact) => fact.key === 'ochoa de olza')).toBeUndefined();
    expect(first('zurine')).toBeUndefined();
  });

  it('lists the schools where at least 3 children bear the name, most records first; pairs under 3 left out', () => {
    const garcia = facts.surnames.find((fact) => fact.key === 'garcia')!;
    // Alfa: Ane Garcia Lopez, Jon Garcia Ruiz (2 children); Beta: Mikel Garcia Olano, Zuriñe … Garcia (2).
    expect(garcia.total).toBe(9);
    expect(garcia.schools).toEqual([]);
    const jon = first('jon')!;
    expect(jon.schools).toEqual([{ school: ALFA, count: 5 }]); // Beta: 1 child
  });

  it('the first edition is the first whose count is shown; editions of other years are left out', () => {
    expect(first('jon')!.firstEdition).toBe(2025);
    expect(facts.editions).toEqual(EDITIONS);
    expect(facts.participants).toEqual([8, 8, 4]);
    // 2021 is not a published edition: its three Anes count nowhere.
    expect(first('ane')!.total).toBe(7);
  });

  it('keeps the k it was computed under, and lists the names in Spanish order', () => {
    expect(facts.k).toBe(3);
    expect(facts.firstNames.map((fact) => fact.name)).toEqual(['Ane', 'Jon', 'Mikel']);
    expect(nameFactsOf(FESTIVAL, EDITIONS, 1).firstNames.map((fact) => fact.name)).toEqual([
      'Ane',
      'Jon',
      'Mikel',
      'Zurine', // stored without diacritics
    ]);
  });
});

describe('the fingerprint of the records stored facts were made from', () => {
  const editions = [2023, 2024];
  const some = FESTIVAL.filter((record) => editions.includes(record.year));

  it('is the same for the same rows in any order, and leaves out the other years', () => {
    const other = { name: 'Ane Urkiola Lasa', school: ALFA, year: 2019 };
    expect(recordsFingerprint([...some].reverse().concat(other), editions)).toBe(
      recordsFingerprint(some, editions),
    );
    expect(recordsFingerprint(some, editions)).toMatch(new RegExp(`^${some.length}:`));
  });

  it('changes with a row renamed, moved to another school or year, added or removed', () => {
    const first = some[0]!;
    const rest = some.slice(1);
    const fingerprint = recordsFingerprint(some, editions);
    for (const changed of [
      [{ ...first, name: `${first.name}a` }, ...rest],
      [{ ...first, school: BETA === first.school ? ALFA : BETA }, ...rest],
      [{ ...first, year: first.year === 2023 ? 2024 : 2023 }, ...rest],
      [...some, first],
      rest,
    ])
      expect(recordsFingerprint(changed, editions)).not.toBe(fingerprint);
  });
});
