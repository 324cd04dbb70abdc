import { existsSync } from 'node:fs';
import type { StoreLocation } from '../cli/config.js';
import { SqliteStore } from './sqlite-store.js';
import type { ReadStore, WriteStore } from './store.js';

/** Opens the store an operator command writes to, creating and migrating a missing SQLite file. */
export async function openWriteStore(location: StoreLocation): Promise<WriteStore> {
  const created = !existsSync(location.dbPath);
  const store = new SqliteStore(location.dbPath, { create: created });
  if (created) await store.migrate();
  return store;
}

/** Opens the store the server reads from (read-only). */
export async function openReadStore(location: StoreLocation): Promise<ReadStore> {
  return new SqliteStore(location.dbPath, { readonly: true });
}
