import * as tables from './sql-schema.js';

const { FLAG_TABLE, FOLLOWED_TABLES, STORE_VERSION_ROW } = tables;

const now = "(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))";
const EVENTS = ['INSERT', 'UPDATE', 'DELETE'] as const;

const triggerName = (table: string, event: string) => `${table}_${event.toLowerCase()}_bumps_store_version`;

/**
 * What older versions kept: a counter per table and per year of participants, and their
 * triggers; and the updating flag's triggers, now that a poll reads the flag itself.
 */
const RETIRED_TRIGGERS = [
  ...[...FOLLOWED_TABLES, FLAG_TABLE].flatMap((table) =>
    EVENTS.map((event) => `${table}_${event.toLowerCase()}_bumps_version`),
  ),
  ...EVENTS.map((event) => `participants_${event.toLowerCase()}_bumps_year`),
  ...EVENTS.map((event) => triggerName(FLAG_TABLE, event)),
];

/**
 * The schema in SQLite. Every statement is idempotent, so `migrate` can run on a live
 * file any number of times. The store's version is one counter bumped by triggers, so
 * that plain SQL from the `sqlite3` shell is noticed by the server like a write from our CLI.
 */
export const SQLITE_SCHEMA: readonly string[] = [
  ...tables.createTables({
    id: 'integer PRIMARY KEY',
    time: `text NOT NULL DEFAULT ${now}`,
    json: (column) => `text CHECK (${column} IS NULL OR json_valid(${column}))`,
    flag: (column) => `integer NOT NULL DEFAULT 0 CHECK (${column} IN (0, 1))`,
  }),
  'CREATE INDEX IF NOT EXISTS participants_year_idx ON participants (year)',
  ...tables.RETIRED_TABLES.map((table) => `DROP TABLE IF EXISTS ${table}`),
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
