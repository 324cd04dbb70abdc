import { describe, expect, it } from 'vitest';
import { GLOBAL_CATEGORY_ORDER, YEARLY_CATEGORY_ORDER } from '../../../../src/domain/statistics/index.js';
import type { ParticipantRecord, StatisticRow } from '../../../../src/domain/types.js';
import { DESIGN_NAME_EXAMPLES } from '../../../support/name-examples.js';
import { yearCounts } from '../../../support/year-counts.js';
import { computeStatistics } from '../../../support/statistics.js';

/** With `k = 1`, every name published: the public project's lists (the small-count rule is tested in small-counts.test.ts). */
const statisticsOf = (records: readonly ParticipantRecord[]) => computeStatistics(records, 1);

const ALFA = 'Ikastola Alfa';
const BETA = 'Ikastola Beta';
const GAMMA = 'Ikastola Gamma';
const DELTA = 'Ikastola Delta';

/**
 * Hand-computed fixture: three years (2019, 2020, 2022; none in 2021), names with
 * diacritics, odd whitespace, case variants and particles.
 */
const RECORDS: ParticipantRecord[] = [
  { name: 'Ane Garcia Lopez', school: ALFA, year: 2019 },
  { name: 'Ane Garcia Perez', school: ALFA, year: 2019 },
  { name: 'ane Lopez Garcia', school: BETA, year: 2019 },
  { name: 'Jon Ander Urrutia Gomez', school: BETA, year: 2019 },
  { name: 'Maria de la Fuente Perez', school: ALFA, year: 2019 },
  { name: 'Zoe Garcia garcia', school: BETA, year: 2019 },
  { name: 'Ángel Ruiz Gil', school: GAMMA, year: 2020 },
  { name: 'Angela  Ruiz   Sanz', school: ALFA, year: 2020 },
  { name: 'Zoe Gil Ruiz', school: ALFA, year: 2020 },
  { name: 'ane Gil Ruiz', school: ` ${GAMMA} `, year: 2020 },
  { name: 'Iker Ruiz', school: GAMMA, year: 2022 },
  { name: 'Iker Gil', school: DELTA, year: 2022 },
  { name: 'IKER De La Fuente', school: DELTA, year: 2022 },
];

const ROWS = statisticsOf(RECORDS);

function row(year: string, category: string, rows: StatisticRow[] = ROWS): StatisticRow {
  const found = rows.filter((candidate) => candidate.year === year && candidate.category === category);
  expect(found, `${year}/${category}`).toHaveLength(1);
  return found[0]!;
}
const data = (year: string, category: string): unknown => row(year, category).publicData;

describe('computeStatistics: rows produced', () => {
  it('gives each year its rows (no new* rows for the earliest), then global, in a fixed order', () => {
    const yearlyWithoutNew = YEARLY_CATEGORY_ORDER.filter(
      (c) => c !== 'newNamesByYear' && c !== 'newSchoolsByYear',
    );
    expect(ROWS.map((r) => `${r.year}/${r.category}`)).toEqual([
      ...yearlyWithoutNew.map((c) => `2019/${c}`),
      ...YEARLY_CATEGORY_ORDER.map((c) => `2020/${c}`),
      ...YEARLY_CATEGORY_ORDER.map((c) => `2022/${c}`),
      ...GLOBAL_CATEGORY_ORDER.map((c) => `global/${c}`),
    ]);
    expect(YEARLY_CATEGORY_ORDER[0]).toBe('intro');
    expect(YEARLY_CATEGORY_ORDER).toHaveLength(11);
    expect(GLOBAL_CATEGORY_ORDER).toHaveLength(12);
    expect(GLOBAL_CATEGORY_ORDER.at(-1)).toBe('outro');
  });

  it('invents nothing for a year without records (2021)', () => {
    expect(ROWS.filter((r) => r.year === '2021')).toEqual([]);
    expect(data('global', 'totalParticipants')).toEqual([
      { year: 2019, count: 6 },
      { year: 2020, count: 4 },
      { year: 2022, count: 3 },
    ]);
  });

  it("sets scope 'yearly' for years and 'global' for global", () => {
    for (const r of ROWS) expect(r.scope).toBe(r.year === 'global' ? 'global' : 'yearly');
  });

  it('gives intro and outro null data and a summary for every year and global', () => {
    for (const year of ['2019', '2020', '2022', 'global']) {
      for (const category of ['intro', 'outro']) {
        const r = row(year, category);
        expect(r.publicData).toBeNull();
        expect(r.fullData).toBeNull();
        expect(r.summary).toMatch(/\*\*[^*]+\*\*/);
      }
    }
  });

  it('returns no rows for no records, and ignores records whose year is not 4 digits', () => {
    expect(statisticsOf([])).toEqual([]);
    const rows = statisticsOf([
      { name: 'Ane Lasa', school: ALFA, year: 2024 },
      { name: 'Jon Lasa', school: ALFA, year: 999 },
      { name: 'Jon Lasa', school: ALFA, year: 10000 },
      { name: 'Jon Lasa', school: ALFA, year: 2024.5 },
      { name: 'Jon Lasa', school: ALFA, year: Number.NaN },
    ]);
    expect([...new Set(rows.map((r) => r.year))]).toEqual(['2024', 'global']);
    expect(row('2024', 'totalParticipantsByYear', rows).publicData).toEqual([{ year: 2024, count: 1 }]);
  });

  it('is deterministic: record order does not change any row', () => {
    const reversed = statisticsOf([...RECORDS].reverse());
    expect(reversed).toEqual(ROWS);
  });
});

