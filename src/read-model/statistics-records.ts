import { byteOrder } from '../domain/collation.js';
import { GLOBAL_YEAR, isCategoryId, type CategoryId } from '../domain/categories.js';
import { canonicalizeJsonb, compareJsonb, type JsonValue } from '../domain/jsonb-order.js';
import { isYearFormat } from '../domain/validation.js';
import type { StoredStatistic, YearRow } from '../store/store.js';

/** One statistic of a year as the API and the pages serve it: the stored row without its year and time. */
export type StatisticRecord = Omit<StoredStatistic, 'year' | 'createdAt'>;

/** The ready years in the order of `/api/years`: numeric years descending, then `global` last (spec §4.2). */
export function publishedYears(yearRows: readonly YearRow[]): string[] {
  const ready = yearRows.filter((row) => row.isReady && isYearFormat(row.year));
  const list = [...new Set(ready.map((row) => row.year))];
  const numeric = list.filter((year) => year !== GLOBAL_YEAR).sort((a, b) => Number(b) - Number(a));
  return list.includes(GLOBAL_YEAR) ? [...numeric, GLOBAL_YEAR] : numeric;
}

/** The API's order: descending jsonb order of `public_data` (SQL NULL first), ties by category ascending. */
function compareForStatistics(a: StatisticRecord, b: StatisticRecord): number {
  return compareJsonb(b.publicData, a.publicData) || byteOrder(a.category, b.category);
}

const canonical = (value: JsonValue | undefined) => value && canonicalizeJsonb(value);

/** The UTC day of a stored timestamp (ISO, or SQLite's `2026-11-27 10:00:00`). */
function dayOf(timestamp: string | null): string | undefined {
  const time =
    timestamp === null ? NaN : Date.parse(timestamp.replace(' ', 'T').replace(/(T[0-9:.]+)$/, '$1Z'));
  return Number.isNaN(time) ? undefined : new Date(time).toISOString().slice(0, 10);
}

/** The ready years' records in the API's order, and the UTC day they were computed: data that crosses threads. */
export function statisticsData(yearRows: readonly YearRow[], stored: readonly StoredStatistic[]) {
  const years = publishedYears(yearRows);
  const recordsByYear = new Map<string, StatisticRecord[]>(years.map((year) => [year, []]));
  let computedOn: string | undefined;
  for (const { year, category, publicData, fullData, summary, basqueSummary, createdAt } of stored) {
    const records = recordsByYear.get(year);
    if (records === undefined) continue;
    records.push({
      category,
      publicData: canonical(publicData),
      fullData: canonical(fullData),
      summary,
      basqueSummary,
    });
    const day = dayOf(createdAt);
    if (day !== undefined && (computedOn === undefined || day > computedOn)) computedOn = day;
  }
  for (const records of recordsByYear.values()) records.sort(compareForStatistics);
  return { years, recordsByYear, computedOn };
}

/** The statistics of one read model: the ready years and their records. */
export class StatisticsRecords {
  /** The ready years in the order of `/api/years`. */
  readonly years: readonly string[];
  readonly yearSet: ReadonlySet<string>;
  readonly computedOn: string | undefined;
  private readonly recordsByYear: ReadonlyMap<string, readonly StatisticRecord[]>;
  private readonly firstByYear: ReadonlyMap<string, ReadonlyMap<CategoryId, StatisticRecord>>;

  constructor({ years, recordsByYear, computedOn }: ReturnType<typeof statisticsData>) {
    this.years = years;
    this.computedOn = computedOn;
    this.yearSet = new Set(years);
    this.recordsByYear = recordsByYear;
    this.firstByYear = new Map(
      [...recordsByYear].map(([year, records]) => {
        const first = new Map<CategoryId, StatisticRecord>();
        for (const record of records)
          if (isCategoryId(record.category) && !first.has(record.category))
            first.set(record.category, record);
        return [year, first];
      }),
    );
  }

  /** Every record of a ready year in the API's order; none for another year. */
  ofYear(year: string): readonly StatisticRecord[] {
    return this.recordsByYear.get(year) ?? [];
  }

  /** The first record of each category of a year (what `/api/category` lists first, and the pages show). */
  recordsOf(year: string): ReadonlyMap<CategoryId, StatisticRecord> {
    return this.firstByYear.get(year) ?? new Map();
  }
}
