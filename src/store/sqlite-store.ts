import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { StoreLocation } from '../config/index.js';
import { SqlReads, SqlSnapshot, type Sql } from './sql-reads.js';
import { schemaStateOf, SQLITE_NOW, SQLITE_SCHEMA } from './sql-schema.js';
import { SqlWrites } from './sql-writes.js';
import {
  StaleConnectionError,
  type SchemaState,
  type StoreSnapshot,
  type StoreVersion,
  type WriteStore,
  type WriteTransaction,
} from './store.js';

/** `create`: the file when missing, its owner's only; 'leave-nothing': no `-wal`/`-shm` left beside it (a backup). */
interface SqliteStoreOptions {
  readonly?: boolean | 'leave-nothing';
  create?: boolean;
}

const BUSY_TIMEOUT_MS = 5000;
const WAL_EMPTY_WAIT_MS = 30_000;
const INSERT_BATCH = 500;
/** A multiple of INSERT_BATCH. */
const PROGRESS_EVERY_ROWS = 10_000;

function counterOf(db: Database.Database): string {
  const row = db
    .prepare(
      "SELECT group_concat(part || '=' || version, ',') AS counter FROM (SELECT * FROM tamborrada_changes ORDER BY part)",
    )
    .get() as { counter: string | null };
  return row.counter ?? '';
}

/** Mode 0600 (its folder 0700): children's names; SQLite gives its `-wal` and `-shm` the file's mode. */
function createOwnerOnly(path: string): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  try {
    writeFileSync(path, '', { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

/**
 * A read-only connection would leave the `-wal` and `-shm` it creates behind; for 'leave-nothing'
 * where no `-wal` is there, a read-write one that changes nothing (`query_only`) removes them.
 */
function readOnlyConnection(path: string, readonly: SqliteStoreOptions['readonly']): boolean {
  if (readonly !== 'leave-nothing') return readonly ?? false;
  return existsSync(`${path}-wal`);
}

function fileIdentity(path: string): string | undefined {
  try {
    const stats = statSync(path);
    return `${stats.dev}:${stats.ino}`;
  } catch {
    return undefined;
  }
}

/**
 * In WAL mode. The connection follows its path: a file replaced there is opened anew; one
 * overwritten in place is reported (SQLite would answer from memory); a `-wal` and `-shm` not
 * those it opened throw StaleConnectionError (SQLite shares one WAL index in a process). Only
 * `stat`, never `open`: closing a descriptor drops the POSIX locks, and a WAL could be deleted.
 */
export class SqliteStore extends SqlReads implements WriteStore {
  readonly description: string;
  readonly location: StoreLocation;
  private db: Database.Database;
  private identity: string;
  private walIdentity: string | undefined;
  protected readonly sql: Sql = {
    all: async <T>(sql: string, params: unknown[] = []) => this.db.prepare(sql).all(...params) as T[],
    run: async (sql, params = []) => this.db.prepare(sql).run(...params).changes,
    now: SQLITE_NOW,
    readable: (table) => `EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '${table}')`,
  };
  private readonly version = async () => `${this.identity}#${counterOf(this.db)}`;
  private readonly eachParticipant: StoreSnapshot['readParticipants'] = async (withheld, take) => {
    const where = withheld.length === 0 ? '' : ` WHERE year NOT IN (${withheld.map(() => '?').join(', ')})`;
    const rows = this.db.prepare(`SELECT name, school, year FROM participants${where}`).raw(true);
    let count = 0;
    for (const [name, school, year] of rows.iterate(...withheld) as Iterable<[string, string, number]>) {
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

  /** A connection and the `device:inode` of its file (the same before and after). */
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
      if (this.options.readonly === 'leave-nothing') db.pragma('query_only = ON');
      const after = fileIdentity(this.path) ?? '';
      if (before === undefined || before === after || attempt === 3) return { db, identity: after };
      db.close();
    }
  }

  /** VACUUM rewrites every page (no deleted row left in free space), the checkpoint empties the WAL. */
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
      // The next read goes to the file: one overwritten with something else answers SQLITE_NOTADB.
      this.db.pragma('shrink_memory');
    }
    return this.version();
  }

  /** Reopens a file another took the place of; throws when it is gone; true if it is the same. */
  private followFile(): boolean {
    // SQLite itself says what is wrong with a folder or a device.
    if (!statSync(this.path).isFile() || this.db.inTransaction) return false;
    if (fileIdentity(this.path) === this.identity) return true;
    this.db.close();
    ({ db: this.db, identity: this.identity } = this.open());
    this.walIdentity = undefined;
    return false;
  }

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

  /** A deferred transaction: SQLite takes its snapshot at the first read. */
  async readSnapshot<T>(read: (snapshot: StoreSnapshot) => Promise<T>): Promise<T> {
    this.followFile();
    return this.inTransaction('BEGIN', () =>
      read(new SqlSnapshot(this.sql, this.version, this.eachParticipant)),
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
