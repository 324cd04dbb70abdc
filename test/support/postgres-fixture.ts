import { openReadStore } from '../../src/store/open-store.js';
import { postgresLocation } from '../../src/config/index.js';
import { PostgresStore } from '../../src/store/postgres-store.js';
import { createTestDatabase, type TestDatabase } from './postgres.js';
import type { StoreFixture } from './store-fixture.js';

/**
 * A fresh database of its own, migrated by our store, filled by plain SQL naming only
 * the columns of DESIGN §2 (the triggers notice it exactly like a write of the CLI).
 */
export async function createPostgresFixture(): Promise<StoreFixture & { database: TestDatabase }> {
  const database = await createTestDatabase();
  const migrator = new PostgresStore(database.url);
  try {
    await migrator.migrate();
  } finally {
    await migrator.close();
  }
  const { client } = database;
  return {
    name: 'postgresql',
    database,
    async insertParticipants(rows) {
      if (rows.length === 0) return;
      const values = rows.map((_, i) => `($${3 * i + 1}, $${3 * i + 2}, $${3 * i + 3})`).join(', ');
      await client.query(
        `INSERT INTO participants (name, school, year) VALUES ${values}`,
        rows.flatMap((row) => [row.name, row.school, row.year]),
      );
    },
    async insertStatistic(row) {
      await client.query(
        'INSERT INTO statistics (category, scope, year, public_data, summary) VALUES ($1, $2, $3, $4, $5)',
        [
          row.category,
          row.scope ?? (row.year === 'global' ? 'global' : 'yearly'),
          row.year,
          row.publicData,
          row.summary === undefined ? `Resumen de ${row.category}` : row.summary,
        ],
      );
    },
    async insertYear(year, isReady) {
      await client.query('INSERT INTO available_years (year, is_ready) VALUES ($1, $2)', [year, isReady]);
    },
    async setUpdating(isUpdating) {
      await client.query(
        `INSERT INTO sys_status (id, is_updating) VALUES (1, $1)
         ON CONFLICT (id) DO UPDATE SET is_updating = EXCLUDED.is_updating`,
        [isUpdating],
      );
    },
    async clear() {
      await client.query(
        'DELETE FROM participants; DELETE FROM statistics; DELETE FROM available_years; DELETE FROM sys_status;',
      );
    },
    async exec(sql) {
      await client.query(sql);
    },
    openReadStore: () => openReadStore(postgresLocation(database.url)),
    dispose: () => database.drop(),
  };
}
