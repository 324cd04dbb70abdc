import type { SchemaState } from './rows.js';

/** The schools' names in other languages than the lists' (`school label`): the pages' only. */
export const LABELS_TABLE = 'tamborrada_school_labels';
/** Tables of earlier versions that `migrate` drops. */
export const RETIRED_TABLES = ['tamborrada_name_facts'];
/** The generated Basque summaries (replaced with the statistics) and the hand-written ones. */
export const BASQUE_TABLES = ['summaries_eu', 'summary_overrides_eu'] as const;

/** The tables a read model is built from: a change to any of them moves the store's version. */
export const FOLLOWED_TABLES = [
  'participants',
  'statistics',
  'available_years',
  ...BASQUE_TABLES,
  'tamborrada_edition_tallies',
  LABELS_TABLE,
] as const;

/** The updating flag's: read on every poll, so a change moves no version (PostgreSQL still notifies). */
export const FLAG_TABLE = 'sys_status';
/** The one row of `tamborrada_changes`: the store's counter. */
export const STORE_VERSION_ROW = 'store';

export function schemaStateOf(tables: ReadonlySet<string>): SchemaState {
  if (OUR_TABLES.every((table) => tables.has(table))) return 'migrated';
  if (tables.has('tamborrada_changes')) return 'outdated';
  return tables.has('participants') ? 'unmigrated' : 'empty';
}

/** How one engine spells the columns that differ: a generated key, a timestamp defaulting to now… */
type ColumnTypes = Record<'id' | 'time', string> & Record<'json' | 'flag', (column: string) => string>;

const table = (name: string, ...columns: string[]) =>
  `CREATE TABLE IF NOT EXISTS ${name} (${columns.join(', ')})`;
const summaryTable = (name: string, ...columns: string[]) =>
  table(
    name,
    'category text NOT NULL, year text NOT NULL, summary text NOT NULL',
    ...columns,
    'PRIMARY KEY (category, year)',
  );
const oneRowTable = (name: string, ...columns: string[]) =>
  table(name, 'id integer PRIMARY KEY CHECK (id = 1)', ...columns);

/** DESIGN §2's tables and ours, created only when missing: the public project's stay as they are. */
export function createTables({ id, time, json, flag }: ColumnTypes): string[] {
  return [
    table(
      'participants',
      `id ${id}, name text NOT NULL, school text NOT NULL, year integer NOT NULL`,
      `article_date text, url_id text, created_at ${time}`,
    ),
    table(
      'statistics',
      `id ${id}, category text NOT NULL, scope text NOT NULL DEFAULT 'yearly', year text NOT NULL`,
      `public_data ${json('public_data')}, full_data ${json('full_data')}, summary text`,
      `created_at ${time}, UNIQUE (category, scope, year)`,
    ),
    table(
      'available_years',
      `year text PRIMARY KEY, is_ready ${flag('is_ready')}, created_at ${time}, updated_at ${time}`,
    ),
    table(
      'sys_status',
      `id integer PRIMARY KEY, is_updating ${flag('is_updating')}`,
      `updated_at ${time}, notes text`,
    ),
    ...ourTables(time),
  ];
}

function ourTables(time: string): string[] {
  return [
    summaryTable('summary_overrides', `updated_at ${time}`),
    summaryTable('summaries_eu'),
    summaryTable('summary_overrides_eu', `updated_at ${time}`),
    table('tamborrada_year_sources', 'year integer PRIMARY KEY, source text NOT NULL', `loaded_at ${time}`),
    // The small-count rule the statistics were last computed under (DESIGN §5).
    oneRowTable(
      'tamborrada_statistics_rule',
      'min_published_count integer NOT NULL CHECK (min_published_count >= 1)',
      `computed_at ${time}`,
    ),
    // Each edition's `EditionTally` as JSON, kept with its k and the fingerprint of its rows.
    table(
      'tamborrada_edition_tallies',
      'year integer PRIMARY KEY, min_published_count integer NOT NULL, records_fingerprint text NOT NULL',
      `tally text NOT NULL, computed_at ${time}`,
    ),
    // The key of the removals' hashes.
    oneRowTable('tamborrada_store_secret', 'secret text NOT NULL', `created_at ${time}`),
    table(
      LABELS_TABLE,
      'school text NOT NULL, lang text NOT NULL, label text NOT NULL',
      `updated_at ${time}, PRIMARY KEY (school, lang)`,
    ),
    // A removal carried out: no name, a keyed hash of it.
    table(
      'tamborrada_removals',
      'name_key text NOT NULL, school text NOT NULL, years text NOT NULL, records integer NOT NULL DEFAULT 0',
      `removed_at ${time}, PRIMARY KEY (name_key, years)`,
    ),
    table('tamborrada_changes', 'part text PRIMARY KEY, version bigint NOT NULL DEFAULT 0'),
  ];
}

/** A store that lacks one of our tables was not migrated by this version. */
export const OUR_TABLES = ourTables('').map((statement) => /EXISTS (\w+)/.exec(statement)![1]!);

export const SQLITE_NOW = "(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))";
const EVENTS = ['INSERT', 'UPDATE', 'DELETE'] as const;

const triggerName = (table: string, event: string) => `${table}_${event.toLowerCase()}_bumps_store_version`;

/** Older versions' counters per table and per year of participants, and the updating flag's. */
const RETIRED_TRIGGERS = [
  ...[...FOLLOWED_TABLES, FLAG_TABLE].flatMap((table) =>
    EVENTS.map((event) => `${table}_${event.toLowerCase()}_bumps_version`),
  ),
  ...EVENTS.map((event) => `participants_${event.toLowerCase()}_bumps_year`),
  ...EVENTS.map((event) => triggerName(FLAG_TABLE, event)),
];

/**
 * Idempotent: `migrate` can run on a live file. Triggers bump the store's counter, so that
 * plain SQL from the `sqlite3` shell is noticed by the server like a write from our CLI.
 */
export const SQLITE_SCHEMA: readonly string[] = [
  ...createTables({
    id: 'integer PRIMARY KEY',
    time: `text NOT NULL DEFAULT ${SQLITE_NOW}`,
    json: (column) => `text CHECK (${column} IS NULL OR json_valid(${column}))`,
    flag: (column) => `integer NOT NULL DEFAULT 0 CHECK (${column} IN (0, 1))`,
  }),
  'CREATE INDEX IF NOT EXISTS participants_year_idx ON participants (year)',
  ...RETIRED_TABLES.map((table) => `DROP TABLE IF EXISTS ${table}`),
  // 32 bytes from SQLite's generator, which the operating system's randomness seeds.
  'INSERT OR IGNORE INTO tamborrada_store_secret (id, secret) VALUES (1, lower(hex(randomblob(32))))',
  ...RETIRED_TRIGGERS.map((name) => `DROP TRIGGER IF EXISTS ${name}`),
  `DELETE FROM tamborrada_changes WHERE part <> '${STORE_VERSION_ROW}'`,
  `INSERT OR IGNORE INTO tamborrada_changes (part, version) VALUES ('${STORE_VERSION_ROW}', 0)`,
  ...FOLLOWED_TABLES.flatMap((table) =>
    EVENTS.map(
      (event) =>
        `CREATE TRIGGER IF NOT EXISTS ${triggerName(table, event)} AFTER ${event} ON ${table}
         BEGIN UPDATE tamborrada_changes SET version = version + 1 WHERE part = '${STORE_VERSION_ROW}'; END`,
    ),
  ),
];
