import { byteOrder } from '../domain/collation.js';
import type { JsonValue } from '../domain/jsonb-order.js';
import { BASQUE_TABLES, LABELS_TABLE } from './sql-schema.js';
import {
  LABEL_LANGUAGES,
  type ManualSummary,
  type Removal,
  type SchoolLabel,
  type StatisticsRule,
  type StoredStatistic,
  type StoredTally,
  type StoreVersion,
  type UpdatingStatus,
  type YearRow,
  type YearStatus,
} from './rows.js';

/** How one engine runs the SQL both speak: `?` placeholders, booleans bound as 0 and 1. */
export interface Sql {
  all<T>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Resolves to how many rows it changed. */
  run(sql: string, params?: unknown[]): Promise<number>;
  readonly now: string;
  /** SQL that is true when the table is there and this connection may read it. */
  readable(table: string): string;
}

/** `years` of a removal: one 4-digit year, or every year. */
export const ALL_YEARS = 'all';

function parseJson(text: string | null): JsonValue | undefined {
  return text === null ? undefined : (JSON.parse(text) as JsonValue);
}

function timestampText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value.toISOString() : String(value);
}

/** The reads of both engines, in a transaction or not; a store not migrated may lack our tables. */
export abstract class SqlReads {
  protected abstract readonly sql: Sql;

  private async canRead(...tables: string[]): Promise<boolean> {
    const [row] = await this.sql.all<{ readable: unknown }>(
      `SELECT ${tables.map((table) => this.sql.readable(table)).join(' AND ')} AS readable`,
    );
    return Boolean(row?.readable);
  }

  async readYears(): Promise<YearRow[]> {
    const rows = await this.sql.all<{ year: string; is_ready: unknown }>(
      'SELECT CAST(year AS TEXT) AS year, CAST(is_ready AS BOOLEAN) AS is_ready FROM available_years',
    );
    return rows.map((row) => ({ year: row.year, isReady: Boolean(row.is_ready) }));
  }

  async readUpdatingStatus(): Promise<UpdatingStatus> {
    const [row] = await this.sql.all<{ is_updating: unknown; notes: string | null; updated_at: unknown }>(
      'SELECT CAST(is_updating AS BOOLEAN) AS is_updating, notes, updated_at FROM sys_status WHERE id = 1',
    );
    return row
      ? { isUpdating: Boolean(row.is_updating), note: row.notes, updatedAt: timestampText(row.updated_at) }
      : { isUpdating: false, note: null, updatedAt: null };
  }

  async readUpdating(): Promise<boolean> {
    return (await this.readUpdatingStatus()).isUpdating;
  }

  async readStatistics(): Promise<StoredStatistic[]> {
    const sameRow = (alias: string) =>
      `${alias}.category = s.category AND ${alias}.year = CAST(s.year AS TEXT)`;
    const [basqueSummary, joins] = (await this.canRead(...BASQUE_TABLES))
      ? [
          'COALESCE(o.summary, e.summary)',
          `LEFT JOIN summaries_eu e ON ${sameRow('e')} LEFT JOIN summary_overrides_eu o ON ${sameRow('o')}`,
        ]
      : ['NULL', ''];
    const rows = await this.sql.all<
      Pick<StoredStatistic, 'category' | 'year' | 'summary'> &
        Record<'public_data' | 'full_data' | 'basque_summary', string | null> & { created_at: unknown }
    >(
      `SELECT s.category, CAST(s.year AS TEXT) AS year, CAST(s.public_data AS TEXT) AS public_data,
              CAST(s.full_data AS TEXT) AS full_data, s.summary, ${basqueSummary} AS basque_summary, s.created_at
       FROM statistics s ${joins}`,
    );
    return rows.map(({ public_data, full_data, basque_summary, created_at, ...row }) => ({
      ...row,
      publicData: parseJson(public_data),
      fullData: parseJson(full_data),
      basqueSummary: basque_summary,
      createdAt: timestampText(created_at),
    }));
  }

  async readYearStatuses(): Promise<YearStatus[]> {
    const rows = await this.sql.all<
      Record<'is_ready' | 'participants' | 'schools' | 'statistics', unknown> &
        Pick<YearStatus, 'year' | 'source'>
    >(
      `WITH p AS (SELECT CAST(year AS TEXT) AS year, count(*) AS n, count(DISTINCT school) AS schools
                  FROM participants GROUP BY year
                  UNION ALL
                  SELECT 'global', count(*), count(DISTINCT school) FROM participants),
            s AS (SELECT CAST(year AS TEXT) AS year, count(*) AS n FROM statistics GROUP BY year),
            y AS (SELECT CAST(year AS TEXT) AS year FROM available_years
                  UNION SELECT year FROM p WHERE n > 0 AND year <> 'global'
                  UNION SELECT year FROM s)
       SELECT y.year, CAST(a.is_ready AS BOOLEAN) AS is_ready, p.n AS participants, p.schools,
              s.n AS statistics, l.source
       FROM y
       LEFT JOIN available_years a ON CAST(a.year AS TEXT) = y.year
       LEFT JOIN p ON p.year = y.year
       LEFT JOIN s ON s.year = y.year
       LEFT JOIN tamborrada_year_sources l ON CAST(l.year AS TEXT) = y.year`,
    );
    return rows
      .map((row) => ({
        year: row.year,
        isReady: Boolean(row.is_ready),
        participants: Number(row.participants ?? 0),
        schools: Number(row.schools ?? 0),
        statistics: Number(row.statistics ?? 0),
        source: row.source,
      }))
      .sort((a, b) => byteOrder(a.year, b.year));
  }

