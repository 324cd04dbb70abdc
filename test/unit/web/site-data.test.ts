import { describe, expect, it } from 'vitest';
import type { JsonValue } from '../../../src/domain/jsonb-order.js';
import { normalizeName } from '../../../src/domain/names.js';
import { NameIndex } from '../../../src/read-model/name-index.js';
import { ParticipantIndex, shelvesOf } from '../../../src/read-model/participant-index.js';
import type { ReadModel } from '../../../src/read-model/read-model.js';
import { StatisticsRecords, statisticsData } from '../../../src/read-model/statistics-records.js';
import { siteData } from '../../../src/web/site-data.js';
import { computeStatistics, nameFactsOf } from '../../support/statistics.js';

// Fictional children.
const records = [
  ...['Ane Garcia Lopez', 'Ane Perez Ruiz', 'Jon Etxeberria Sanz'].map((name) => ({
    name,
    school: 'Zubia',
    year: 2023,
  })),
  ...['Ane Garcia Lopez', 'Mikel Sanz Ruiz', 'Ane Lopez Garcia'].map((name) => ({
    name,
    school: 'Amara',
    year: 2024,
  })),
];
const rows = computeStatistics(records, 1);
const model: ReadModel = {
  version: 1,
  builtAt: new Date(0),
  statistics: new StatisticsRecords(
    statisticsData(
      ['2023', '2024', 'global'].map((year) => ({ year, isReady: true })),
      rows.map((row) => ({
        ...row,
        publicData: row.publicData as JsonValue,
        fullData: (row.fullData ?? undefined) as JsonValue | undefined,
        // Computed over two days (SQLite's default text, another engine's format): the later one is the data's date.
        createdAt: row.year === '2023' ? '2026-11-26 23:59:59' : '2026-11-27T08:00:00.000Z',
      })),
    ),
  ),
  participants: new ParticipantIndex(shelvesOf(records)),
  names: new NameIndex(nameFactsOf(records, [2023, 2024], 3)),
  schoolLabels: [],
  isUpdating: false,
};

describe('the pages’ data of a read model (site-data.ts)', () => {
  const data = siteData(model);

  it('the years in the order of /api/years, the schools in Spanish order', () => {
    expect(data.years).toEqual(['2024', '2023', 'global']);
    expect(data.companies).toEqual(['Amara', 'Zubia']);
    expect(data.childrenOf('Amara')).toBe(3);
  });

  it('the data’s date: the last day its figures were computed', () => {
    expect(data.dataDate).toBe('2026-11-27');
  });

  it('a year’s statistics as records: what the API serves, the longer list beside it, the summary', () => {
    const served = (category: string) => rows.find((r) => r.year === '2024' && r.category === category)!;
    const names = served('topNamesByYear');
    expect(data.recordsOf('2024').get('topNamesByYear')).toEqual({
      category: 'topNamesByYear',
      publicData: names.publicData,
      fullData: names.fullData,
      summary: names.summary,
      basqueSummary: names.basqueSummary,
    });
    // A figure has no longer list (SQL NULL).
    const diversity = served('namesDiversityByYear');
    expect(data.recordsOf('2024').get('namesDiversityByYear')).toEqual({
      category: 'namesDiversityByYear',
      publicData: diversity.publicData,
      fullData: undefined,
      summary: diversity.summary,
      basqueSummary: diversity.basqueSummary,
    });
    expect(data.recordsOf('global').get('intro')?.summary).toBe(
      rows.find((r) => r.year === 'global' && r.category === 'intro')!.summary,
    );
    expect(data.recordsOf('1999').size).toBe(0);
  });

  it('a search’s matches as records, none when nothing matches', () => {
    expect(data.search(normalizeName('ane garcia'), 'Amara')).toEqual([
      { name: 'Ane Garcia Lopez', school: 'Amara', year: 2024 },
    ]);
    expect(data.search(normalizeName('Nobody'), 'Amara')).toEqual([]);
  });
});
