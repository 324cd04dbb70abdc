import { existsSync } from 'node:fs';
import type { StoreLocation } from '../config/index.js';
import { PostgresStore } from './postgres-store.js';
import { SqliteStore } from './sqlite-store.js';
import type { ReadStore, WriteStore } from './store.js';

/**
 * Opens the store an operator command writes to, creating and migrating a missing SQLite
 * file, or migrating a PostgreSQL database that holds none of our tables yet.
 */
export async function openWriteStore(location: StoreLocation): Promise<WriteStore> {
  if (location.engine === 'postgres') {
    const store = new PostgresStore(location.url, {
      settings: location.settings,
      applicationName: 'tamborrada-cli',
    });
    try {
      if ((await store.readSchemaState()) === 'empty') await store.migrate();
    } catch (error) {
      await store.close();
      throw error;
    }
    return store;
  }
  const created = !existsSync(location.path);
  const store = new SqliteStore(location.path, { create: created });
  if (created) await store.migrate();
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
