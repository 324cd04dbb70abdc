import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { StoreLocation } from '../config/index.js';
import { SqlReads, SqlSnapshot, type Sql } from './sql-reads.js';
import { schemaStateOf } from './sql-schema.js';
import { SqlWrites } from './sql-writes.js';
import { SQLITE_SCHEMA } from './sqlite-schema.js';
import {
  StaleConnectionError,
  type SchemaState,
  type StoreSnapshot,
  type StoreVersion,
  type WriteStore,
  type WriteTransaction,
} from './store.js';

/**
 * `create`: the file (and its folder) when missing, readable by its owner only.
 * `readonly`: a connection that cannot write. `readOnly: 'leave-nothing'`: one that writes
 * nothing either and leaves no `-wal` or `-shm` beside a file nobody has open (a backup).
 */
interface SqliteStoreOptions {
  readonly?: boolean | 'leave-nothing';
  create?: boolean;
}

const BUSY_TIMEOUT_MS = 5000;
/** How long `eraseDeletedRows` tries to empty a WAL that other connections still read. */
const WAL_EMPTY_WAIT_MS = 30_000;
const INSERT_BATCH = 500;
/** How often an insert reports its progress, in rows (a multiple of INSERT_BATCH). */
const PROGRESS_EVERY_ROWS = 10_000;

/** The store's counter: every row of `tamborrada_changes` (an older version kept one per table and year). */
function counterOf(db: Database.Database): string {
  const row = db
    .prepare(
      "SELECT group_concat(part || '=' || version, ',') AS counter FROM (SELECT * FROM tamborrada_changes ORDER BY part)",
    )
    .get() as { counter: string | null };
  return row.counter ?? '';
}

/**
 * A missing store file, created empty with mode 0600 (its folder 0700) before SQLite
 * opens it: it holds children's names, and SQLite gives its `-wal` and `-shm` the file's mode.
 */
