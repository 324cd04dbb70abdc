import { statSync } from 'node:fs';
import type { StoreLocation } from '../config/index.js';
import { PostgresStore } from './postgres-store.js';
import { SqliteStore } from './sqlite-store.js';
import type { ReadStore, WriteStore } from './store.js';

/**
 * What a command may do to the store it opens:
 * - `read` (`status`): reads only; creates, migrates and writes nothing.
 * - `write` (`import`, `updating`, `recompute`, `summary`): an existing store.
 * - `create` (`migrate`, `demo`, `import --create`): a missing SQLite file (and its
 *   folder) is created and migrated, an empty PostgreSQL database migrated.
 */
export type StoreUse = 'read' | 'write' | 'create';

/** A SQLite path where no store is: a typo, most likely. Reported in one line that names it. */
export class StoreNotFoundError extends Error {
  constructor(
    readonly path: string,
    reason: 'missing' | 'directory',
  ) {
    super(
      reason === 'missing'
        ? `no store at ${path}: check the path, or create it with \`tamborrada migrate --db ${path}\``
        : `${path} is a directory, not a SQLite store file`,
    );
  }
}

/** Throws StoreNotFoundError unless a file is at `path`; false when nothing is there and `use` is create. */
export function sqliteFileExists(path: string, use: StoreUse): boolean {
  let stats;
  try {
    stats = statSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    if (use === 'create') return false;
    throw new StoreNotFoundError(path, 'missing');
  }
  if (stats.isDirectory()) throw new StoreNotFoundError(path, 'directory');
  return true;
}

/** Opens the store an operator command works on, under the rules of `use`. */
export async function openWriteStore(location: StoreLocation, use: StoreUse = 'write'): Promise<WriteStore> {
  if (location.engine === 'postgres') {
    const store = new PostgresStore(location.url, {
      settings: location.settings,
      applicationName: 'tamborrada-cli',
    });
    try {
      if (use === 'create' && (await store.readSchemaState()) === 'empty') await store.migrate();
    } catch (error) {
      await store.close();
      throw error;
    }
    return store;
  }
  const exists = sqliteFileExists(location.path, use);
  const store = new SqliteStore(location.path, { create: !exists, readonly: use === 'read' });
  // A file made by an older version gets the tables this one writes (migrate only adds);
  // a file missing one of the data tables is left as it is, and the command says so.
  if (!exists || (use !== 'read' && (await store.readSchemaState()) === 'outdated')) await store.migrate();
  return store;
}

/** Opens the store the server reads from (read-only; no connection is made until the first read). */
export async function openReadStore(location: StoreLocation): Promise<ReadStore> {
  if (location.engine === 'postgres') {
    return new PostgresStore(location.url, {
      settings: location.settings,
      applicationName: 'tamborrada-serve',
    });
  }
  return new SqliteStore(location.path, { readonly: true });
}
