import { existsSync } from 'node:fs';
import type { StoreLocation } from '../cli/config.js';
import { resolvePostgresSettings } from './postgres-config.js';
import { PostgresStore } from './postgres-store.js';
import { SqliteStore } from './sqlite-store.js';
import type { ReadStore, WriteStore } from './store.js';

/**
 * Opens the store an operator command writes to, creating and migrating a missing SQLite
 * file, or migrating a PostgreSQL database that holds none of our tables yet.
 */
export async function openWriteStore(location: StoreLocation): Promise<WriteStore> {
  if (location.databaseUrl !== undefined) {
    const store = new PostgresStore(location.databaseUrl, {
      settings: resolvePostgresSettings(process.env),
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
  const created = !existsSync(location.dbPath);
  const store = new SqliteStore(location.dbPath, { create: created });
  if (created) await store.migrate();
  return store;
}

/** Opens the store the server reads from (read-only; no connection is made until the first read). */
export async function openReadStore(location: StoreLocation): Promise<ReadStore> {
  if (location.databaseUrl !== undefined) {
    return new PostgresStore(location.databaseUrl, {
      settings: resolvePostgresSettings(process.env),
      applicationName: 'tamborrada-serve',
    });
  }
  return new SqliteStore(location.dbPath, { readonly: true });
}
