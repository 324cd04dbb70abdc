import { mkdtempSync, rmSync } from 'node:fs';
import { postgresLocation, sqliteLocation, type StoreLocation } from '../../src/config/index.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openWriteStore } from '../../src/store/open-store.js';
import type { WriteStore } from '../../src/store/store.js';
import { createTestDatabase } from './postgres.js';

/** A fresh, migrated store opened the way the operator's commands open it. */
export interface WriteStoreHandle {
  store: WriteStore;
  /** The location, for another process or store to open the same data. */
  location: StoreLocation;
  dispose(): Promise<void>;
}

export interface WriteStoreKind {
  name: string;
  create(): Promise<WriteStoreHandle>;
}

export const WRITE_STORE_KINDS: WriteStoreKind[] = [
  {
    name: 'sqlite',
    async create() {
      const dir = mkdtempSync(join(tmpdir(), 'tamborrada-write-'));
      const location = sqliteLocation(join(dir, 'test.db'));
      const store = await openWriteStore(location, 'create');
      return {
        store,
        location,
        async dispose() {
          await store.close();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  },
  {
    name: 'postgresql',
    async create() {
      const database = await createTestDatabase();
      const location = postgresLocation(database.url);
      const store = await openWriteStore(location, 'create');
      return {
        store,
        location,
        async dispose() {
          await store.close();
          await database.drop();
        },
      };
    },
  },
];
