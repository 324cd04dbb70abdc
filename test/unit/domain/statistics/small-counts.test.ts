/**
 * The small-count rule (DESIGN §5): no list names a first name, a surname or a school's
 * most frequent name that fewer than `k` children bore in an edition; a name's figure over
 * the series adds only its published editions; totals and diversity figures stay exact,
 * and the summaries name only what the lists may name, in true sentences.
 */
import { describe, expect, it } from 'vitest';
import { statisticSummaries as summaries } from '../../../../src/domain/statistics/summaries.js';
import type { ParticipantRecord, StatisticRow } from '../../../../src/domain/types.js';
import {
  childrenByScope,
  namesUnderK,
  NEVER_PUBLISHED,
  RARE_FESTIVAL,
  RARE_SCHOOLS,
} from '../../../support/rare-names.js';
import { computeStatistics } from '../../../support/statistics.js';

const K3 = computeStatistics(RARE_FESTIVAL, 3);
const K1 = computeStatistics(RARE_FESTIVAL, 1);
const SCOPES = childrenByScope(RARE_FESTIVAL);
const { alfa, beta } = RARE_SCHOOLS;

function row(rows: readonly StatisticRow[], year: string, category: string): StatisticRow {
  const found = rows.find((candidate) => candidate.year === year && candidate.category === category);
  expect(found, `${year}/${category}`).toBeDefined();
  return found!;
}
const data = (rows: readonly StatisticRow[], year: string, category: string) =>
  row(rows, year, category).publicData;
const named = (items: unknown) => (items as { name: string }[]).map((item) => item.name);
/** Whole words, so that `Ane` is not found in `Aneta`. */
const mentions = (text: string, word: string) => new RegExp(`\\b${word}\\b`, 'i').test(text);

