import type { StoreLocation } from '../config/index.js';
import type { JsonValue } from '../domain/jsonb-order.js';
import type { ParticipantRecord } from '../domain/types.js';
import {
  LABEL_LANGUAGES,
  type LabelLanguage,
  type ManualSummary,
  type Removal,
  type SchoolLabel,
  type SummaryLanguage,
  type SchemaState,
  type StatisticsRule,
  type StoredStatistic,
  type StoredTally,
  type StoreSnapshot,
  type StoreVersion,
  type UpdatingStatus,
  type WriteTransaction,
  type YearRow,
  type YearStatus,
} from './store.js';

/**
 * How one engine runs the statements written once, in the SQL both speak: `?` placeholders,
 * booleans bound as 0 and 1 (PostgreSQL reads them as false and true).
 */
export interface Sql {
  all<T>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs a write; resolves to how many rows it changed. */
  run(sql: string, params?: unknown[]): Promise<number>;
  /** The current time as the engine writes it into `updated_at`. */
  readonly now: string;
  /** SQL that is true when the table is there and this connection may read it. */
  readable(table: string): string;
}

/** What an engine reads and writes its own way: participants in bulk. */
export interface ParticipantRows {
  each: StoreSnapshot['readParticipants'];
  insert: WriteTransaction['insertParticipants'];
}

/** The schools' names in other languages than the lists' (`school label`): the pages' only. */
export const LABELS_TABLE = 'tamborrada_school_labels';

/** A store that lacks one of our tables was not migrated by this version. */
export const OUR_TABLES = [
  'tamborrada_changes',
  'summary_overrides',
  'tamborrada_year_sources',
  'tamborrada_statistics_rule',
  'tamborrada_removals',
  'tamborrada_store_secret',
  'summaries_eu',
  'summary_overrides_eu',
  'tamborrada_edition_tallies',
  LABELS_TABLE,
];

/** Tables of earlier versions that `migrate` drops: what they held is made otherwise now. */
export const RETIRED_TABLES = ['tamborrada_name_facts'];

/**
 * The Basque summaries beside `statistics`: the generated ones (replaced with the
 * statistics) and the hand-written ones (kept across recomputes).
 */
export const BASQUE_TABLES = ['summaries_eu', 'summary_overrides_eu'] as const;

export function schemaStateOf(tables: ReadonlySet<string>): SchemaState {
  if (OUR_TABLES.every((table) => tables.has(table))) return 'migrated';
  if (tables.has('tamborrada_changes')) return 'outdated';
  return tables.has('participants') ? 'unmigrated' : 'empty';
}

/** Whether the store has these tables and this connection may read them (a store not migrated may lack them). */
async function canRead(sql: Sql, ...tables: string[]): Promise<boolean> {
  const [row] = await sql.all<{ readable: unknown }>(
    `SELECT ${tables.map((table) => sql.readable(table)).join(' AND ')} AS readable`,
  );
  return Boolean(row?.readable);
}

function parseJson(text: string | null): JsonValue | undefined {
  return text === null ? undefined : (JSON.parse(text) as JsonValue);
}

function jsonOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : JSON.stringify(value);
}

function timestampText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value.toISOString() : String(value);
}

/** Byte order (PostgreSQL's `COLLATE "C"`, SQLite's default), whatever the database's collation. */
function byText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function snapshotReads(
  sql: Sql,
  readVersion: () => Promise<StoreVersion>,
  participants: ParticipantRows,
): StoreSnapshot {
  return {
    readVersion,
    readYears: () => readYears(sql),
    readStatistics: () => readStatistics(sql),
    readStatisticsRule: () => readStatisticsRule(sql),
    readEditionTallies: () => readEditionTallies(sql),
    readParticipants: participants.each,
    readSchoolLabels: () => readSchoolLabels(sql),
  };
}

/** What both stores have alike: their description and location, and the reads made outside a transaction (through `sql`). */
export abstract class SqlStore {
  protected abstract readonly sql: Sql;

  constructor(
    readonly description: string,
    readonly location: StoreLocation,
  ) {}

