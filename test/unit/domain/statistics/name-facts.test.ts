/**
 * The facts of a name's page: counts, ranks and shares per published edition, the first
 * edition, the schools; only for names at least k children bore in an edition, and within
 * them every edition's count and school pair under k withheld (DESIGN §5).
 */
import { describe, expect, it } from 'vitest';
import { editionFingerprints } from '../../../../src/domain/statistics/name-facts.js';
import type { ParticipantRecord } from '../../../../src/domain/types.js';
import { computeStatistics, nameFactsOf } from '../../../support/statistics.js';

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

  it('gives each name borne by at least 3 children in an edition its counts, ranks and shares per edition; under 3 withheld', () => {
    expect(first('ane')).toEqual({
      kind: 'firstName',
      key: 'ane',
      name: 'Ane',
      editions: [
        { year: 2023, count: 3, rank: 1, share: 3 / 8 },
        { year: 2024, count: 3, rank: 1, share: 3 / 8 }, // tied with Mikel
        { year: 2025 }, // one child: fewer than 3
      ],
      firstEdition: 2023,
      schools: [ALFA],
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
      // A name's total over the editions adds its published editions only.
      const totals = facts[kind].map((fact) => ({
        name: fact.name,
        count: fact.editions.reduce((sum, edition) => sum + (edition.count ?? 0), 0),
      }));
      expect(totals).toEqual(expect.arrayContaining(listed(category, 'global')));
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

  it('splits compound surnames as the statistics do, and gives no page to names under 3 children in every edition', () => {
    // Lasa, Perez, Sanz and Soto: 3 children or more over the editions, never 3 in one.
    expect(facts.surnames.map((fact) => fact.name)).toEqual(['Garcia', 'Olano', 'Ruiz']);
    expect(facts.surnames.find((fact) => fact.key === 'ochoa de olza')).toBeUndefined();
    expect(first('zurine')).toBeUndefined();
  });

  it('lists the schools where at least 3 children bore the name in an edition, without counts; pairs under 3 left out', () => {
    const garcia = facts.surnames.find((fact) => fact.key === 'garcia')!;
    // Each edition: Alfa 2 children (Ane Garcia Lopez, Jon Garcia Ruiz), Beta 2 or 1.
    expect(garcia.editions.map((edition) => edition.count)).toEqual([4, 3, undefined]);
    expect(garcia.schools).toEqual([]);
    expect(first('jon')!.schools).toEqual([ALFA]); // Beta: 1 child
    const both = nameFactsOf(
      [
        ...rows(2025, BETA, ['Ane A B', 'Ane C D', 'Ane E F', 'Ane G H']),
        ...rows(2025, ALFA, ['Ane I J', 'Ane K L', 'Ane M N']),
      ],
      [2025],
      3,
    );
    expect(both.firstNames[0]!.schools).toEqual([BETA, ALFA]); // most records first
  });

  it('the first edition is the first whose count is shown; editions of other years are left out', () => {
    expect(first('jon')!.firstEdition).toBe(2025);
    expect(facts.editions).toEqual(EDITIONS);
    expect(facts.participants).toEqual([8, 8, 4]);
    // 2021 is not a published edition: its three Anes count nowhere.
    expect(first('ane')!.editions.map((edition) => edition.year)).toEqual(EDITIONS);
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

describe('the fingerprint of each edition’s records, which a stored tally stands for', () => {
  const editions = [2023, 2024];
  const some = FESTIVAL.filter((record) => editions.includes(record.year));
  const of = (records: ParticipantRecord[], year: number) => editionFingerprints(records).get(year);

  it('is the same for the same rows in any order, each edition apart', () => {
    const other = { name: 'Ane Urkiola Lasa', school: ALFA, year: 2019 };
    for (const year of editions) expect(of([...some].reverse().concat(other), year)).toBe(of(some, year));
    expect(of(some, 2023)).toMatch(/^8:/);
    expect(of([other], 2019)).toMatch(/^1:/);
  });

  it('changes with a row renamed, moved to another school or year, added or removed', () => {
    const first = some[0]!; // of 2023
    const rest = some.slice(1);
    const fingerprint = of(some, 2023);
    for (const changed of [
      [{ ...first, name: `${first.name}a` }, ...rest],
      [{ ...first, school: BETA === first.school ? ALFA : BETA }, ...rest],
      [{ ...first, year: 2024 }, ...rest],
      [...some, first],
      rest,
    ])
      expect(of(changed, 2023)).not.toBe(fingerprint);
  });
});
