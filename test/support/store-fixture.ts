import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { SqliteStore } from '../../src/store/sqlite-store.js';
import type { ReadStore } from '../../src/store/store.js';

export interface StatisticInsert {
  category: string;
  year: string;
  /** JSON text, or null for SQL NULL. */
  publicData: string | null;
  summary?: string | null;
  scope?: string;
}

/**
 * A migrated store filled the way an operator of the public database fills it: plain
 * SQL naming only the columns of DESIGN §2. One implementation per store engine.
 */
export interface StoreFixture {
  readonly name: string;
  insertParticipants(rows: readonly { name: string; school: string; year: number }[]): Promise<void>;
  insertStatistic(row: StatisticInsert): Promise<void>;
  insertYear(year: string, isReady: boolean): Promise<void>;
  setUpdating(isUpdating: boolean): Promise<void>;
  /** Removes every row (between test files sharing a database). */
  clear(): Promise<void>;
  /** Runs plain SQL statements, as an operator would in the database's shell. */
  exec(sql: string): Promise<void>;
  openReadStore(): Promise<ReadStore>;
  dispose(): Promise<void>;
}

export async function createSqliteFixture(): Promise<StoreFixture & { path: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'tamborrada-test-'));
  const path = join(dir, 'test.db');
  const migrator = new SqliteStore(path, { create: true });
  await migrator.migrate();
  await migrator.close();
  const db = new Database(path);
  return {
    name: 'sqlite',
    path,
    async insertParticipants(rows) {
      const insert = db.prepare('INSERT INTO participants (name, school, year) VALUES (?, ?, ?)');
      db.transaction(() => rows.forEach((row) => insert.run(row.name, row.school, row.year)))();
    },
    async insertStatistic(row) {
      db.prepare(
        'INSERT INTO statistics (category, scope, year, public_data, summary) VALUES (?, ?, ?, ?, ?)',
      ).run(
        row.category,
        row.scope ?? (row.year === 'global' ? 'global' : 'yearly'),
        row.year,
        row.publicData,
        row.summary === undefined ? `Resumen de ${row.category}` : row.summary,
      );
    },
    async insertYear(year, isReady) {
      db.prepare('INSERT INTO available_years (year, is_ready) VALUES (?, ?)').run(year, isReady ? 1 : 0);
    },
    async setUpdating(isUpdating) {
      db.prepare(
        'INSERT INTO sys_status (id, is_updating) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET is_updating = excluded.is_updating',
      ).run(isUpdating ? 1 : 0);
    },
    async clear() {
      db.exec(
        'DELETE FROM participants; DELETE FROM statistics; DELETE FROM available_years; DELETE FROM sys_status;',
      );
    },
    async exec(sql) {
      db.exec(sql);
    },
    async openReadStore() {
      return new SqliteStore(path, { readonly: true });
    },
    async dispose() {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
