import { CATEGORY_IDS, GLOBAL_YEAR } from '../domain/categories.js';
import { canonicalizeJsonb, compareJsonb, type JsonValue } from '../domain/jsonb-order.js';
import { apiErrors, validYearsError } from '../domain/api-messages.js';
import { isYearFormat } from '../domain/validation.js';
import type { StoredStatistic, YearRow } from '../store/store.js';
import {
  CACHE,
  prepareError,
  prepareJson,
  prepareJsonText,
  revivePrepared,
  type PreparedResponse,
} from './prepared-response.js';

/** Every answer of years, statistics and category, prepared for one data version. */
export interface StatisticsCatalog {
  /** Valid ready years in the order of `/api/years`. */
  years: readonly string[];
  yearSet: ReadonlySet<string>;
  yearsAnswer: PreparedResponse;
  /** Answer of statistics for a year not among `years` (404). */
  statisticsInvalidYear: PreparedResponse;
  /** Answer of category for a year not among `years` (400). */
  categoryInvalidYear: PreparedResponse;
  statisticsByYear: ReadonlyMap<string, PreparedResponse>;
  /** Keyed by `year` then category; a missing pair answers `categoryNotFound`. */
  categoryByYear: ReadonlyMap<string, ReadonlyMap<string, PreparedResponse>>;
  /**
   * `full_data` by `year` then category, of the row the category answer lists first
   * (the row the pages show); absent where it is SQL NULL. Never served by the API.
   */
  fullDataByYear: ReadonlyMap<string, ReadonlyMap<string, JsonValue>>;
}

export const UPDATING_ANSWER = prepareJsonText(200, '{"isUpdating":true}', CACHE.none);
export const CATEGORY_NOT_FOUND = prepareError(apiErrors.categoryNotFound);
const NO_YEARS = prepareError(apiErrors.noYears);

/** Numeric years descending, then `global` last (spec §4.2). */
function orderYears(years: Iterable<string>): string[] {
  const list = [...new Set(years)].filter(isYearFormat);
  const numeric = list.filter((year) => year !== GLOBAL_YEAR).sort((a, b) => Number(b) - Number(a));
  return list.includes(GLOBAL_YEAR) ? [...numeric, GLOBAL_YEAR] : numeric;
}

/** `{category, public_data, summary}` as JSON; SQL NULL is served as `null`. */
function recordJson(record: StoredStatistic): string {
  return JSON.stringify({
    category: record.category,
    public_data: record.publicData ?? null,
    summary: record.summary,
  });
}

/** Descending jsonb order of `public_data` (SQL NULL first), ties by category ascending. */
function compareForStatistics(a: StoredStatistic, b: StoredStatistic): number {
  return (
    compareJsonb(b.publicData, a.publicData) ||
    (a.category < b.category ? -1 : a.category > b.category ? 1 : 0)
  );
}

/**
 * The statistics answer of a year: the first 30 rows (spec §4.3, §8), grouped by category in
 * order of first appearance (written by hand: a JS object would move integer-like keys first).
 */
function statisticsJson(year: string, sorted: readonly StoredStatistic[]): string {
  const groups = new Map<string, string[]>();
  for (const record of sorted.slice(0, 30)) {
    const group = groups.get(record.category);
    if (group) group.push(recordJson(record));
    else groups.set(record.category, [recordJson(record)]);
  }
  const statistics = [...groups].map(
    ([category, records]) => `${JSON.stringify(category)}:[${records.join(',')}]`,
  );
  return `{"isUpdating":false,"year":${JSON.stringify(year)},"total_categories":${groups.size},"statistics":{${statistics.join(',')}}}`;
}

/** Made in the build worker, at every change of the store: compressed at `build` effort. */
const DATA = { etag: true, effort: 'build' } as const;

export function buildStatisticsCatalog(
  yearRows: readonly YearRow[],
  storedStatistics: readonly StoredStatistic[],
): StatisticsCatalog {
  const years = orderYears(yearRows.filter((row) => row.isReady).map((row) => row.year));
  const yearSet = new Set(years);

  const canonical = (value: JsonValue | undefined) =>
    value === undefined ? undefined : canonicalizeJsonb(value);
  const recordsByYear = new Map<string, StoredStatistic[]>(years.map((year) => [year, []]));
  for (const row of storedStatistics) {
    const { publicData, fullData } = row;
    recordsByYear
      .get(row.year)
      ?.push({ ...row, publicData: canonical(publicData), fullData: canonical(fullData) });
  }

  const statisticsByYear = new Map<string, PreparedResponse>();
  const categoryByYear = new Map<string, Map<string, PreparedResponse>>();
  const fullDataByYear = new Map<string, Map<string, JsonValue>>();
  for (const [year, records] of recordsByYear) {
    records.sort(compareForStatistics);
    statisticsByYear.set(year, prepareJsonText(200, statisticsJson(year, records), CACHE.day, DATA));
    const byCategory = new Map<string, PreparedResponse>();
    const fullData = new Map<string, JsonValue>();
    for (const category of CATEGORY_IDS) {
      const matching = records.filter((record) => record.category === category);
      if (matching.length === 0) continue;
      const json = `{"stats":[${matching.map(recordJson).join(',')}]}`;
      byCategory.set(category, prepareJsonText(200, json, CACHE.day, DATA));
      if (matching[0]!.fullData !== undefined) fullData.set(category, matching[0]!.fullData);
    }
    categoryByYear.set(year, byCategory);
    fullDataByYear.set(year, fullData);
  }

  return {
    years,
    yearSet,
    yearsAnswer: years.length === 0 ? NO_YEARS : prepareJson(200, { years }, CACHE.day, DATA),
    statisticsInvalidYear: prepareError(validYearsError(apiErrors.statisticsInvalidYear, years)),
    categoryInvalidYear: prepareError(validYearsError(apiErrors.categoryInvalidYear, years)),
    statisticsByYear,
    categoryByYear,
    fullDataByYear,
  };
}

/** The catalogue as a build worker handed it over: its answers' bodies made Buffers again. */
export function reviveCatalog(catalog: StatisticsCatalog): StatisticsCatalog {
  const each = <V>(map: ReadonlyMap<string, V>, revive: (value: V) => V) =>
    new Map([...map].map(([key, value]) => [key, revive(value)]));
  return {
    ...catalog,
    yearsAnswer: revivePrepared(catalog.yearsAnswer),
    statisticsInvalidYear: revivePrepared(catalog.statisticsInvalidYear),
    categoryInvalidYear: revivePrepared(catalog.categoryInvalidYear),
    statisticsByYear: each(catalog.statisticsByYear, revivePrepared),
    categoryByYear: each(catalog.categoryByYear, (answers) => each(answers, revivePrepared)),
  };
}