describe('the small-count rule, k = 3', () => {
  it('no list, public or full, of any category and scope names a name fewer than 3 children bear there', () => {
    for (const statistic of K3) {
      for (const list of [statistic.publicData, statistic.fullData])
        expect(
          namesUnderK(SCOPES, 3, statistic.year, statistic.category, list),
          `${statistic.year}/${statistic.category}`,
        ).toEqual([]);
    }
  });

  it('no row, summaries included, mentions a name no scope has 3 children for', () => {
    for (const statistic of K3) {
      const text = JSON.stringify(statistic);
      expect(
        NEVER_PUBLISHED.filter((word) => mentions(text, word)),
        `${statistic.year}/${statistic.category}`,
      ).toEqual([]);
    }
  });

  it('counts each child once over the series: three appearances of one child list nothing', () => {
    expect(named(data(K1, 'global', 'topNames'))).toContain('Lorea');
    expect(row(K1, 'global', 'topNames').publicData).toContainEqual({ name: 'Lorea', count: 3 });
    expect(named(data(K3, 'global', 'topNames'))).toEqual(['Jon', 'Mikel', 'Ane', 'Nahia', 'Uxue']);
    expect(named(data(K3, 'global', 'topSurnames'))).toEqual(['Lopez', 'Garcia', 'Ruiz']);
  });

  it('the scope is the list’s: a name of the series is left out of the year where fewer bear it', () => {
    expect(named(data(K3, 'global', 'topNames'))).toContain('Ane');
    expect(named(data(K3, '2025', 'topNamesByYear'))).toEqual(['Jon', 'Mikel', 'Uxue']);
    expect(data(K3, '2025', 'newNamesByYear')).toEqual(['Uxue']);
    expect(data(K3, '2024', 'newNamesByYear')).toEqual(['Nahia']);
    expect(data(K1, '2024', 'newNamesByYear')).toEqual(['Nahia', 'Ekhiotz', 'Maitane Itziar', 'Ostaizka']);
  });

  it('a school’s most frequent name is listed only when 3 of its children bear it', () => {
    // Ikastola Bakarra's one child, and Alfa's two Jons of 2025, are not listed.
    expect(data(K1, '2024', 'commonNameBySchoolByYear')).toContainEqual({
      name: 'Ekhiotz',
      school: RARE_SCHOOLS.bakarra,
    });
    expect(data(K3, '2024', 'commonNameBySchoolByYear')).toEqual([
      { name: 'Mikel', school: beta },
      { name: 'Ane', school: alfa },
    ]);
    expect(data(K3, '2025', 'commonNameBySchoolByYear')).toEqual([{ name: 'Mikel', school: beta }]);
    // Over the series, each school's names add their published editions: Alfa's Ane and
    // Jon 6 each (Jon's 2 of 2025 are not published), a tie that Spanish order breaks.
    expect(data(K3, 'global', 'commonNameBySchool')).toEqual([
      { name: 'Mikel', school: beta },
      { name: 'Ane', school: alfa },
    ]);
  });

  it('longestNames ranks only names 3 children bear in the series', () => {
    expect(data(K1, 'global', 'longestNames')).toEqual(expect.arrayContaining(['Maitane Itziar', 'Lorea']));
    expect(data(K3, 'global', 'longestNames')).toEqual(['Mikel', 'Nahia', 'Uxue', 'Ane', 'Jon']);
  });

  it('totals, diversity figures, schools and counts stay exact', () => {
    const exact = [
      'totalParticipantsByYear',
      'totalParticipants',
      'namesDiversityByYear',
      'namesDiversity',
      'surnamesDiversityByYear',
      'surnamesDiversity',
      'topSchoolsByYear',
      'topSchools',
      'newSchoolsByYear',
      'schoolsEvolution',
      'mostConstantSchools',
    ];
    const pick = (rows: readonly StatisticRow[]) =>
      rows.filter((statistic) => exact.includes(statistic.category));
    expect(pick(K3)).toEqual(pick(K1));
    expect(data(K3, 'global', 'namesDiversity')).toBe(9);
    // A listed name keeps its whole count: Jon's nine appearances.
    expect(data(K3, 'global', 'topNames')).toContainEqual({ name: 'Jon', count: 9 });
  });

  it('the summaries tell what the lists publish, and why one is shorter or empty', () => {
    expect(row(K3, '2024', 'newNamesByYear').summary).toBe(
      'En **2024**, **1** nombre llegó por primera vez a **3** participantes, el mínimo para publicarlo: **Nahia**.',
    );
    expect(row(K3, 'global', 'longestNames').summary).toBe(
      'De los nombres que llevan al menos **3** niños y niñas, los más largos son **Mikel** y **Nahia**, con **5** caracteres cada uno.',
    );
    expect(row(K3, '2025', 'commonNameBySchoolByYear').summary).toBe(
      'En **2025** se recoge el nombre más frecuente de **1** de las **2** compañías (solo se publica cuando lo llevan al menos **3** de sus participantes); **Mikel** es el más repetido en **1** de ellas.',
    );
    expect(row(K3, 'global', 'commonNameBySchool').summary).toBe(
      'Se recoge el nombre más frecuente de **2** de las **3** compañías de todas las ediciones (solo se publica cuando lo llevan al menos **3** de sus niños y niñas); **Ane** es el más repetido en **1** de ellas.',
    );
  });

  it('every list can be left empty, and its summary still says something true', () => {
    const alone: ParticipantRecord[] = [
      { name: 'Ekhiotz Altuna Beristain', school: RARE_SCHOOLS.bakarra, year: 2024 },
      { name: 'Ostaizka Aranbarri Zubeldia', school: RARE_SCHOOLS.bakarra, year: 2025 },
    ];
    const rows = computeStatistics(alone, 3);
    for (const statistic of rows) {
      if (Array.isArray(statistic.publicData) && /Name|Surname/.test(statistic.category))
        expect(statistic.publicData, statistic.category).toEqual([]);
      expect(NEVER_PUBLISHED.filter((word) => mentions(statistic.summary, word))).toEqual([]);
    }
    const summary = (year: string, category: string) => row(rows, year, category).summary;
    expect(summary('2024', 'topNamesByYear')).toBe(
      'En **2024** no hubo ningún nombre que llevaran al menos **3** participantes, el mínimo para publicarlo.',
    );
    expect(summary('global', 'topSurnames')).toBe(
      'No hay ningún apellido que lleven al menos **3** niños y niñas, el mínimo para publicarlo.',
    );
    expect(summary('2024', 'commonNameBySchoolByYear')).toBe(
      'En **2024** ninguna compañía tuvo un nombre que llevaran al menos **3** de sus participantes, el mínimo para publicarlo.',
    );
    expect(summary('global', 'commonNameBySchool')).toBe(
      'Ninguna compañía tiene un nombre que lleven al menos **3** de sus niños y niñas, el mínimo para publicarlo.',
    );
    expect(summary('2025', 'newNamesByYear')).toBe(
      'En **2025** ningún nombre llegó por primera vez a **3** participantes, el mínimo para publicarlo.',
    );
    expect(summary('global', 'longestNames')).toBe(
      'No hay ningún nombre que lleven al menos **3** niños y niñas, el mínimo para publicarlo.',
    );
    // The intro tells no names; the outro's counts stay exact.
    expect(summary('2024', 'intro')).not.toMatch(/nombre más repetido/);
    expect(summary('global', 'outro')).toContain('**2** nombres distintos');
  });

  it('a name under k in every edition counts nowhere, however often it appears', () => {
    // One child in five editions: five appearances, more than the three Anes, yet one child.
    const rows = computeStatistics(
      [
        ...[2021, 2022, 2023, 2024, 2025].map((year) => ({
          name: 'Lorea Iturrioz Gabilondo',
          school: alfa,
          year,
        })),
        ...['Garcia', 'Lopez', 'Ruiz'].map((surname) => ({
          name: `Ane ${surname} Gil`,
          school: alfa,
          year: 2025,
        })),
      ],
      3,
    );
    expect(data(rows, 'global', 'topNames')).toEqual([{ name: 'Ane', count: 3 }]);
    expect(row(rows, 'global', 'topNames').summary).toBe(
      'En el conjunto de todas las ediciones, el nombre más repetido es **Ane**, con **3** apariciones.',
    );
    expect(row(rows, 'global', 'intro').summary).toMatch(/nombre más repetido es \*\*Ane\*\*/);
    expect(JSON.stringify(rows)).not.toMatch(/Lorea|Iturrioz|Gabilondo/);
  });

  it('k = 1 lists every name, as the public project did', () => {
    expect(named(data(K1, '2024', 'topNamesByYear'))).toHaveLength(8);
    expect(data(K1, 'global', 'commonNameBySchool')).toHaveLength(3);
    expect(summaries.ranking('names', [{ name: 'Jon', count: 2 }], 2024)).toBe(
      'En **2024**, el nombre más repetido fue **Jon**, con **2** participantes.',
    );
  });
});
