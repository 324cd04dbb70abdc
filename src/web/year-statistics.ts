import type { z } from 'zod';
import type { YearCount } from '../domain/answer-shapes.js';

/** One stored statistic as the API serves it. */
export interface StatisticRecord {
  publicData: unknown;
  /** The longer list kept beside it (`undefined` for SQL NULL): what the pages list in full. */
  fullData: unknown;
  summary: string | null;
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