function createOwnerOnly(path: string): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  try {
    writeFileSync(path, '', { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

/**
 * Whether to open SQLite read-only. For 'leave-nothing': a read-only connection would
 * create the `-wal` and `-shm` of a WAL file and, unable to checkpoint, leave them behind;
 * where no `-wal` is there (nobody has the file open), a read-write connection that
 * changes nothing (`query_only`) is the last to close and removes them, as SQLite does.
 */
function readOnlyConnection(path: string, readonly: SqliteStoreOptions['readonly']): boolean {
  if (readonly !== 'leave-nothing') return readonly ?? false;
  return existsSync(`${path}-wal`);
}

/** `device:inode` of the file at `path`, if there is one. */
function fileIdentity(path: string): string | undefined {
  try {
    const stats = statSync(path);
    return `${stats.dev}:${stats.ino}`;
  } catch {
    return undefined;
  }
}

/**
 * The embedded store: one SQLite file in WAL mode. The server's connection follows its
 * path: a file replaced there (another device or inode) is opened anew, and a file
 * overwritten in place with something that is not a database is reported, although
 * SQLite would go on answering from pages it holds in memory.
 *
 * Nothing here opens the file outside SQLite: closing any descriptor of a file drops
 * every POSIX lock the process holds on it, and the next SQLite client to close would
 * delete the WAL under our connections. Hence `stat` for the path's identity.
 *
 * Should the `-wal` or `-shm` at the path no longer be those the connection opened, the
 * poll throws `StaleConnectionError`: every connection of the process to the file must
 * be closed (SQLite shares one WAL index among them) and opened again.
 */
export class SqliteStore extends SqlReads implements WriteStore {
  readonly description: string;
  readonly location: StoreLocation;
  private db: Database.Database;
  /** `device:inode` of the file `db` has open. */
  private identity: string;
  /** `device:inode` of the `-wal` and `-shm` the connection opened, once a poll read through it. */
  private walIdentity: string | undefined;
  protected readonly sql: Sql = {
    all: async <T>(sql: string, params: unknown[] = []) => this.db.prepare(sql).all(...params) as T[],
    run: async (sql, params = []) => this.db.prepare(sql).run(...params).changes,
    now: "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')",
    readable: (table) => `EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '${table}')`,
  };
  private readonly eachParticipant: StoreSnapshot['readParticipants'] = async (withheld, take) => {
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
  };
  private readonly insertParticipants: WriteTransaction['insertParticipants'] = async (rows, onInserted) => {
    const insert = (count: number) =>
      this.db.prepare(
        `INSERT INTO participants (name, school, year) VALUES ${Array(count).fill('(?, ?, ?)').join(', ')}`,
      );
    const full = insert(INSERT_BATCH);
    for (let i = 0; i < rows.length; i += INSERT_BATCH) {
      const batch = rows.slice(i, i + INSERT_BATCH);
      const values = batch.flatMap((r) => [r.name, r.school, r.year]);
      (batch.length === INSERT_BATCH ? full : insert(batch.length)).run(values);
      if (i % PROGRESS_EVERY_ROWS === 0) onInserted?.(i + batch.length);
    }
    onInserted?.(rows.length);
  };

  constructor(
    private readonly path: string,
    private readonly options: SqliteStoreOptions = {},
  ) {
    super();
    this.description = `sqlite:${path}`;
    this.location = { engine: 'sqlite', path };
    if (options.create) createOwnerOnly(path);
    ({ db: this.db, identity: this.identity } = this.open());
  }

  /** A connection and the identity of the file it has open (the same before and after opening). */
  private open(): { db: Database.Database; identity: string } {
    for (let attempt = 1; ; attempt++) {
      const before = fileIdentity(this.path);
      const db = new Database(this.path, {
        readonly: readOnlyConnection(this.path, this.options.readonly),
        fileMustExist: !this.options.create,
      });
      db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
      // Deleted rows are overwritten with zeros, not left readable in free space (children's names).
      if (!this.options.readonly) db.pragma('secure_delete = ON');
      // A connection that may write the file but must not: SQLite refuses every change.
      if (this.options.readonly === 'leave-nothing') db.pragma('query_only = ON');
      const after = fileIdentity(this.path) ?? '';
      if (before === undefined || before === after || attempt === 3) return { db, identity: after };
      db.close();
    }
  }

  /**
   * VACUUM rewrites every page, so nothing deleted earlier (before secure deletion, by a
   * replaced list, by `year remove`) stays in free space; the checkpoint then copies it
   * into the file and truncates the WAL, whose older frames still hold deleted rows.
   */
  async eraseDeletedRows(): Promise<string | undefined> {
    this.db.exec('VACUUM');
    const deadline = performance.now() + WAL_EMPTY_WAIT_MS;
    for (;;) {
      const [{ busy }] = this.db.pragma('wal_checkpoint(TRUNCATE)') as [{ busy: number }];
      if (busy === 0) return undefined;
      if (performance.now() > deadline)
        return `other connections kept reading the WAL for ${WAL_EMPTY_WAIT_MS / 1000} s, so it may still hold the name: run this command again`;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async readSchemaState(): Promise<SchemaState> {
    const rows = await this.sql.all<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'");
    return schemaStateOf(new Set(rows.map((row) => row.name)));
  }

  async migrate(): Promise<boolean> {
    // Any change moves the schema's version or the connection's count of changed rows.
    const state = () =>
      `${this.db.pragma('schema_version', { simple: true })}/${this.db.prepare('SELECT total_changes()').pluck().get()}`;
    const before = state();
    const walAlready = this.db.pragma('journal_mode', { simple: true }) === 'wal';
    if (!walAlready) this.db.pragma('journal_mode = WAL');
    this.db
      .transaction(() => {
        for (const statement of SQLITE_SCHEMA) this.db.exec(statement);
      })
      .immediate();
    return !walAlready || state() !== before;
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

  /** Opens the file again when another took its place; throws when it is gone; true if it is the same. */
  private followFile(): boolean {
    // SQLite itself says what is wrong with a folder or a device.
    if (!statSync(this.path).isFile() || this.db.inTransaction) return false;
    if (fileIdentity(this.path) === this.identity) return true;
    this.db.close();
    ({ db: this.db, identity: this.identity } = this.open());
    this.walIdentity = undefined;
    return false;
  }

  /**
   * Throws StaleConnectionError when the `-wal` and `-shm` at the path are no longer those
   * the connection opened: it would read a WAL nobody writes to any more.
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

  /** A deferred transaction: SQLite takes its snapshot at the first read. The file is followed first. */
  async readSnapshot<T>(read: (snapshot: StoreSnapshot) => Promise<T>): Promise<T> {
    this.followFile();
    const readVersion = async () => `${this.identity}#${counterOf(this.db)}`;
    return this.inTransaction('BEGIN', () =>
      read(new SqlSnapshot(this.sql, readVersion, this.eachParticipant)),
    );
  }

  async transaction<T>(work: (tx: WriteTransaction) => Promise<T>): Promise<T> {
    return this.inTransaction('BEGIN IMMEDIATE', () =>
      work(new SqlWrites(this.sql, this.eachParticipant, this.insertParticipants)),
    );
  }

  private async inTransaction<T>(begin: string, work: () => Promise<T>): Promise<T> {
    this.db.exec(begin);
    try {
      const result = await work();
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
}
