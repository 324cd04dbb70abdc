import { FOLLOWED_TABLES, STORE_VERSION_ROW } from './store.js';

const now = "(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))";
const EVENTS = ['INSERT', 'UPDATE', 'DELETE'] as const;

/** What older versions kept: a counter per table and per year of participants, and their triggers. */
const RETIRED_TRIGGERS = [
  ...FOLLOWED_TABLES.flatMap((table) =>
    EVENTS.map((event) => `${table}_${event.toLowerCase()}_bumps_version`),
  ),
  ...EVENTS.map((event) => `participants_${event.toLowerCase()}_bumps_year`),
];

/**
 * The schema of DESIGN §2 in SQLite, plus our own tables. Every statement is
 * idempotent, so `migrate` can run on a live file any number of times. The store's
 * version is one counter, bumped by triggers on every table a read model is built from,
 * so that plain SQL from the `sqlite3` shell is noticed by the server exactly like a
 * write from our CLI. What older versions kept in its place is dropped.
 */
export const SQLITE_SCHEMA: readonly string[] = [
  `CREATE TABLE IF NOT EXISTS participants (
     id INTEGER PRIMARY KEY,
     name TEXT NOT NULL,
     school TEXT NOT NULL,
     year INTEGER NOT NULL,
     article_date TEXT,
     url_id TEXT,
     created_at TEXT NOT NULL DEFAULT ${now}
   )`,
  'CREATE INDEX IF NOT EXISTS participants_year_idx ON participants (year)',
  `CREATE TABLE IF NOT EXISTS statistics (
     id INTEGER PRIMARY KEY,
     category TEXT NOT NULL,
     scope TEXT NOT NULL DEFAULT 'yearly',
     year TEXT NOT NULL,
     public_data TEXT CHECK (public_data IS NULL OR json_valid(public_data)),
     full_data TEXT CHECK (full_data IS NULL OR json_valid(full_data)),
     summary TEXT,
     created_at TEXT NOT NULL DEFAULT ${now},
     UNIQUE (category, scope, year)
   )`,
  `CREATE TABLE IF NOT EXISTS available_years (
     year TEXT PRIMARY KEY,
     is_ready INTEGER NOT NULL DEFAULT 0 CHECK (is_ready IN (0, 1)),
     created_at TEXT NOT NULL DEFAULT ${now},
     updated_at TEXT NOT NULL DEFAULT ${now}
   )`,
  `CREATE TABLE IF NOT EXISTS sys_status (
     id INTEGER PRIMARY KEY,
     is_updating INTEGER NOT NULL DEFAULT 0 CHECK (is_updating IN (0, 1)),
     updated_at TEXT NOT NULL DEFAULT ${now},
     notes TEXT
   )`,
  `CREATE TABLE IF NOT EXISTS summary_overrides (
     category TEXT NOT NULL,
     year TEXT NOT NULL,
     summary TEXT NOT NULL,
     updated_at TEXT NOT NULL DEFAULT ${now},
     PRIMARY KEY (category, year)
   )`,
  `CREATE TABLE IF NOT EXISTS tamborrada_year_sources (
     year INTEGER PRIMARY KEY,
     source TEXT NOT NULL,
     loaded_at TEXT NOT NULL DEFAULT ${now}
   )`,
  `CREATE TABLE IF NOT EXISTS tamborrada_changes (
     part TEXT PRIMARY KEY,
     version INTEGER NOT NULL DEFAULT 0
   )`,
  ...RETIRED_TRIGGERS.map((name) => `DROP TRIGGER IF EXISTS ${name}`),
  `DELETE FROM tamborrada_changes WHERE part <> '${STORE_VERSION_ROW}'`,
  `INSERT OR IGNORE INTO tamborrada_changes (part, version) VALUES ('${STORE_VERSION_ROW}', 0)`,
  ...FOLLOWED_TABLES.flatMap((table) =>
    EVENTS.map(
      (event) =>
        `CREATE TRIGGER IF NOT EXISTS ${table}_${event.toLowerCase()}_bumps_store_version AFTER ${event} ON ${table}
         BEGIN UPDATE tamborrada_changes SET version = version + 1 WHERE part = '${STORE_VERSION_ROW}'; END`,
    ),
  ),
];