describe('computeStatistics: yearly categories', () => {
  it('totalParticipantsByYear', () => {
    expect(data('2019', 'totalParticipantsByYear')).toEqual([{ year: 2019, count: 6 }]);
    expect(data('2020', 'totalParticipantsByYear')).toEqual([{ year: 2020, count: 4 }]);
    expect(row('2022', 'totalParticipantsByYear').fullData).toEqual([{ year: 2022, count: 3 }]);
  });

  it('topNamesByYear: case-insensitive counts, most frequent written form, Spanish tie-break', () => {
    // `Ane` ×2 and `ane` ×1 are one name shown as `Ane`.
    expect(data('2019', 'topNamesByYear')).toEqual([
      { name: 'Ane', count: 3 },
      { name: 'Jon Ander', count: 1 },
      { name: 'Maria', count: 1 },
      { name: 'Zoe', count: 1 },
    ]);
    // `Ángel` is normalised to `Angel`; ties in Spanish order: ane, Angel, Angela, Zoe
    // (code-point order would put `Zoe` before `ane`).
    expect(data('2020', 'topNamesByYear')).toEqual([
      { name: 'ane', count: 1 },
      { name: 'Angel', count: 1 },
      { name: 'Angela', count: 1 },
      { name: 'Zoe', count: 1 },
    ]);
    expect(data('2022', 'topNamesByYear')).toEqual([{ name: 'Iker', count: 3 }]);
  });

  it('namesDiversityByYear', () => {
    expect(data('2019', 'namesDiversityByYear')).toBe(4);
    expect(data('2020', 'namesDiversityByYear')).toBe(4);
    expect(data('2022', 'namesDiversityByYear')).toBe(1);
    expect(row('2022', 'namesDiversityByYear').fullData).toBeNull();
  });

  it('topSurnamesByYear counts records bearing the surname (twice in a name counts once)', () => {
    expect(data('2019', 'topSurnamesByYear')).toEqual([
      { name: 'Garcia', count: 4 },
      { name: 'Lopez', count: 2 },
      { name: 'Perez', count: 2 },
      { name: 'de la Fuente', count: 1 },
      { name: 'Gomez', count: 1 },
      { name: 'Urrutia', count: 1 },
    ]);
    expect(data('2020', 'topSurnamesByYear')).toEqual([
      { name: 'Ruiz', count: 4 },
      { name: 'Gil', count: 3 },
      { name: 'Sanz', count: 1 },
    ]);
    expect(data('2022', 'topSurnamesByYear')).toEqual([
      { name: 'De La Fuente', count: 1 },
      { name: 'Gil', count: 1 },
      { name: 'Ruiz', count: 1 },
    ]);
  });

  it('surnamesDiversityByYear', () => {
    expect(data('2019', 'surnamesDiversityByYear')).toBe(6);
    expect(data('2020', 'surnamesDiversityByYear')).toBe(3);
    expect(data('2022', 'surnamesDiversityByYear')).toBe(3);
  });

  it('topSchoolsByYear uses trimmed school names', () => {
    expect(data('2019', 'topSchoolsByYear')).toEqual([
      { name: ALFA, count: 3 },
      { name: BETA, count: 3 },
    ]);
    expect(data('2020', 'topSchoolsByYear')).toEqual([
      { name: ALFA, count: 2 },
      { name: GAMMA, count: 2 },
    ]);
    expect(data('2022', 'topSchoolsByYear')).toEqual([
      { name: DELTA, count: 2 },
      { name: GAMMA, count: 1 },
    ]);
  });

  it('commonNameBySchoolByYear: one item per school, by school, ties in Spanish order', () => {
    expect(data('2019', 'commonNameBySchoolByYear')).toEqual([
      { name: 'Ane', school: ALFA },
      { name: 'Ane', school: BETA },
    ]);
    expect(data('2020', 'commonNameBySchoolByYear')).toEqual([
      { name: 'Angela', school: ALFA },
      { name: 'ane', school: GAMMA },
    ]);
    expect(data('2022', 'commonNameBySchoolByYear')).toEqual([
      { name: 'Iker', school: DELTA },
      { name: 'Iker', school: GAMMA },
    ]);
  });

  it('newNamesByYear: names never seen (any case) in an earlier year, as strings', () => {
    expect(data('2020', 'newNamesByYear')).toEqual(['Angel', 'Angela']);
    expect(data('2022', 'newNamesByYear')).toEqual(['Iker']);
  });

  it('newSchoolsByYear: `[{school}]`, schools never seen in an earlier year', () => {
    expect(data('2020', 'newSchoolsByYear')).toEqual([{ school: GAMMA }]);
    expect(data('2022', 'newSchoolsByYear')).toEqual([{ school: DELTA }]);
  });

  it('newSchoolsByYear: by records in that year, then Spanish order', () => {
    const rows = statisticsOf([
      { name: 'Ane Lasa', school: ALFA, year: 2023 },
      ...['Ane', 'Jon'].map((name) => ({ name: `${name} Lasa`, school: 'Ikastola Zeta', year: 2024 })),
      { name: 'Ane Lasa', school: 'Colegio Ñandú', year: 2024 },
      { name: 'Ane Lasa', school: 'colegio Nuevo', year: 2024 },
      { name: 'Ane Lasa', school: ALFA, year: 2024 },
    ]);
    expect(row('2024', 'newSchoolsByYear', rows).publicData).toEqual([
      { school: 'Ikastola Zeta' },
      { school: 'colegio Nuevo' },
      { school: 'Colegio Ñandú' },
    ]);
  });

  it('keeps the keys of each object in the order of the design', () => {
    expect(Object.keys((data('2019', 'topNamesByYear') as object[])[0]!)).toEqual(['name', 'count']);
    expect(Object.keys((data('2019', 'commonNameBySchoolByYear') as object[])[0]!)).toEqual([
      'name',
      'school',
    ]);
    expect(Object.keys((data('2019', 'totalParticipantsByYear') as object[])[0]!)).toEqual(['year', 'count']);
  });
});