  readonly readUpdatingStatus = () => readUpdatingStatus(this.sql);
  readonly readUpdating = async () => (await this.readUpdatingStatus()).isUpdating;
  readonly readYearStatuses = () => readYearStatuses(this.sql);
  readonly readManualSummaries = () => readManualSummaries(this.sql);
  readonly readStatisticsRule = () => readStatisticsRule(this.sql);
  readonly readRemovals = () => readRemovals(this.sql);
  readonly readRemovalSecret = () => readRemovalSecret(this.sql);
  readonly readSchoolLabels = () => readSchoolLabels(this.sql);
}

async function readYears(sql: Sql): Promise<YearRow[]> {
  const rows = await sql.all<{ year: string; is_ready: unknown }>(
    'SELECT CAST(year AS TEXT) AS year, CAST(is_ready AS BOOLEAN) AS is_ready FROM available_years',
  );
  return rows.map((row) => ({ year: row.year, isReady: Boolean(row.is_ready) }));
}

async function readUpdatingStatus(sql: Sql): Promise<UpdatingStatus> {
  const [row] = await sql.all<{ is_updating: unknown; notes: string | null; updated_at: unknown }>(
    'SELECT CAST(is_updating AS BOOLEAN) AS is_updating, notes, updated_at FROM sys_status WHERE id = 1',
  );
  return row
    ? { isUpdating: Boolean(row.is_updating), note: row.notes, updatedAt: timestampText(row.updated_at) }
    : { isUpdating: false, note: null, updatedAt: null };
}