  /** `undefined` if never computed by us. */
  async readStatisticsRule(): Promise<StatisticsRule | undefined> {
    if (!(await this.canRead('tamborrada_statistics_rule'))) return undefined;
    const [row] = await this.sql.all<{ min_published_count: unknown; computed_at: unknown }>(
      'SELECT min_published_count, computed_at FROM tamborrada_statistics_rule WHERE id = 1',
    );
    return (
      row && {
        minPublishedCount: Number(row.min_published_count),
        computedAt: timestampText(row.computed_at)!,
      }
    );
  }

  /** Years ascending; none where none are stored. */
  async readEditionTallies(): Promise<StoredTally[]> {
    if (!(await this.canRead('tamborrada_edition_tallies'))) return [];
    const rows = await this.sql.all<{ year: unknown; records_fingerprint: string; tally: string }>(
      'SELECT year, records_fingerprint, tally FROM tamborrada_edition_tallies',
    );
    return rows
      .map((row) => ({
        year: Number(row.year),
        recordsFingerprint: row.records_fingerprint,
        tally: JSON.parse(row.tally) as StoredTally['tally'],
      }))
      .sort((a, b) => a.year - b.year);
  }

  async readManualSummaries(): Promise<ManualSummary[]> {
    const rows = await this.sql.all<Omit<ManualSummary, 'updatedAt'> & { updated_at: unknown }>(
      `SELECT year, category, 'es' AS lang, summary, updated_at FROM summary_overrides
       UNION ALL
       SELECT year, category, 'eu', summary, updated_at FROM summary_overrides_eu`,
    );
    return rows
      .map(({ updated_at, ...row }) => ({ ...row, updatedAt: timestampText(updated_at) }))
      .sort(
        (a, b) => byteOrder(a.year, b.year) || byteOrder(a.category, b.category) || byteOrder(a.lang, b.lang),
      );
  }

  async readSchoolLabels(): Promise<SchoolLabel[]> {
    if (!(await this.canRead(LABELS_TABLE))) return [];
    const rows = await this.sql.all<Omit<SchoolLabel, 'updatedAt'> & { updated_at: unknown }>(
      `SELECT school, lang, label, updated_at FROM ${LABELS_TABLE}`,
    );
    return rows
      .filter((row) => (LABEL_LANGUAGES as readonly string[]).includes(row.lang))
      .map(({ updated_at, ...row }) => ({ ...row, updatedAt: timestampText(updated_at) }))
      .sort((a, b) => byteOrder(a.school, b.school) || byteOrder(a.lang, b.lang));
  }

  async readRemovals(): Promise<Removal[]> {
    const rows = await this.sql.all<
      Record<'name_key' | 'school' | 'years', string> & Record<'records' | 'removed_at', unknown>
    >('SELECT name_key, school, years, records, removed_at FROM tamborrada_removals');
    return rows
      .map((row) => ({
        nameKey: row.name_key,
        school: row.school,
        year: row.years === ALL_YEARS ? undefined : Number(row.years),
        records: Number(row.records),
        removedAt: timestampText(row.removed_at),
      }))
      .sort((a, b) => byteOrder(a.removedAt ?? '', b.removedAt ?? '') || byteOrder(a.school, b.school));
  }

  async readRemovalSecret(): Promise<string> {
    const [row] = await this.sql.all<{ secret: string }>(
      'SELECT secret FROM tamborrada_store_secret WHERE id = 1',
    );
    if (row === undefined) throw new Error('the store has no removal secret: run `tamborrada migrate`');
    return row.secret;
  }
}

/** Reads that all see one committed state of the store (inside one read transaction). */
export class SqlSnapshot extends SqlReads {
  constructor(
    protected readonly sql: Sql,
    readonly readVersion: () => Promise<StoreVersion>,
    /** Passes each participant but the `withheld` years' to `take` (no object per row: millions); returns how many. */
    readonly readParticipants: (
      withheld: readonly number[],
      take: (name: string, school: string, year: number) => void,
    ) => Promise<number>,
  ) {
    super();
  }
}

export type StoreSnapshot = Pick<SqlSnapshot, keyof SqlSnapshot>;
