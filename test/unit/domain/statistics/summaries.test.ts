import { describe, expect, it } from 'vitest';
import { formatNumber } from '../../../../src/domain/spanish-words.js';
import { statisticSummaries as summaries } from '../../../../src/domain/statistics/summaries.js';
import type { ParticipantRecord, StatisticRow } from '../../../../src/domain/types.js';
import { computeStatistics } from '../../../support/statistics.js';

/** With `k = 1`, every name published: the public project's lists (the small-count rule is tested in small-counts.test.ts). */
const statisticsOf = (records: readonly ParticipantRecord[]) => computeStatistics(records, 1);

const A = 'Ikastola Alfa';
const B = 'Ikastola Beta';
const G = 'Ikastola Gamma';

const RECORDS: ParticipantRecord[] = [
  { name: 'Ane Garcia Lopez', school: A, year: 2019 },
  { name: 'Ane Garcia Perez', school: A, year: 2019 },
  { name: 'Jon Urrutia Gomez', school: B, year: 2019 },
  { name: 'Iker Ruiz Gil', school: G, year: 2020 },
  { name: 'Ane Ruiz Sanz', school: A, year: 2020 },
  { name: 'Iker Gil', school: G, year: 2022 },
];
const ROWS = statisticsOf(RECORDS);
const summary = (year: string, category: string): string =>
  ROWS.find((r: StatisticRow) => r.year === year && r.category === category)!.summary;

describe('number format', () => {
  it('uses the Spanish format with a dot for thousands, also for four digits', () => {
    expect(formatNumber(4612)).toBe('4.612');
    expect(formatNumber(1234567)).toBe('1.234.567');
    expect(formatNumber(999)).toBe('999');
  });
});

describe('summary templates', () => {
  it('totalParticipantsByYear, with singular forms', () => {
    expect(summaries.totalParticipantsByYear(2024, 4612, 44)).toBe(
      'En **2024** participaron **4.612** niños y niñas de **44** compañías.',
    );
    expect(summaries.totalParticipantsByYear(2024, 1, 1)).toBe(
      'En **2024** participó **1** niño o niña de **1** compañía.',
    );
  });

  it('names the leader and the next two, or the tied leaders', () => {
    expect(
      summaries.ranking(
        'names',
        [
          { name: 'Jon', count: 1085 },
          { name: 'Ane', count: 80 },
          { name: 'Iker', count: 75 },
          { name: 'Mikel', count: 70 },
        ],
        2024,
      ),
    ).toBe(
      'En **2024**, el nombre más repetido fue **Jon**, con **1.085** participantes, seguido de **Ane** (**80**) e **Iker** (**75**).',
    );
    expect(
      summaries.ranking('schools', [
        { name: 'Ikastola Alfa', count: 20 },
        { name: 'Ikastola Beta', count: 20 },
      ]),
    ).toBe(
      'En el conjunto de todas las ediciones, las compañías más numerosas son **Ikastola Alfa** e **Ikastola Beta**, con **20** participaciones cada una.',
    );
    expect(summaries.ranking('surnames', [], 2024)).toBe('En **2024** no hay apellidos registrados.');
  });

  it('newSchoolsByYear lists up to three schools', () => {
    expect(summaries.newSchoolsByYear(2023, [])).toBe('En **2023** no se estrenó ninguna compañía.');
    expect(summaries.newSchoolsByYear(2023, ['Ane', 'Bat', 'Iturri', 'Zaz'])).toBe(
      'En **2023** se estrenaron **4** compañías, entre ellas **Ane**, **Bat** e **Iturri**.',
    );
  });
  it('writes `y`, not `e`, before a name whose i is a semivowel (Iosu, Ion, Hierro)', () => {
    expect(summaries.newSchoolsByYear(2023, ['Ane', 'Iosu'])).toBe(
      'En **2023** se estrenaron **2** compañías: **Ane** y **Iosu**.',
    );
    expect(summaries.newSchoolsByYear(2023, ['Ane', 'Bat', 'Ion'])).toContain('**Bat** y **Ion**');
    expect(summaries.newSchoolsByYear(2023, ['Ane', 'Hierro'])).toContain('**Ane** y **Hierro**');
  });
  it('names at most three tied leaders, the rest `entre otros`', () => {
    const tied = ['Ane', 'Iker', 'Jon', 'Mikel'].map((name) => ({ name, count: 9 }));
    expect(summaries.ranking('surnames', tied)).toBe(
      'En el conjunto de todas las ediciones, los apellidos más comunes son **Ane**, **Iker** y **Jon**, entre otros, con **9** apariciones cada uno.',
    );
    expect(summaries.longestNames(tied)).toBe(
      'Los nombres más largos registrados son **Ane**, **Iker** y **Jon**, entre otros, con **9** caracteres cada uno.',
    );
  });

  it('tells a year in the past tense and the series in the present', () => {
    const leader = { name: 'Ane', count: 1 };
    expect(summaries.commonNameBySchool(1, leader, 2024)).toBe(
      'En **2024** el nombre más frecuente de la única compañía fue **Ane**.',
    );
    expect(summaries.commonNameBySchool(1, leader)).toBe(
      'El nombre más frecuente de la única compañía es **Ane**.',
    );
    expect(summaries.commonNameBySchool(0, null)).toBe('No hay compañías con nombres registrados.');
    expect(summaries.diversity('surnames', 1, 2024)).toBe('En **2024** se registró **1** apellido distinto.');
    expect(summaries.diversity('names', 2)).toBe(
      'En todas las ediciones se han registrado **2** nombres distintos.',
    );
  });

  it('words the series of one edition and one school', () => {
    const school = { name: 'Ikastola Alfa', count: 1 };
    expect(summaries.schoolsEvolution(1, 1, school)).toBe(
      '**1** compañía ha participado a lo largo de **1** edición: **Ikastola Alfa**, con **1** participación.',
    );
    expect(summaries.mostConstantSchools(1, school, 1)).toBe(
      'Solo hay datos de **1** edición, así que todas las compañías suman la misma presencia; encabeza la lista **Ikastola Alfa**.',
    );
  });
});