describe('computeStatistics: global categories', () => {
  it('topNames: a tie between written forms is broken in Spanish order (`ane` before `Ane`)', () => {
    expect(data('global', 'topNames')).toEqual([
      { name: 'ane', count: 4 },
      { name: 'Iker', count: 3 },
      { name: 'Zoe', count: 2 },
      { name: 'Angel', count: 1 },
      { name: 'Angela', count: 1 },
      { name: 'Jon Ander', count: 1 },
      { name: 'Maria', count: 1 },
    ]);
  });

  it('namesDiversity and surnamesDiversity', () => {
    expect(data('global', 'namesDiversity')).toBe(7);
    expect(data('global', 'surnamesDiversity')).toBe(9);
    expect(row('global', 'surnamesDiversity').fullData).toBeNull();
  });

  it('topSurnames', () => {
    expect(data('global', 'topSurnames')).toEqual([
      { name: 'Ruiz', count: 5 },
      { name: 'Garcia', count: 4 },
      { name: 'Gil', count: 4 },
      { name: 'de la Fuente', count: 2 },
      { name: 'Lopez', count: 2 },
      { name: 'Perez', count: 2 },
      { name: 'Gomez', count: 1 },
      { name: 'Sanz', count: 1 },
      { name: 'Urrutia', count: 1 },
    ]);
  });

  it('topSchools', () => {
    expect(data('global', 'topSchools')).toEqual([
      { name: ALFA, count: 5 },
      { name: BETA, count: 3 },
      { name: GAMMA, count: 3 },
      { name: DELTA, count: 2 },
    ]);
  });

  it('commonNameBySchool', () => {
    expect(data('global', 'commonNameBySchool')).toEqual([
      { name: 'ane', school: ALFA },
      { name: 'ane', school: BETA },
      { name: 'Iker', school: DELTA },
      { name: 'ane', school: GAMMA },
    ]);
  });

  it('longestNames: distinct first names by characters, ties in Spanish order', () => {
    expect(data('global', 'longestNames')).toEqual([
      'Jon Ander',
      'Angela',
      'Angel',
      'Maria',
      'Iker',
      'ane',
      'Zoe',
    ]);
  });

  it('longestNames: a space counts as a character, as clients display the name', () => {
    const rows = statisticsOf(
      ['Angelina', 'Jon Ander', 'Aitziber', 'Ana Mari'].map((name) => ({
        name: `${name} Lasa Gil`,
        school: ALFA,
        year: 2024,
      })),
    );
    // 9 characters, then 8: `Ana Mari` has 7 letters but 8 characters.
    expect(row('global', 'longestNames', rows).publicData).toEqual([
      'Jon Ander',
      'Aitziber',
      'Ana Mari',
      'Angelina',
    ]);
    expect(row('global', 'longestNames', rows).summary).toBe(
      'El nombre más largo registrado es **Jon Ander**, con **9** caracteres.',
    );
  });

  it('schoolsEvolution: by total desc, years ascending, keys {total, school, years}', () => {
    const evolution = data('global', 'schoolsEvolution') as object[];
    expect(evolution).toEqual([
      {
        total: 5,
        school: ALFA,
        years: [
          { year: 2019, count: 3 },
          { year: 2020, count: 2 },
        ],
      },
      { total: 3, school: BETA, years: [{ year: 2019, count: 3 }] },
      {
        total: 3,
        school: GAMMA,
        years: [
          { year: 2020, count: 2 },
          { year: 2022, count: 1 },
        ],
      },
      { total: 2, school: DELTA, years: [{ year: 2022, count: 2 }] },
    ]);
    expect(Object.keys(evolution[0]!)).toEqual(['total', 'school', 'years']);
  });

  it('mostConstantSchools: `[{school, yearsActive: [{year, count}]}]` by years desc, then total desc', () => {
    const constant = data('global', 'mostConstantSchools') as object[];
    expect(constant).toEqual([
      { school: ALFA, yearsActive: yearCounts({ 2019: 3, 2020: 2 }) },
      { school: GAMMA, yearsActive: yearCounts({ 2020: 2, 2022: 1 }) },
      { school: BETA, yearsActive: yearCounts({ 2019: 3 }) },
      { school: DELTA, yearsActive: yearCounts({ 2022: 2 }) },
    ]);
    expect(Object.keys(constant[0]!)).toEqual(['school', 'yearsActive']);
  });

  it('mostConstantSchools: equal years and totals in Spanish order of the school', () => {
    const rows = statisticsOf(
      ['Colegio Ñandú', 'colegio Nuevo', 'Colegio Ocaso'].flatMap((school) =>
        [2023, 2024].map((year) => ({ name: 'Ane Lasa', school, year })),
      ),
    );
    expect(
      (row('global', 'mostConstantSchools', rows).publicData as { school: string }[]).map(
        (item) => item.school,
      ),
    ).toEqual(['colegio Nuevo', 'Colegio Ñandú', 'Colegio Ocaso']);
  });
});

