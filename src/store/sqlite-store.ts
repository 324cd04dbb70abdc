import { mkdirSync, statSync, type Stats } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { sqliteLocation, type StoreLocation } from '../config/index.js';
import type { JsonValue } from '../domain/jsonb-order.js';
import type { ParticipantRecord } from '../domain/types.js';
import { SQLITE_SCHEMA } from './sqlite-schema.js';
import {
  StaleConnectionError,
  type ManualSummary,
  type SchemaState,
  type StoreSnapshot,
  type StoreVersion,
  type TakeParticipant,
  type UpdatingStatus,
  type WriteStore,
  type WriteTransaction,
  type YearStatus,
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

function identityOf(stats: Stats): string {
  return `${stats.dev}:${stats.ino}`;
}

/**
 * The store's counter: every row of `tamborrada_changes`, so that a store whose
 * counters an older version laid out (one per table and per year) is followed too.
 */
const COUNTER_SQL = `SELECT group_concat(part || '=' || version, ',') AS counter
                     FROM (SELECT part, version FROM tamborrada_changes ORDER BY part)`;

function counterOf(db: Database.Database): string {
  return (db.prepare(COUNTER_SQL).get() as { counter: string | null }).counter ?? '';
}

function fileIdentity(path: string): string | undefined {
  try {
    return identityOf(statSync(path));
  } catch {
    return undefined;
  }
}

/**
 * The embedded store: one SQLite file in WAL mode.
 *
 * The server's connection follows its path: a file replaced there (another device or
 * inode: deleted and created again, or renamed over) is opened anew, and a file
 * overwritten in place with something that is not a database is reported, although
 * SQLite would go on answering from pages it holds in memory.
 *
 * Nothing here opens the file outside SQLite: closing any descriptor of a file drops
 * every POSIX lock the process holds on it, and then the next SQLite client to close
 * believes it is the last one and deletes the WAL under our connections. The path's
 * identity comes from `stat` (no descriptor), and the file's header is read by SQLite:
 * each poll first drops the pages the connection holds in memory.
 *
 * Should the connection stop seeing the file's WAL all the same (the `-wal` or `-shm` at
 * the path is no longer the one it opened: something deleted them under it), the poll
 * throws `StaleConnectionError`: every connection of the process to the file must then be
 * closed (SQLite shares one WAL index among them) and opened again.
 */
export class SqliteStore implements WriteStore {
  readonly description: string;
  readonly location: StoreLocation;
  private db: Database.Database;
  /** `device:inode` of the file `db` has open. */
  private identity: string;
  /** `device:inode` of the `-wal` and `-shm` the connection opened, once a poll read through it. */
  private walIdentity: string | undefined;

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

  async readVersion(): Promise<StoreVersion> {
    if (this.followFile()) {
      this.checkWal();
      // The read that follows then goes to the file: one overwritten in place with
      // something else answers SQLITE_NOTADB instead of pages held in memory.
      this.db.pragma('shrink_memory');
    }
    return `${this.identity}#${counterOf(this.db)}`;
  }

  /**
   * Opens the file again when another one took its place; throws when it is gone. True
   * when the connection in service still has the file at the path open.
   */
  private followFile(): boolean {
    const stats = statSync(this.path);
    // SQLite itself says what is wrong with a folder or a device.
    if (!stats.isFile() || this.db.inTransaction) return false;
    if (identityOf(stats) === this.identity) return true;
    this.db.close();
    ({ db: this.db, identity: this.identity } = this.open());
    this.walIdentity = undefined;
    return false;
  }

  /**
   * Throws StaleConnectionError when the `-wal` and `-shm` at the path are no longer those
   * the connection opened (recorded at the first poll, after its first read). While a
   * connection is open nobody may delete them; if something did, the connection reads
   * a WAL nobody writes to any more.
   */
  private checkWal(): void {
    const walIdentity = () =>
      [`${this.path}-wal`, `${this.path}-shm`].map((file) => fileIdentity(file) ?? '-').join(' ');
    if (this.walIdentity === undefined) {
      // A connection creates them at its first read.
      counterOf(this.db);
      this.walIdentity = walIdentity();
    } else if (walIdentity() !== this.walIdentity) {
      throw new StaleConnectionError(`the WAL files at ${this.path} are no longer those the server opened`);
    }
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
        readVersion: async () => `${this.identity}#${counterOf(this.db)}`,
        readYears: async () => this.yearRows(),
        readUpdating: async () => (await this.readUpdatingStatus()).isUpdating,
        readStatistics: async () => this.statisticRows(),
        readParticipants: async (withheld, take) => this.eachParticipant(withheld, take),
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
  private eachParticipant(withheld: readonly number[], take: TakeParticipant): number {
    const where = withheld.length === 0 ? '' : ` WHERE year NOT IN (${withheld.map(() => '?').join(', ')})`;
    const rows = this.db.prepare(`SELECT name, school, year FROM participants${where}`).raw(true);
    let count = 0;
    for (const [name, school, year] of rows.iterate(...withheld) as IterableIterator<
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
    this.eachParticipant([], (name, school, year) => {
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
