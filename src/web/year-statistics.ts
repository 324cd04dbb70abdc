import type { z } from 'zod';
import { CATEGORY_IDS, type CategoryId } from '../domain/categories.js';
import type { YearCount } from '../domain/answer-shapes.js';
import type { StatisticsCatalog } from '../read-model/statistics-catalog.js';

/** One stored statistic as the API serves it. */
export interface StatisticRecord {
  publicData: unknown;
  /** The longer list kept beside it (`undefined` for SQL NULL): what the pages list in full. */
  fullData: unknown;
  summary: string | null;
}

/** A year's statistics as `/api/category` serves them (a category's first row), read from its answers. */
export function yearStatistics(catalog: StatisticsCatalog, year: string): Map<CategoryId, StatisticRecord> {
  const records = new Map<CategoryId, StatisticRecord>();
  const answers = catalog.categoryByYear.get(year);
  if (answers === undefined) return records;
  const fullData = catalog.fullDataByYear.get(year);
  for (const category of CATEGORY_IDS) {
    const answer = answers.get(category);
    if (answer === undefined) continue;
    const { stats } = JSON.parse(answer.identity.body.toString()) as {
      stats: { public_data: unknown; summary: string | null }[];
    };
    const first = stats[0];
    if (first)
      records.set(category, {
        publicData: first.public_data,
        fullData: fullData?.get(category),
        summary: first.summary,
      });
  }
  return records;
}

/** `data` as `shape`, or `undefined` when it has another shape. */
export function parsed<T>(shape: z.ZodType<T>, data: unknown): T | undefined {
  const result = shape.safeParse(data);
  return result.success ? result.data : undefined;
}

/** A record's longer list (`full_data`) when it has that shape, else what the API serves. */
export const fullOrPublic = <T>(shape: z.ZodType<T>, record: StatisticRecord | undefined) =>
  parsed(shape, record?.fullData) ?? parsed(shape, record?.publicData);

/** The participants of a list of editions, added up. */
export const totalOf = (points: readonly YearCount[]) => points.reduce((sum, point) => sum + point.count, 0);
