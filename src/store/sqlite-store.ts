import { closeSync, mkdirSync, openSync, readSync, statSync, type Stats } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { sqliteLocation, type StoreLocation } from '../config/index.js';
import type { JsonValue } from '../domain/jsonb-order.js';
import type { ParticipantRecord } from '../domain/types.js';
import { countersToVersions } from './change-versions.js';
import { SQLITE_SCHEMA, SQLITE_YEAR_TRIGGERS } from './sqlite-schema.js';
import type {
  ChangeVersions,
  ManualSummary,
  SchemaState,
  StoreSnapshot,
  TakeParticipant,
  UpdatingStatus,
  WriteStore,
  WriteTransaction,
  YearStatus,
} from './store.js';

export interface SqliteStoreOptions {
  /** Open without write access (the server never writes, except to migrate). */
  readonly?: boolean;
  /** Create the file (and its folder) when missing. */
  create?: boolean;
}

const BUSY_TIMEOUT_MS = 5000;
/** Our own tables: a store that lacks one was not migrated by this version. */
const OUR_TABLES = ['tamborrada_changes', 'summary_overrides', 'tamborrada_year_sources'];
const INSERT_BATCH = 500;
/** How often an insert reports its progress, in rows (a multiple of INSERT_BATCH). */
const PROGRESS_EVERY_ROWS = 10_000;

function parseJson(text: string | null): JsonValue | undefined {
  return text === null ? undefined : (JSON.parse(text) as JsonValue);
}

function jsonOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : JSON.stringify(value);
}

/** The first 16 bytes of every SQLite database file. */
const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1');

function identityOf(stats: Stats): string {
  return `${stats.dev}:${stats.ino}`;
}

function fileIdentity(path: string): string | undefined {
  try {
    return identityOf(statSync(path));
  } catch {
    return undefined;
  }
}

function startsWithSqliteHeader(path: string): boolean {
  const head = Buffer.alloc(SQLITE_HEADER.length);
  const fd = openSync(path, 'r');
  try {
    return readSync(fd, head, 0, head.length, 0) === head.length && head.equals(SQLITE_HEADER);
  } finally {
    closeSync(fd);
  }
}

/** What SQLite itself says of such a file, once it reads it again. */
function notADatabase(): Error {
  return Object.assign(new Error('file is not a database'), { code: 'SQLITE_NOTADB' });
}

/**
 * The embedded store: one SQLite file in WAL mode.
 *
 * The server's connection follows its path: a file replaced there (another device or
 * inode: deleted and created again, or renamed over) is opened anew, and a file
 * overwritten in place with something that is not a database is reported, although
 * SQLite would go on answering from pages it holds in memory.
 */
export class SqliteStore implements WriteStore {
  readonly description: string;
  readonly location: StoreLocation;
  private db: Database.Database;
  /** `device:inode` of the file `db` has open. */
  private identity: string;

  constructor(
    private readonly path: string,
    private readonly options: SqliteStoreOptions = {},
  ) {
    if (options.create) mkdirSync(dirname(path), { recursive: true });
    ({ db: this.db, identity: this.identity } = this.open());
    this.description = `sqlite:${path}`;
    this.location = sqliteLocation(path);
  }

  /** A connection and the identity of the file it has open (the same before and after opening). */
  private open(): { db: Database.Database; identity: string } {
    for (let attempt = 1; ; attempt++) {
      const before = fileIdentity(this.path);
      const db = new Database(this.path, {
        readonly: this.options.readonly ?? false,
        fileMustExist: !this.options.create,
      });
      db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
      const after = fileIdentity(this.path) ?? '';
      if (before === undefined || before === after || attempt === 3) return { db, identity: after };
      db.close();
    }
  }