describe('computeStatistics: names split as DESIGN §3 says', () => {
  const rows = statisticsOf(DESIGN_NAME_EXAMPLES.map(([name]) => ({ name, school: ALFA, year: 2024 })));

  it('counts the first names of every example of the design, and only them', () => {
    const expected = DESIGN_NAME_EXAMPLES.map(([, firstName]) => ({ name: firstName, count: 1 }));
    expect(row('2024', 'topNamesByYear', rows).publicData).toEqual(
      expected.sort((a, b) => a.name.localeCompare(b.name, 'es')),
    );
    expect(row('global', 'namesDiversity', rows).publicData).toBe(6);
    expect(row('global', 'longestNames', rows).publicData).toEqual([
      'Jon Ander',
      'Ainhoa',
      'Pepito',
      'Maria',
      'Iker',
      'Ane',
    ]);
  });

  it('counts their surnames, compound surnames whole', () => {
    const once = ['de la Fuente', 'Flores', 'Gomez', 'Lopez', 'Lopez de Munain', 'Perez', 'Ruiz de Azua'];
    expect(row('2024', 'topSurnamesByYear', rows).publicData).toEqual([
      { name: 'Garcia', count: 2 },
      ...[...once, 'Saenz de Buruaga', 'Urrutia'].map((name) => ({ name, count: 1 })),
    ]);
    expect(row('global', 'surnamesDiversity', rows).publicData).toBe(10);
  });

  it('counts a compound surname case-insensitively, shown as most written, beside its simple head', () => {
    const compound = statisticsOf([
      { name: 'Ane LOPEZ DE MUNAIN Lasa', school: ALFA, year: 2024 },
      { name: 'Jon Lopez de Munain Gil', school: ALFA, year: 2024 },
      { name: 'Iker Lopez de Munain Ochoa de Olza', school: ALFA, year: 2024 },
      { name: 'Jose Antonio Lopez Gil', school: ALFA, year: 2024 },
    ]);
    const counts = (data: unknown) =>
      (data as { name: string; count: number }[]).map((item) => `${item.name} ${item.count}`);
    expect(counts(row('2024', 'topSurnamesByYear', compound).publicData)).toEqual([
      'Lopez de Munain 3',
      'Gil 2',
      'Lasa 1',
      'Lopez 1',
      'Ochoa de Olza 1',
    ]);
    expect(counts(row('2024', 'topNamesByYear', compound).publicData)).toEqual([
      'Ane 1',
      'Iker 1',
      'Jon 1',
      'Jose Antonio 1',
    ]);
  });
});

