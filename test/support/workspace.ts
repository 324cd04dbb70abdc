/** Helpers of the import-pipeline and command tests: temporary stores, dumps, the API, the CLI. */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { resolveStoreLocation, type StoreLocation } from '../../src/config/index.js';
import { CATEGORY_IDS } from '../../src/domain/categories.js';
import { startTestServer } from './server.js';
export { runCli, startCli, type CliRun } from './cli.js';
import { SqliteStore } from '../../src/store/sqlite-store.js';

/** A temporary folder with a store path in it (the file is not created). */
export interface Workspace {
  dir: string;
  dbPath: string;
  location: StoreLocation;
  /** Writes a file in the folder and returns its path. */
  file(name: string, content: string | Buffer): string;
  remove(): void;
}

export function createWorkspace(): Workspace {
  const dir = mkdtempSync(join(tmpdir(), 'tamborrada-it-'));
  const dbPath = join(dir, 'store.db');
  return {
    dir,
    dbPath,
    location: resolveStoreLocation({ db: dbPath }, {}),
    file(name, content) {
      const path = join(dir, name);
      writeFileSync(path, content);
      return path;
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** A CSV text from a header and rows (fields written as given: quote them yourself). */
export function csv(lines: readonly string[], eol = '\n'): string {
  return lines.join(eol) + eol;
}

/** SHA-256 of the SQLite file and its -wal and -shm companions ('absent' when missing). */
export function storeFileHashes(dbPath: string): Record<string, string> {
  return Object.fromEntries(
    ['', '-wal', '-shm'].map((suffix) => {
      const path = dbPath + suffix;
      const hash = existsSync(path)
        ? createHash('sha256').update(readFileSync(path)).digest('hex')
        : 'absent';
      return [`store.db${suffix}`, hash];
    }),
  );
}

/**
 * Reads a copy of the store (with its -wal), so that reading never touches the files
 * whose bytes the tests compare: even a read-only connection leaves -wal and -shm behind.
 */
function withDb<T>(dbPath: string, read: (db: Database.Database) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'tamborrada-copy-'));
  try {
    const copy = join(dir, 'copy.db');
    copyFileSync(dbPath, copy);
    if (existsSync(`${dbPath}-wal`)) copyFileSync(`${dbPath}-wal`, `${copy}-wal`);
    const db = new Database(copy, { fileMustExist: true });
    try {
      return read(db);
    } finally {
      db.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Every row of every table (change counters and ids included), in rowid order. */
export function dumpAllTables(dbPath: string): Record<string, unknown[]> {
  return withDb(dbPath, (db) => {
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      .pluck()
      .all() as string[];
    const schema = db.prepare('SELECT type, name, sql FROM sqlite_master ORDER BY type, name').all();
    return {
      sqlite_master: schema,
      ...Object.fromEntries(
        tables.map((table) => [table, db.prepare(`SELECT * FROM "${table}" ORDER BY rowid`).all()]),
      ),
    };
  });
}

export interface StoreContents {
  participants: unknown[];
  statistics: unknown[];
  available_years: unknown[];
  sys_status: unknown[];
  summary_overrides: unknown[];
}

/** What an import must reproduce exactly: the tables without ids, created_at and change counters. */
export function storeContents(dbPath: string): StoreContents {
  return withDb(dbPath, (db) => ({
    participants: db.prepare('SELECT name, school, year FROM participants ORDER BY name, school, year').all(),
    statistics: db
      .prepare(
        'SELECT category, scope, year, public_data, full_data, summary FROM statistics ORDER BY year, category, scope',
      )
      .all(),
    available_years: db.prepare('SELECT year, is_ready, updated_at FROM available_years ORDER BY year').all(),
    sys_status: db.prepare('SELECT id, is_updating, notes, updated_at FROM sys_status ORDER BY id').all(),
    summary_overrides: db
      .prepare('SELECT category, year, summary, updated_at FROM summary_overrides ORDER BY category, year')
      .all(),
  }));
}

export function query<T>(dbPath: string, sql: string, ...params: unknown[]): T[] {
  return withDb(dbPath, (db) => db.prepare(sql).all(...params) as T[]);
}

export interface Answer {
  status: number;
  text: string;
  etag: string | null;
  body: unknown;
}

export interface ApiServer {
  get(path: string): Promise<Answer>;
  /** Waits until the read model has caught up with the store. */
  sync(): Promise<void>;
  close(): Promise<void>;
}

/** The real server over the SQLite file, on a free loopback port. */
export async function serveStore(dbPath: string): Promise<ApiServer> {
  const server = await startTestServer(async () => new SqliteStore(dbPath, { readonly: true }), {
    pollIntervalMs: 60_000,
  });
  return {
    async get(path) {
      const { status, text, headers, body } = await server.get(path, {
        headers: { 'accept-encoding': 'identity' },
      });
      return { status, text, etag: headers.get('etag'), body };
    },
    sync: server.sync,
    close: () => server.close(),
  };
}

/** The participants searched in API snapshots (name, company). */
export type Search = readonly [string, string];

/**
 * Status, bytes and ETag of the answers a client can get: years, companies, the
 * statistics of every listed year (and of `2021`), every category of every year, and
 * the given participant searches.
 */
export async function apiSnapshot(
  server: ApiServer,
  searches: readonly Search[] = [],
): Promise<Record<string, Omit<Answer, 'body'>>> {
  const paths = ['/api/years', '/api/companies', '/api/statistics?year=2021'];
  const years = (await server.get('/api/years')).body as { years?: string[] } | undefined;
  for (const year of years?.years ?? []) {
    paths.push(`/api/statistics?year=${year}`);
    for (const category of CATEGORY_IDS) paths.push(`/api/category?category=${category}&year=${year}`);
  }
  for (const [name, company] of searches)
    paths.push(`/api/participants?name=${encodeURIComponent(name)}&company=${encodeURIComponent(company)}`);
  const snapshot: Record<string, Omit<Answer, 'body'>> = {};
  for (const path of paths) {
    const { status, text, etag } = await server.get(path);
    snapshot[path] = { status, text, etag };
  }
  return snapshot;
}

/** A snapshot from a server started on the store for the occasion. */
export async function freshApiSnapshot(
  dbPath: string,
  searches: readonly Search[] = [],
): Promise<Record<string, Omit<Answer, 'body'>>> {
  const server = await serveStore(dbPath);
  try {
    return await apiSnapshot(server, searches);
  } finally {
    await server.close();
  }
}

/** The lines of a command's output, without the trailing newline. */
export function linesOf(output: string): string[] {
  return output.replace(/\n$/, '').split('\n');
}