/** The statistics, each with its Basque summary where the store has the Basque tables (one not migrated may lack them). */
async function readStatistics(sql: Sql): Promise<StoredStatistic[]> {
  const sameRow = (alias: string) =>
    `${alias}.category = s.category AND ${alias}.year = CAST(s.year AS TEXT)`;
  const [basqueSummary, joins] = (await canRead(sql, ...BASQUE_TABLES))
    ? [
        'COALESCE(o.summary, e.summary)',
        `LEFT JOIN summaries_eu e ON ${sameRow('e')} LEFT JOIN summary_overrides_eu o ON ${sameRow('o')}`,
      ]
    : ['NULL', ''];
  const rows = await sql.all<
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

async function readYearStatuses(sql: Sql): Promise<YearStatus[]> {
  const rows = await sql.all<
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
    .sort((a, b) => byText(a.year, b.year));
}

/** The rule the statistics were computed under; none where the store has no such table (one not migrated, served as it is). */
async function readStatisticsRule(sql: Sql): Promise<StatisticsRule | undefined> {
  if (!(await canRead(sql, 'tamborrada_statistics_rule'))) return undefined;
  const [row] = await sql.all<{ min_published_count: unknown; computed_at: unknown }>(
    'SELECT min_published_count, computed_at FROM tamborrada_statistics_rule WHERE id = 1',
  );
  return (
    row && { minPublishedCount: Number(row.min_published_count), computedAt: timestampText(row.computed_at)! }
  );
}

/** The stored tallies of the editions; none where the table is missing (a store not migrated). */
async function readEditionTallies(sql: Sql): Promise<StoredTally[]> {
  if (!(await canRead(sql, 'tamborrada_edition_tallies'))) return [];
  const rows = await sql.all<{ year: unknown; records_fingerprint: string; tally: string }>(
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

/** Every hand-written summary of both languages, by year, category and language. */
async function readManualSummaries(sql: Sql): Promise<ManualSummary[]> {
  const rows = await sql.all<Omit<ManualSummary, 'updatedAt'> & { updated_at: unknown }>(
    `SELECT year, category, 'es' AS lang, summary, updated_at FROM summary_overrides
     UNION ALL
     SELECT year, category, 'eu', summary, updated_at FROM summary_overrides_eu`,
  );
  return rows
    .map(({ updated_at, ...row }) => ({ ...row, updatedAt: timestampText(updated_at) }))
    .sort((a, b) => byText(a.year, b.year) || byText(a.category, b.category) || byText(a.lang, b.lang));
}

/** The schools' names in other languages, by school and language; none where the table is missing (a store not migrated) or unreadable. */
async function readSchoolLabels(sql: Sql): Promise<SchoolLabel[]> {
  if (!(await canRead(sql, LABELS_TABLE))) return [];
  const rows = await sql.all<Omit<SchoolLabel, 'updatedAt'> & { updated_at: unknown }>(
    `SELECT school, lang, label, updated_at FROM ${LABELS_TABLE}`,
  );
  return rows
    .filter((row) => (LABEL_LANGUAGES as readonly string[]).includes(row.lang))
    .map(({ updated_at, ...row }) => ({ ...row, updatedAt: timestampText(updated_at) }))
    .sort((a, b) => byText(a.school, b.school) || byText(a.lang, b.lang));
}

/** `years` of a removal: one 4-digit year, or every year. */
const ALL_YEARS = 'all';

async function readRemovals(sql: Sql): Promise<Removal[]> {
  const rows = await sql.all<
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
    .sort((a, b) => byText(a.removedAt ?? '', b.removedAt ?? '') || byText(a.school, b.school));
}

async function readRemovalSecret(sql: Sql): Promise<string> {
  const [row] = await sql.all<{ secret: string }>('SELECT secret FROM tamborrada_store_secret WHERE id = 1');
  if (row === undefined) throw new Error('the store has no removal secret: run `tamborrada migrate`');
  return row.secret;
}

export function writeTransaction(sql: Sql, participants: ParticipantRows): WriteTransaction {
  return {
    ...participantWrites(sql, participants),
    ...statisticsWrites(sql),
    ...yearWrites(sql),
    ...summaryWrites(sql),
    ...removalWrites(sql),
    ...labelWrites(sql),
  };
}

function participantWrites(sql: Sql, participants: ParticipantRows) {
  return {
    async deleteParticipantsOfYears(years) {
      for (const year of years) await sql.run('DELETE FROM participants WHERE year = ?', [year]);
    },
    insertParticipants: participants.insert,
    async readParticipants() {
      // Each school string shared by its rows: far smaller with millions of rows.
      const records: ParticipantRecord[] = [];
      const schools = new Map<string, string>();
      await participants.each([], (name, school, year) => {
        let shared = schools.get(school);
        if (shared === undefined) schools.set(school, (shared = school));
        records.push({ name, school: shared, year });
      });
      return records;
    },
    deleteParticipant: ({ name, school, year }) =>
      sql.run('DELETE FROM participants WHERE name = ? AND school = ? AND year = ?', [name, school, year]),
  } satisfies Partial<WriteTransaction>;
}

function statisticsWrites(sql: Sql) {
  return {
    async replaceStatistics(rows, minPublishedCount) {
      await sql.run(
        `INSERT INTO tamborrada_statistics_rule (id, min_published_count) VALUES (1, ?)
         ON CONFLICT (id) DO UPDATE SET min_published_count = excluded.min_published_count, computed_at = ${sql.now}`,
        [minPublishedCount],
      );
      await sql.run('DELETE FROM statistics');
      await sql.run('DELETE FROM summaries_eu');
      for (const r of rows) {
        await sql.run(
          'INSERT INTO statistics (category, scope, year, public_data, full_data, summary) VALUES (?, ?, ?, ?, ?, ?)',
          [r.category, r.scope, r.year, jsonOrNull(r.publicData), jsonOrNull(r.fullData), r.summary],
        );
        await sql.run('INSERT INTO summaries_eu (category, year, summary) VALUES (?, ?, ?)', [
          r.category,
          r.year,
          r.basqueSummary,
        ]);
      }
      // Hand-written summaries win over generated ones.
      const override =
        'FROM summary_overrides o WHERE o.category = statistics.category AND o.year = statistics.year';
      await sql.run(
        `UPDATE statistics SET summary = (SELECT o.summary ${override}) WHERE EXISTS (SELECT 1 ${override})`,
      );
    },
    readEditionTallies: () => readEditionTallies(sql),
    async writeEditionTally(tally, recordsFingerprint) {
      await sql.run(
        `INSERT INTO tamborrada_edition_tallies (year, min_published_count, records_fingerprint, tally)
         VALUES (?, ?, ?, ?)
         ON CONFLICT (year) DO UPDATE SET min_published_count = excluded.min_published_count,
           records_fingerprint = excluded.records_fingerprint, tally = excluded.tally, computed_at = ${sql.now}`,
        [tally.year, tally.k, recordsFingerprint, JSON.stringify(tally)],
      );
    },
    async setTallyFingerprint(year, recordsFingerprint) {
      await sql.run('UPDATE tamborrada_edition_tallies SET records_fingerprint = ? WHERE year = ?', [
        recordsFingerprint,
        year,
      ]);
    },
    async deleteEditionTallies(years) {
      for (const year of years)
        await sql.run('DELETE FROM tamborrada_edition_tallies WHERE year = ?', [year]);
    },
    readStatisticsRule: () => readStatisticsRule(sql),
    async lacksBasqueOrTallies() {
      const [row] = await sql.all<{ lacks: unknown }>(
        `SELECT NOT EXISTS (SELECT 1 FROM tamborrada_edition_tallies) OR EXISTS (SELECT 1 FROM statistics s WHERE NOT EXISTS
           (SELECT 1 FROM summaries_eu e WHERE e.category = s.category AND e.year = CAST(s.year AS TEXT))) AS lacks`,
      );
      return Boolean(row?.lacks);
    },
  } satisfies Partial<WriteTransaction>;
}

function yearWrites(sql: Sql) {
  return {
    async setReady(years, ready) {
      for (const year of new Set(years)) {
        await sql.run(
          `INSERT INTO available_years (year, is_ready) VALUES (?, ?)
           ON CONFLICT (year) DO UPDATE SET is_ready = excluded.is_ready, updated_at = ${sql.now}
           WHERE available_years.is_ready IS DISTINCT FROM excluded.is_ready`,
          [year, Number(ready)],
        );
      }
    },
    async unpublishYearsWithoutStatistics() {
      await sql.run(
        `UPDATE available_years SET is_ready = false, updated_at = ${sql.now}
         WHERE is_ready AND NOT EXISTS (SELECT 1 FROM statistics s WHERE s.year = available_years.year)`,
      );
    },
    async readWithheldYears() {
      const rows = await sql.all<{ year: string }>(
        'SELECT CAST(year AS TEXT) AS year FROM available_years WHERE NOT COALESCE(CAST(is_ready AS BOOLEAN), false)',
      );
      return rows.filter((row) => /^[0-9]{4}$/.test(row.year)).map((row) => Number(row.year));
    },
    async forgetYear(year) {
      await sql.run('DELETE FROM available_years WHERE CAST(year AS TEXT) = ?', [year]);
      await sql.run('DELETE FROM tamborrada_year_sources WHERE CAST(year AS TEXT) = ?', [year]);
    },
    async recordSource(years, source) {
      for (const year of years) {
        await sql.run(
          `INSERT INTO tamborrada_year_sources (year, source) VALUES (?, ?)
           ON CONFLICT (year) DO UPDATE SET source = excluded.source, loaded_at = ${sql.now}`,
          [year, source],
        );
      }
    },
    async setUpdating(isUpdating, note) {
      await sql.run(
        `INSERT INTO sys_status (id, is_updating, notes) VALUES (1, ?, ?)
         ON CONFLICT (id) DO UPDATE SET is_updating = excluded.is_updating, notes = excluded.notes,
           updated_at = ${sql.now}`,
        [Number(isUpdating), note],
      );
    },
    readYearStatuses: () => readYearStatuses(sql),
    async readSchools() {
      const rows = await sql.all<{ school: string }>('SELECT DISTINCT school FROM participants');
      return rows.map((row) => row.school);
    },
    async readSchoolParticipants(school) {
      const rows = await sql.all<{ name: string; year: unknown }>(
        'SELECT name, year FROM participants WHERE school = ?',
        [school],
      );
      return rows.map((row) => ({ name: row.name, school, year: Number(row.year) }));
    },
  } satisfies Partial<WriteTransaction>;
}

/** Where the hand-written summaries of each language are kept. */
const OVERRIDES: Record<SummaryLanguage, string> = { es: 'summary_overrides', eu: 'summary_overrides_eu' };

function summaryWrites(sql: Sql) {
  return {
    async setManualSummary(year, category, summary, lang = 'es') {
      // The Spanish one is written into the row the API serves; the Basque one is read beside it.
      const target = [year, category];
      const found =
        lang === 'es'
          ? await sql.run('UPDATE statistics SET summary = ? WHERE year = ? AND category = ?', [
              summary,
              ...target,
            ])
          : (await sql.all('SELECT 1 AS found FROM statistics WHERE year = ? AND category = ?', target))
              .length;
      if (found === 0) return false;
      await sql.run(
        `INSERT INTO ${OVERRIDES[lang]} (category, year, summary) VALUES (?, ?, ?)
         ON CONFLICT (category, year) DO UPDATE SET summary = excluded.summary, updated_at = ${sql.now}`,
        [category, year, summary],
      );
      return true;
    },
    async unsetManualSummary(year, category, lang = 'es') {
      const deleted = await sql.run(`DELETE FROM ${OVERRIDES[lang]} WHERE year = ? AND category = ?`, [
        year,
        category,
      ]);
      return deleted > 0;
    },
  } satisfies Partial<WriteTransaction>;
}

function removalWrites(sql: Sql) {
  return {
    readRemovalSecret: () => readRemovalSecret(sql),
    async recordRemoval({ nameKey, school, year, records }) {
      const inserted = await sql.run(
        `INSERT INTO tamborrada_removals (name_key, school, years, records) VALUES (?, ?, ?, ?)
         ON CONFLICT (name_key, years) DO NOTHING`,
        [nameKey, school, year === undefined ? ALL_YEARS : String(year), records],
      );
      return inserted > 0;
    },
    readRemovals: () => readRemovals(sql),
  } satisfies Partial<WriteTransaction>;
}

function labelWrites(sql: Sql) {
  return {
    async readSchools() {
      const rows = await sql.all<{ school: string }>('SELECT DISTINCT school FROM participants');
      return rows.map((row) => row.school).sort(byText);
    },
    async setSchoolLabel(school: string, lang: LabelLanguage, label: string) {
      await sql.run(
        `INSERT INTO ${LABELS_TABLE} (school, lang, label) VALUES (?, ?, ?)
         ON CONFLICT (school, lang) DO UPDATE SET label = excluded.label, updated_at = ${sql.now}`,
        [school, lang, label],
      );
    },
    async unsetSchoolLabels(school: string, langs: readonly LabelLanguage[]) {
      let deleted = 0;
      for (const lang of langs)
        deleted += await sql.run(`DELETE FROM ${LABELS_TABLE} WHERE school = ? AND lang = ?`, [school, lang]);
      return deleted;
    },
  } satisfies Partial<WriteTransaction>;
}

/** The tables a read model is built from: a change to any of them moves the store's version. */
export const FOLLOWED_TABLES = [
  'participants',
  'statistics',
  'available_years',
  ...BASQUE_TABLES,
  'tamborrada_edition_tallies',
  LABELS_TABLE,
] as const;

/**
 * The updating flag's table: read on every poll and served without a rebuild, so a change
 * to it moves no version (on PostgreSQL it still notifies, so that it is read at once).
 */
export const FLAG_TABLE = 'sys_status';

/** The one row of `tamborrada_changes`: the store's counter. */
export const STORE_VERSION_ROW = 'store';

/** How one engine spells the columns that differ: a generated key, a timestamp defaulting to now… */
export type ColumnTypes = Record<'id' | 'time', string> & Record<'json' | 'flag', (column: string) => string>;

/** A table of one summary per statistic; `types` given, with the time it was written (by hand). */
function summaryTable(name: string, types?: ColumnTypes): string {
  return `CREATE TABLE IF NOT EXISTS ${name} (
       category text NOT NULL,
       year text NOT NULL,
       summary text NOT NULL,${types ? `\n       updated_at ${types.time},` : ''}
       PRIMARY KEY (category, year)
     )`;
}

/**
 * The tables of DESIGN §2 and our own, created only when missing: an existing database
 * (the public project's) keeps its tables exactly as they are.
 */
export function createTables(types: ColumnTypes): string[] {
  return [
    `CREATE TABLE IF NOT EXISTS participants (
       id ${types.id},
       name text NOT NULL,
       school text NOT NULL,
       year integer NOT NULL,
       article_date text,
       url_id text,
       created_at ${types.time}
     )`,
    `CREATE TABLE IF NOT EXISTS statistics (
       id ${types.id},
       category text NOT NULL,
       scope text NOT NULL DEFAULT 'yearly',
       year text NOT NULL,
       public_data ${types.json('public_data')},
       full_data ${types.json('full_data')},
       summary text,
       created_at ${types.time},
       UNIQUE (category, scope, year)
     )`,
    `CREATE TABLE IF NOT EXISTS available_years (
       year text PRIMARY KEY,
       is_ready ${types.flag('is_ready')},
       created_at ${types.time},
       updated_at ${types.time}
     )`,
    `CREATE TABLE IF NOT EXISTS sys_status (
       id integer PRIMARY KEY,
       is_updating ${types.flag('is_updating')},
       updated_at ${types.time},
       notes text
     )`,
    ...ourTables(types),
  ];
}

/** Our own tables beside DESIGN §2's. */
function ourTables(types: ColumnTypes): string[] {
  return [
    summaryTable('summary_overrides', types),
    // The Basque summaries: the generated ones (replaced with the statistics), and those written by hand.
    summaryTable('summaries_eu'),
    summaryTable('summary_overrides_eu', types),
    `CREATE TABLE IF NOT EXISTS tamborrada_year_sources (
       year integer PRIMARY KEY,
       source text NOT NULL,
       loaded_at ${types.time}
     )`,
    // The small-count rule the statistics were last computed under (DESIGN §5); one row.
    `CREATE TABLE IF NOT EXISTS tamborrada_statistics_rule (
       id integer PRIMARY KEY CHECK (id = 1),
       min_published_count integer NOT NULL CHECK (min_published_count >= 1),
       computed_at ${types.time}
     )`,
    // What each edition publishes, made from its list when it is imported and kept as it
    // is (`EditionTally` as JSON text), with the rule's k it was made under and the
    // fingerprint of the rows it stands for (`editionFingerprints`), which a build checks.
    `CREATE TABLE IF NOT EXISTS tamborrada_edition_tallies (
       year integer PRIMARY KEY,
       min_published_count integer NOT NULL,
       records_fingerprint text NOT NULL,
       tally text NOT NULL,
       computed_at ${types.time}
     )`,
    // Migrate puts one random secret in it: the key of the removals' hashes.
    `CREATE TABLE IF NOT EXISTS tamborrada_store_secret (
       id integer PRIMARY KEY CHECK (id = 1),
       secret text NOT NULL,
       created_at ${types.time}
     )`,
    // A school's name on the pages of another language (`school label`), by school and language.
    `CREATE TABLE IF NOT EXISTS ${LABELS_TABLE} (
       school text NOT NULL,
       lang text NOT NULL,
       label text NOT NULL,
       updated_at ${types.time},
       PRIMARY KEY (school, lang)
     )`,
    // One row per removal request carried out: no name, a keyed hash of it.
    `CREATE TABLE IF NOT EXISTS tamborrada_removals (
       name_key text NOT NULL,
       school text NOT NULL,
       years text NOT NULL,
       records integer NOT NULL DEFAULT 0,
       removed_at ${types.time},
       PRIMARY KEY (name_key, years)
     )`,
    `CREATE TABLE IF NOT EXISTS tamborrada_changes (
       part text PRIMARY KEY,
       version bigint NOT NULL DEFAULT 0
     )`,
  ];
}
