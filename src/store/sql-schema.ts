import type { SchemaState } from './store.js';

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

/**
 * The updating flag's table: read on every poll and served without a rebuild, so a change
 * to it moves no version (on PostgreSQL it still notifies, so that it is read at once).
 */
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

/** A table of one summary per statistic; with `time`, the time it was written (by hand). */
const summaryTable = (name: string, time?: string) => `CREATE TABLE IF NOT EXISTS ${name} (
       category text NOT NULL,
       year text NOT NULL,
       summary text NOT NULL,${time ? `\n       updated_at ${time},` : ''}
       PRIMARY KEY (category, year)
     )`;

const oneRowTable = (name: string, ...columns: string[]) => `CREATE TABLE IF NOT EXISTS ${name} (
       id integer PRIMARY KEY CHECK (id = 1),
       ${columns.join(',\n       ')}
     )`;

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
    ...ourTables(types.time),
  ];
}

/** Our own tables beside DESIGN §2's. */
function ourTables(time: string): string[] {
  return [
    summaryTable('summary_overrides', time),
    summaryTable('summaries_eu'),
    summaryTable('summary_overrides_eu', time),
    `CREATE TABLE IF NOT EXISTS tamborrada_year_sources (
       year integer PRIMARY KEY,
       source text NOT NULL,
       loaded_at ${time}
     )`,
    // The small-count rule the statistics were last computed under (DESIGN §5).
    oneRowTable(
      'tamborrada_statistics_rule',
      'min_published_count integer NOT NULL CHECK (min_published_count >= 1)',
      `computed_at ${time}`,
    ),
    // Each edition's `EditionTally` as JSON, made at its import and kept, with the k it was
    // made under and the fingerprint of the rows it stands for (`editionFingerprints`).
    `CREATE TABLE IF NOT EXISTS tamborrada_edition_tallies (
       year integer PRIMARY KEY,
       min_published_count integer NOT NULL,
       records_fingerprint text NOT NULL,
       tally text NOT NULL,
       computed_at ${time}
     )`,
    // The key of the removals' hashes, made by `migrate`.
    oneRowTable('tamborrada_store_secret', 'secret text NOT NULL', `created_at ${time}`),
    `CREATE TABLE IF NOT EXISTS ${LABELS_TABLE} (
       school text NOT NULL,
       lang text NOT NULL,
       label text NOT NULL,
       updated_at ${time},
       PRIMARY KEY (school, lang)
     )`,
    // A removal carried out: no name, a keyed hash of it.
    `CREATE TABLE IF NOT EXISTS tamborrada_removals (
       name_key text NOT NULL,
       school text NOT NULL,
       years text NOT NULL,
       records integer NOT NULL DEFAULT 0,
       removed_at ${time},
       PRIMARY KEY (name_key, years)
     )`,
    `CREATE TABLE IF NOT EXISTS tamborrada_changes (
       part text PRIMARY KEY,
       version bigint NOT NULL DEFAULT 0
     )`,
  ];
}
