import { describe, expect, it } from 'vitest';
import { generateDemoRows } from '../../../src/demo/index.js';
import { ANSWER_SHAPES } from '../../../src/domain/answer-shapes.js';
import { CATEGORY_IDS } from '../../../src/domain/categories.js';
import { normalizeName } from '../../../src/domain/names.js';
import { computeStatistics } from '../../support/statistics.js';

const rows = computeStatistics(
  [...generateDemoRows({ seed: 1, scale: 0.1 })].map((row) => ({
    name: normalizeName(row.name),
    school: row.school,
    year: Number(row.year),
  })),
  1, // every name listed: no list left empty
);

/** The category answer of one record, as the API serves it. */
const answerOf = (category: string, publicData: unknown) => ({
  stats: [{ category, public_data: publicData, summary: 'Resumen' }],
});
const fits = (category: string, publicData: unknown) =>
  ANSWER_SHAPES.category.safeParse(answerOf(category, publicData)).success;
const sample = (category: string) => rows.find((row) => row.category === category)!.publicData;

describe('the shapes of the answers', () => {
  it('fit every row the engine computes, of every category', () => {
    expect(new Set(rows.map((row) => row.category))).toEqual(new Set(CATEGORY_IDS));
    for (const row of rows) expect(fits(row.category, row.publicData), row.category).toBe(true);
  });

  it("refuse a category's data in another category's shape", () => {
    expect(fits('topNames', sample('longestNames'))).toBe(false);
    expect(fits('mostConstantSchools', sample('schoolsEvolution'))).toBe(false);
    expect(fits('newSchoolsByYear', sample('newNamesByYear'))).toBe(false);
    expect(fits('namesDiversity', sample('totalParticipants'))).toBe(false);
    expect(fits('intro', 0)).toBe(false);
    expect(fits('unknownCategory', null)).toBe(false);
  });

  it('refuse extra keys, fractional or negative counts', () => {
    expect(fits('topNames', [{ name: 'Ane', count: 3, extra: true }])).toBe(false);
    expect(fits('topNames', [{ name: 'Ane', count: 2.5 }])).toBe(false);
    expect(fits('namesDiversity', -1)).toBe(false);
    expect(fits('topNames', [{ name: 'Ane', count: 3 }])).toBe(true);
  });

  it('tell the statistics answer from the updating one', () => {
    const statistics = { isUpdating: false, year: '2024', total_categories: 0, statistics: {} };
    expect(ANSWER_SHAPES.statistics.safeParse(statistics).success).toBe(true);
    expect(ANSWER_SHAPES.statistics.safeParse({ isUpdating: true }).success).toBe(true);
    expect(ANSWER_SHAPES.statistics.safeParse({ isUpdating: true, year: '2024' }).success).toBe(false);
    expect(ANSWER_SHAPES.statistics.safeParse({ ...statistics, year: '24' }).success).toBe(false);
  });
});
