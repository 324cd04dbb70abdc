import { PARTICIPANT_YEAR_PREFIX } from './change-versions.js';
import { STORE_PARTS } from './store.js';

const now = "(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))";

/** Bumps the counter of the participants of one year (`NEW.year` or `OLD.year`). */
function bumpYear(row: 'NEW' | 'OLD'): string {
  return `INSERT INTO tamborrada_changes (part, version) VALUES ('${PARTICIPANT_YEAR_PREFIX}' || ${row}.year, 1)
          ON CONFLICT (part) DO UPDATE SET version = version + 1;`;
}

/** The triggers that keep a counter per year of participants, by event: what each row touched. */
const YEAR_TRIGGER_BODIES = {
  insert: bumpYear('NEW'),
  update: `${bumpYear('OLD')} ${bumpYear('NEW')}`,
  delete: bumpYear('OLD'),
} as const;

/** Their names: the read model rebuilds only the changed years of a store that has all of them. */
export const SQLITE_YEAR_TRIGGERS = Object.keys(YEAR_TRIGGER_BODIES).map(
  (event) => `participants_${event}_bumps_year`,
);

/**
 * The schema of DESIGN §2 in SQLite, plus our own change counters. Every statement
 * is idempotent, so `migrate` can run on a live file any number of times.
 * Counters are bumped by triggers, so that plain SQL from the `sqlite3` shell is
 * noticed by the server exactly like a write from our CLI: one per table, and one per
 * year of participants (rows named `participants/2024`).
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
  ...STORE_PARTS.map(
    (part) => `INSERT OR IGNORE INTO tamborrada_changes (part, version) VALUES ('${part}', 0)`,
  ),
  ...STORE_PARTS.flatMap((part) =>
    ['INSERT', 'UPDATE', 'DELETE'].map(
      (event) =>
        `CREATE TRIGGER IF NOT EXISTS ${part}_${event.toLowerCase()}_bumps_version AFTER ${event} ON ${part}
         BEGIN UPDATE tamborrada_changes SET version = version + 1 WHERE part = '${part}'; END`,
    ),
  ),
  ...Object.entries(YEAR_TRIGGER_BODIES).map(
    ([event, body]) =>
      `CREATE TRIGGER IF NOT EXISTS participants_${event}_bumps_year AFTER ${event.toUpperCase()} ON participants
       BEGIN ${body} END`,
  ),
];