describe('summaries of computed rows', () => {
  it('every row has a summary with at least one bold figure', () => {
    for (const r of ROWS) {
      expect(r.summary, `${r.year}/${r.category}`).toMatch(/\*\*[^*]+\*\*/);
      expect(r.summary.trim()).toBe(r.summary);
      expect(r.summary).not.toMatch(/undefined|null|NaN/);
    }
  });

  it('yearly rows carry the figures of the year', () => {
    expect(summary('2019', 'totalParticipantsByYear')).toBe(
      'En **2019** participaron **3** niños y niñas de **2** compañías.',
    );
    expect(summary('2020', 'topNamesByYear')).toBe(
      'En **2020**, los nombres más repetidos fueron **Ane** e **Iker**, con **1** participante cada uno.',
    );
    expect(summary('2019', 'namesDiversityByYear')).toBe(
      'En **2019** se registraron **2** nombres distintos entre **3** participantes.',
    );
    expect(summary('2020', 'newNamesByYear')).toBe(
      'En **2020** apareció **1** nombre que no figuraba en ediciones anteriores: **Iker**.',
    );
    expect(summary('2022', 'newNamesByYear')).toBe('En **2022** no apareció ningún nombre nuevo.');
    expect(summary('2020', 'newSchoolsByYear')).toBe(
      'En **2020** se estrenó **1** compañía: **Ikastola Gamma**.',
    );
  });

  it('global rows carry the figures of the series', () => {
    expect(summary('global', 'totalParticipants')).toBe(
      'Entre **2019** y **2022** se han registrado **6** participaciones en **3** ediciones; la más concurrida fue la de **2019**, con **3** niños y niñas.',
    );
    expect(summary('global', 'longestNames')).toBe(
      'El nombre más largo registrado es **Iker**, con **4** caracteres.',
    );
    expect(summary('global', 'mostConstantSchools')).toBe(
      'La compañía más constante es **Ikastola Alfa**, presente en **2** de las **3** ediciones con datos.',
    );
  });

  it('intro and outro of a year: 2 to 4 sentences built from the figures', () => {
    // 2019 is the earliest year; 2019 % 3 = 0.
    expect(summary('2019', 'intro')).toBe(
      'La Tamborrada Infantil de **2019** reunió a **3** niños y niñas de **2** compañías. ' +
        'Es la primera edición de la que hay datos. ' +
        'El nombre más repetido fue **Ane**; el apellido más común, **Garcia**.',
    );
    expect(summary('2020', 'intro')).toBe(
      'En **2020** desfilaron **2** niños y niñas, repartidos en **2** compañías. ' +
        'Hubo **1** participante menos que en **2019**. ' +
        'Los nombres más repetidos fueron **Ane** e **Iker**; el apellido más común, **Ruiz**.',
    );
    expect(summary('2020', 'outro')).toBe(
      'Hasta aquí las cifras de **2020**: **2** participantes, **2** nombres distintos y **2** compañías, **1** de ellas nueva. ' +
        'Además, se estrenó **1** nombre. ' +
        '¡Gracias a todas las familias, compañías y tamborreros por hacerlo posible!',
    );
    for (const year of ['2019', '2020', '2022', 'global']) {
      for (const category of ['intro', 'outro']) {
        const sentences = summary(year, category).split(/(?<=[.!])\s+/);
        expect(sentences.length, `${year}/${category}`).toBeGreaterThanOrEqual(2);
        expect(sentences.length, `${year}/${category}`).toBeLessThanOrEqual(4);
      }
    }
  });

  it('the global intro mentions the years without data, never invents them', () => {
    expect(summary('global', 'intro')).toBe(
      'La serie de la Tamborrada Infantil reúne **3** ediciones, de **2019** a **2022**, con **6** participaciones de **3** compañías. ' +
        'No hay datos de **2021**. ' +
        'La edición más concurrida fue la de **2019**, con **3** niños y niñas. ' +
        'El nombre más repetido es **Ane**; los apellidos más comunes, **Garcia**, **Gil** y **Ruiz**.',
    );
  });

  it('big figures appear in Spanish number format', () => {
    const records: ParticipantRecord[] = Array.from({ length: 1234 }, (_, i) => ({
      name: `Ane Lasa${i % 2 === 0 ? '' : ' Arrieta'}`,
      school: A,
      year: 2024,
    }));
    const rows = statisticsOf(records);
    const total = rows.find((r) => r.year === '2024' && r.category === 'totalParticipantsByYear')!;
    expect(total.summary).toBe('En **2024** participaron **1.234** niños y niñas de **1** compañía.');
    const names = rows.find((r) => r.year === '2024' && r.category === 'topNamesByYear')!;
    expect(names.summary).toBe(
      'En **2024**, el nombre más repetido fue **Ane**, con **1.234** participantes.',
    );
  });
});
