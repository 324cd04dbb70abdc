/**
 * Every statistic row is told in both languages from the same figures: its Basque summary
 * is what the Basque generator says for exactly the call that made its Spanish one. Held
 * for rows whose figures can be read back from the row itself, whatever the Basque wording
 * (the generator's own tests hold that).
 */
import { describe, expect, it } from 'vitest';
import { CATEGORY_IDS } from '../../../../src/domain/categories.js';
import { basqueSummaries } from '../../../../src/domain/statistics/summaries-eu.js';
import {
  NOTHING_WITHHELD,
  statisticSummaries,
  type RankedFigure,
} from '../../../../src/domain/statistics/summaries.js';
import type { StatisticRow } from '../../../../src/domain/types.js';
import { FESTIVAL } from '../../../support/dataset.js';
import { computeStatistics } from '../../../support/statistics.js';

type Summaries = typeof statisticSummaries;

// Every name listed (k = 1): nothing withheld, so each list is the whole ranking.
const ROWS = computeStatistics(FESTIVAL, 1);
const rowOf = (year: string, category: string): StatisticRow =>
  ROWS.find((row) => row.year === year && row.category === category)!;
const participantsIn = (year: number) => FESTIVAL.filter((record) => record.year === year).length;

/** A row and the call that tells it, its figures read back from the rows. */
const CALLS: [year: string, category: string, tell: (s: Summaries, row: StatisticRow) => string][] = [
  [
    '2024',
    'totalParticipantsByYear',
    (s) =>
      s.totalParticipantsByYear(
        2024,
        participantsIn(2024),
        (rowOf('2024', 'topSchoolsByYear').fullData as []).length,
      ),
  ],
  [
    '2024',
    'namesDiversityByYear',
    (s, row) => s.diversity('names', row.publicData as number, 2024, participantsIn(2024)),
  ],
  ['global', 'surnamesDiversity', (s, row) => s.diversity('surnames', row.publicData as number)],
  ['2024', 'topSchoolsByYear', (s, row) => s.ranking('schools', row.fullData as RankedFigure[], 2024)],
  [
    'global',
    'topNames',
    (s, row) => s.ranking('names', row.fullData as RankedFigure[], undefined, NOTHING_WITHHELD),
  ],
  [
    '2024',
    'newSchoolsByYear',
    (s, row) =>
      s.newSchoolsByYear(
        2024,
        (row.fullData as { school: string }[]).map((item) => item.school),
      ),
  ],
];

describe('the Basque summary of each statistic', () => {
  it('is generated for every row', () => {
    expect(new Set(ROWS.map((row) => row.category))).toEqual(new Set(CATEGORY_IDS));
    for (const row of ROWS) expect(row.basqueSummary, `${row.year} ${row.category}`).not.toBe('');
  });

  it.each(CALLS)('is told from the figures of the Spanish one: %s %s', (year, category, tell) => {
    const row = rowOf(year, category);
    expect(row.summary).toBe(tell(statisticSummaries, row));
    expect(row.basqueSummary).toBe(tell(basqueSummaries, row));
  });
});