describe('computeStatistics: 15 / 250 cuts', () => {
  // 300 distinct first names and 300 schools in one year; `N000` twice.
  const ids = Array.from({ length: 300 }, (_, i) => String(i).padStart(3, '0'));
  const records: ParticipantRecord[] = ids.map((id) => ({
    name: `N${id} Lasa`,
    school: `Escuela ${id}`,
    year: 2023,
  }));
  records.push({ name: 'N299 Lasa', school: 'Escuela 299', year: 2023 });
  records.push({ name: 'Ane Lasa', school: 'Escuela 000', year: 2022 });
  const rows = statisticsOf(records);
  const expected = ['N299', ...ids.slice(0, 249).map((id) => `N${id}`)];

  it('public_data keeps the first 15 items and full_data the first 250', () => {
    const top = row('2023', 'topNamesByYear', rows);
    expect(top.publicData).toEqual(
      expected.slice(0, 15).map((name, i) => ({ name, count: i === 0 ? 2 : 1 })),
    );
    expect(top.fullData).toHaveLength(250);
    expect((top.fullData as { name: string }[]).map((item) => item.name)).toEqual(expected);
  });

  it('applies to every array category', () => {
    for (const category of [
      'topSchoolsByYear',
      'commonNameBySchoolByYear',
      'newNamesByYear',
      'newSchoolsByYear',
    ]) {
      const r = row('2023', category, rows);
      expect((r.publicData as unknown[]).length, category).toBe(15);
      expect((r.fullData as unknown[]).length, category).toBe(250);
    }
    for (const category of [
      'topNames',
      'topSchools',
      'commonNameBySchool',
      'longestNames',
      'schoolsEvolution',
      'mostConstantSchools',
    ]) {
      const r = row('global', category, rows);
      expect((r.publicData as unknown[]).length, category).toBe(15);
      expect((r.fullData as unknown[]).length, category).toBe(250);
    }
    expect(row('2023', 'newNamesByYear', rows).publicData).toEqual(expected.slice(0, 15));
    expect((row('2023', 'commonNameBySchoolByYear', rows).publicData as unknown[])[14]).toEqual({
      name: 'N014',
      school: 'Escuela 014',
    });
    expect(row('2023', 'namesDiversityByYear', rows).publicData).toBe(300);
  });
});

describe('computeStatistics: input robustness', () => {
  it('counts a record with an empty name in totals and schools only', () => {
    const rows = statisticsOf([
      { name: '  ', school: ALFA, year: 2024 },
      { name: 'Ane Lasa', school: '', year: 2024 },
    ]);
    expect(row('2024', 'totalParticipantsByYear', rows).publicData).toEqual([{ year: 2024, count: 2 }]);
    expect(row('2024', 'topNamesByYear', rows).publicData).toEqual([{ name: 'Ane', count: 1 }]);
    expect(row('2024', 'topSchoolsByYear', rows).publicData).toEqual([{ name: ALFA, count: 1 }]);
    expect(row('2024', 'commonNameBySchoolByYear', rows).publicData).toEqual([]);
  });
});