  async readSchemaState(): Promise<SchemaState> {
    const tables = new Set(
      (
        this.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]
      ).map((row) => row.name),
    );
    if (OUR_TABLES.every((table) => tables.has(table))) return 'migrated';
    if (tables.has('tamborrada_changes')) return 'outdated';
    return tables.has('participants') ? 'unmigrated' : 'empty';
  }

  async migrate(): Promise<void> {
    if (this.db.pragma('journal_mode', { simple: true }) !== 'wal') this.db.pragma('journal_mode = WAL');
    this.db
      .transaction(() => {
        for (const statement of SQLITE_SCHEMA) this.db.exec(statement);
      })
      .immediate();
  }

  async readChangeVersions(): Promise<ChangeVersions> {
    this.followFile();
    return this.changeVersions();
  }

  /** Opens the file again when another one took its place; throws when it is gone or not a database. */
  private followFile(): void {
    const stats = statSync(this.path);
    // SQLite itself says what is wrong with a folder or a device.
    if (!stats.isFile() || this.db.inTransaction) return;
    if (identityOf(stats) !== this.identity) {
      this.db.close();
      ({ db: this.db, identity: this.identity } = this.open());
    } else if (stats.size > 0 && !startsWithSqliteHeader(this.path)) {
      throw notADatabase();
    }
  }

  private changeVersions(): ChangeVersions {
    const rows = this.db.prepare('SELECT part, version FROM tamborrada_changes').all() as {
      part: string;
      version: number;
    }[];
    const triggers = this.db
      .prepare(
        `SELECT count(*) AS n FROM sqlite_master
         WHERE type = 'trigger' AND name IN (${SQLITE_YEAR_TRIGGERS.map(() => '?').join(', ')})`,
      )
      .get(...SQLITE_YEAR_TRIGGERS) as { n: number };
    return countersToVersions(rows, {
      identity: this.identity,
      tracksYears: triggers.n === SQLITE_YEAR_TRIGGERS.length,
    });
  }

  /**
   * A deferred transaction: SQLite takes its snapshot at the first read and keeps it to
   * the end. The file is followed first, as for a poll.
   */
  async readSnapshot<T>(read: (snapshot: StoreSnapshot) => Promise<T>): Promise<T> {
    this.followFile();
    this.db.exec('BEGIN');
    try {
      return await read({
        readChangeVersions: async () => this.changeVersions(),
        readYears: async () => this.yearRows(),
        readUpdating: async () => (await this.readUpdatingStatus()).isUpdating,
        readStatistics: async () => this.statisticRows(),
        readParticipants: async (years, take) => this.eachParticipant(years, take),
      });
    } finally {
      if (this.db.inTransaction) this.db.exec('COMMIT');
    }
  }

  private yearRows() {
    const rows = this.db.prepare('SELECT year, is_ready FROM available_years').all() as {
      year: string | number;
      is_ready: number;
    }[];
    return rows.map((row) => ({ year: String(row.year), isReady: row.is_ready === 1 }));
  }

  async readUpdatingStatus(): Promise<UpdatingStatus> {
    const row = this.db
      .prepare('SELECT is_updating, notes, updated_at FROM sys_status WHERE id = 1')
      .get() as { is_updating: number; notes: string | null; updated_at: string | null } | undefined;
    return row
      ? { isUpdating: row.is_updating === 1, note: row.notes, updatedAt: row.updated_at }
      : { isUpdating: false, note: null, updatedAt: null };
  }

  private statisticRows() {
    const rows = this.db
      .prepare('SELECT category, year, public_data, full_data, summary FROM statistics')
      .all() as {
      category: string;
      year: string | number;
      public_data: string | null;
      full_data: string | null;
      summary: string | null;
    }[];
    return rows.map((row) => ({
      category: row.category,
      year: String(row.year),
      publicData: parseJson(row.public_data),
      fullData: parseJson(row.full_data),
      summary: row.summary,
    }));
  }

  /** The participants of `years` (all when undefined), read as arrays: no object per row. */
  private eachParticipant(years: readonly number[] | undefined, take: TakeParticipant): number {
    if (years?.length === 0) return 0;
    const where = years === undefined ? '' : ` WHERE year IN (${years.map(() => '?').join(', ')})`;
    const rows = this.db.prepare(`SELECT name, school, year FROM participants${where}`).raw(true);
    let count = 0;
    for (const [name, school, year] of rows.iterate(...(years ?? [])) as IterableIterator<
      [string, string, number]
    >) {
      take(name, school, year);
      count++;
    }
    return count;
  }

  /** Every participant, each school string shared by its rows (far smaller with millions of rows). */
  private participantRecords(): ParticipantRecord[] {
    const records: ParticipantRecord[] = [];
    const schools = new Map<string, string>();
    this.eachParticipant(undefined, (name, school, year) => {
      let shared = schools.get(school);
      if (shared === undefined) schools.set(school, (shared = school));
      records.push({ name, school: shared, year });
    });
    return records;
  }

  async readYearStatuses(): Promise<YearStatus[]> {
    return this.db
      .prepare(
        `WITH years AS (
           SELECT year FROM available_years
           UNION SELECT CAST(year AS TEXT) FROM participants
           UNION SELECT year FROM statistics),
         counts AS (
           SELECT CAST(year AS TEXT) AS year, count(*) AS participants, count(DISTINCT school) AS schools
           FROM participants GROUP BY year
           UNION ALL
           SELECT 'global', count(*), count(DISTINCT school) FROM participants)
         SELECT y.year,
                COALESCE((SELECT is_ready FROM available_years a WHERE a.year = y.year), 0) AS is_ready,
                COALESCE(c.participants, 0) AS participants,
                COALESCE(c.schools, 0) AS schools,
                (SELECT count(*) FROM statistics s WHERE s.year = y.year) AS statistics,
                (SELECT source FROM tamborrada_year_sources l WHERE CAST(l.year AS TEXT) = y.year) AS source
         FROM years y LEFT JOIN counts c ON c.year = y.year ORDER BY y.year`,
      )
      .all()
      .map((row) => {
        const r = row as {
          year: string;
          is_ready: number;
          participants: number;
          schools: number;
          statistics: number;
          source: string | null;
        };
        return {
          year: r.year,
          isReady: r.is_ready === 1,
          participants: r.participants,
          schools: r.schools,
          statistics: r.statistics,
          source: r.source,
        };
      });
  }

  async readManualSummaries(): Promise<ManualSummary[]> {
    const rows = this.db
      .prepare('SELECT year, category, summary, updated_at FROM summary_overrides ORDER BY year, category')
      .all() as { year: string; category: string; summary: string; updated_at: string | null }[];
    return rows.map((row) => ({
      year: row.year,
      category: row.category,
      summary: row.summary,
      updatedAt: row.updated_at,
    }));
  }

  async transaction<T>(work: (tx: WriteTransaction) => Promise<T>): Promise<T> {
    this.db.exec('BEGIN IMMEDIATE');
    try {
      const result = await work(this.writeTransaction());
      this.db.exec('COMMIT');
      return result;
    } catch (error) {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
      throw error;
    }
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }

  private writeTransaction(): WriteTransaction {
    const db = this.db;
    return {
      async deleteParticipantsOfYears(years) {
        const remove = db.prepare('DELETE FROM participants WHERE year = ?');
        for (const year of years) remove.run(year);
      },
      async insertParticipants(rows, onInserted) {
        const values = (count: number) => Array(count).fill('(?, ?, ?)').join(', ');
        const full = db.prepare(
          `INSERT INTO participants (name, school, year) VALUES ${values(INSERT_BATCH)}`,
        );
        let i = 0;
        for (; i + INSERT_BATCH <= rows.length; i += INSERT_BATCH) {
          full.run(rows.slice(i, i + INSERT_BATCH).flatMap((r) => [r.name, r.school, r.year]));
          if (i % PROGRESS_EVERY_ROWS === 0) onInserted?.(i + INSERT_BATCH);
        }
        if (i < rows.length) {
          const rest = rows.slice(i);
          db.prepare(`INSERT INTO participants (name, school, year) VALUES ${values(rest.length)}`).run(
            rest.flatMap((r) => [r.name, r.school, r.year]),
          );
        }
        onInserted?.(rows.length);
      },
      readParticipants: async () => this.participantRecords(),
      async replaceStatistics(rows) {
        // Hand-written summaries (summary_overrides) win over generated ones.
        db.prepare('DELETE FROM statistics').run();
        const insert = db.prepare(
          `INSERT INTO statistics (category, scope, year, public_data, full_data, summary)
           VALUES (?, ?, ?, ?, ?, COALESCE((SELECT summary FROM summary_overrides o WHERE o.category = ? AND o.year = ?), ?))`,
        );
        for (const row of rows) {
          insert.run(
            row.category,
            row.scope,
            row.year,
            jsonOrNull(row.publicData),
            jsonOrNull(row.fullData),
            row.category,
            row.year,
            row.summary,
          );
        }
      },
      async setReady(years, ready) {
        const upsert = db.prepare(
          `INSERT INTO available_years (year, is_ready) VALUES (?, ?)
           ON CONFLICT (year) DO UPDATE SET is_ready = excluded.is_ready, updated_at = ${"strftime('%Y-%m-%dT%H:%M:%fZ', 'now')"}
           WHERE is_ready <> excluded.is_ready`,
        );
        for (const year of years) upsert.run(year, ready ? 1 : 0);
      },
      async unpublishYearsWithoutStatistics() {
        db.prepare(
          `UPDATE available_years SET is_ready = 0, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
           WHERE is_ready = 1 AND year NOT IN (SELECT year FROM statistics)`,
        ).run();
      },
      async readWithheldYears() {
        return (db.prepare('SELECT year FROM available_years WHERE is_ready = 0').all() as { year: string }[])
          .filter((row) => /^[0-9]{4}$/.test(String(row.year)))
          .map((row) => Number(row.year));
      },
      async forgetYear(year) {
        db.prepare('DELETE FROM available_years WHERE year = ?').run(year);
        db.prepare('DELETE FROM tamborrada_year_sources WHERE CAST(year AS TEXT) = ?').run(year);
      },
      async recordSource(years, source) {
        const upsert = db.prepare(
          `INSERT INTO tamborrada_year_sources (year, source) VALUES (?, ?)
           ON CONFLICT (year) DO UPDATE SET source = excluded.source, loaded_at = excluded.loaded_at`,
        );
        for (const year of years) upsert.run(year, source);
      },
      async setUpdating(isUpdating, note) {
        db.prepare(
          `INSERT INTO sys_status (id, is_updating, notes) VALUES (1, ?, ?)
           ON CONFLICT (id) DO UPDATE SET is_updating = excluded.is_updating, notes = excluded.notes,
             updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
        ).run(isUpdating ? 1 : 0, note);
      },
      async setManualSummary(year, category, summary) {
        const result = db
          .prepare('UPDATE statistics SET summary = ? WHERE year = ? AND category = ?')
          .run(summary, year, category);
        if (result.changes === 0) return false;
        db.prepare(
          `INSERT INTO summary_overrides (category, year, summary) VALUES (?, ?, ?)
           ON CONFLICT (category, year) DO UPDATE SET summary = excluded.summary,
             updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
        ).run(category, year, summary);
        return true;
      },
      readYearStatuses: () => this.readYearStatuses(),
      async unsetManualSummary(year, category) {
        return (
          db.prepare('DELETE FROM summary_overrides WHERE year = ? AND category = ?').run(year, category)
            .changes > 0
        );
      },
    };
  }
}
