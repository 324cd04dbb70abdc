import { statSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import type { StoreLocation } from '../config/index.js';
import { SqliteStore } from './sqlite-store.js';
import type { ReadStore, SchemaState, WriteStore } from './store.js';

/**
 * `read` creates, migrates and writes nothing; `write` needs an existing store; `create` creates and
 * migrates a missing SQLite file or an empty database; `migrate` accepts any schema (the caller migrates).
 */
export type StoreUse = 'read' | 'write' | 'create' | 'migrate';

export class StoreNotFoundError extends Error {}

/** Throws StoreNotFoundError unless a file is at `path`; false when nothing is there and `use` is create. */
export function sqliteFileExists(path: string, use: StoreUse): boolean {
  let stats;
  try {
    stats = statSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    if (use === 'create' || use === 'migrate') return false;
    const where = isAbsolute(path) ? path : `${path} (${resolve(path)})`;
    throw new StoreNotFoundError(
      `no store at ${where}: check the path, or create it with \`tamborrada migrate --db ${path}\``,
    );
  }
  if (stats.isDirectory()) throw new StoreNotFoundError(`${path} is a directory, not a SQLite store file`);
  return true;
}

export class StoreNotMigratedError extends Error {
  constructor(location: StoreLocation, schema: Exclude<SchemaState, 'migrated'>) {
    const where = storeAsTyped(location);
    const migrate = migrateCommand(location);
    super(
      schema === 'outdated'
        ? `store made by an older version: ${where} lacks tables this version needs; run ${migrate}`
        : `store not migrated: ${where} has ${schema === 'empty' ? 'no tables of tamborrada' : "the public project's tables only"}; run ${migrate}`,
    );
  }
}

/** The SQLite path as typed; a PostgreSQL database without its host, role or name (docs/security.md). */
export function storeAsTyped(location: StoreLocation): string {
  return location.engine === 'sqlite' ? location.path : 'the PostgreSQL database';
}

export function migrateCommand(location: StoreLocation): string {
  return location.engine === 'sqlite'
    ? `\`tamborrada migrate --db ${shellWord(location.path)}\``
    : '`tamborrada migrate` with the same --database-url';
}

export class StoreUnusableError extends Error {}

function shellWord(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`;
}

const SQLITE_OPEN_ERRORS: Record<string, (path: string) => string> = {
  SQLITE_NOTADB: (path) => `${path} is not a SQLite database`,
  SQLITE_CANTOPEN: (path) =>
    `${path}: SQLite cannot open it (check the permissions of the file and of its folder)`,
  SQLITE_READONLY: (path) => `${path}: read-only for this user, and this command writes`,
};

/** SQLite's refusal of the file, said for the operator; every SQLITE_READONLY_* but DBMOVED is of rights. */
export function sqliteStoreError(path: string, error: unknown): unknown {
  const code = String((error as { code?: unknown } | null)?.code);
  const readOnly = code.startsWith('SQLITE_READONLY') && code !== 'SQLITE_READONLY_DBMOVED';
  const say = SQLITE_OPEN_ERRORS[readOnly ? 'SQLITE_READONLY' : code];
  return say ? new StoreUnusableError(say(path), { cause: error }) : error;
}

/** A SQLite file of an older version is migrated; one without data tables may be another program's: refused. */
export async function openWriteStore(location: StoreLocation, use: StoreUse = 'write'): Promise<WriteStore> {
  const said = (error: unknown) =>
    location.engine === 'sqlite' ? sqliteStoreError(location.path, error) : error;
  const created = location.engine === 'sqlite' && !sqliteFileExists(location.path, use);
  const postgres = location.engine === 'postgres' ? await loadPostgres() : undefined;
  let store: WriteStore;
  try {
    store =
      location.engine === 'postgres'
        ? new postgres!.PostgresStore(location.url, location.settings, 'tamborrada-cli')
        : new SqliteStore(location.path, { create: created, readonly: use === 'read' && 'leave-nothing' });
  } catch (error) {
    throw said(error);
  }
  // A server that does not answer is said after a second, not left to look like a hang.
  const waiting =
    location.engine === 'postgres'
      ? setTimeout(
          () => process.stderr.write(`connecting to ${postgres!.serverAddress(location.url)}…\n`),
          1_000,
        )
      : undefined;
  try {
    const schema = created ? 'empty' : await store.readSchemaState().finally(() => clearTimeout(waiting));
    if (use === 'migrate') return store;
    const migrates =
      created ||
      (location.engine === 'postgres' && use === 'create' && schema === 'empty') ||
      (location.engine === 'sqlite' && use !== 'read' && schema === 'outdated');
    if (migrates) await store.migrate();
    else if (schema !== 'migrated') throw new StoreNotMigratedError(location, schema);
    return store;
  } catch (error) {
    await store.close().catch(() => undefined);
    throw said(error);
  }
}

/** Loaded only when used: `pg` is a third of what a build worker on SQLite would load. */
const loadPostgres = () => import('./postgres-store.js');

/** The server's store: read-only, no connection until the first read. */
export async function openReadStore(location: StoreLocation): Promise<ReadStore> {
  if (location.engine === 'postgres') {
    const { PostgresStore } = await loadPostgres();
    return new PostgresStore(location.url, location.settings, 'tamborrada-serve');
  }
  return new SqliteStore(location.path, { readonly: true });
}
