import pg from 'pg';
import { postgresLocation } from '../../../src/config/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../../src/server.js';
import { startTestServer } from '../../support/server.js';
import { openReadStore, openWriteStore } from '../../../src/store/open-store.js';
import type { ReadStore } from '../../../src/store/store.js';
import { seedPublishedYears } from '../../support/dataset.js';
import { createPostgresFixture } from '../../support/postgres-fixture.js';
import { eventually } from '../../support/eventually.js';
import { createReadOnlyRole } from '../../support/postgres.js';

type Fixture = Awaited<ReturnType<typeof createPostgresFixture>>;
type Role = Awaited<ReturnType<typeof createReadOnlyRole>>;

/** Polling so slow that within a test only a notification can bring a change. */
const NO_POLLING_MS = 600_000;

async function text(server: RunningServer, path: string): Promise<string> {
  return (await fetch(server.url + path)).text();
}

/**
 * How long a replica may take here: "not stuck", far above the usual tens of ms, so that a
 * machine running a second suite beside this one stays green. Where polling is off, only
 * a notification can bring a change this soon; the 2 s target is measured by
 * `npm run bench:rebuild`.
 */
const SERVED_WITHIN_MS = 10_000;

/** Every replica serves `expected` at `path` soon; returns the slowest time. */
async function converge(replicas: RunningServer[], path: string, expected: (body: string) => boolean) {
  const times = await Promise.all(
    replicas.map((replica) => eventually(async () => expected(await text(replica, path)), SERVED_WITHIN_MS)),
  );
  return Math.max(...times);
}

/** A read store without push notifications: only the follower's polling sees changes. */
function withoutNotifications(store: ReadStore): ReadStore {
  return {
    description: store.description,
    location: store.location,
    readVersion: () => store.readVersion(),
    readUpdating: () => store.readUpdating(),
    readSnapshot: (read) => store.readSnapshot(read),
    close: () => store.close(),
  };
}

describe('replicas on one PostgreSQL database, served by a SELECT-only role', () => {
  let fixture: Fixture;
  let reader: Role;
  const replicas: RunningServer[] = [];

  beforeAll(async () => {
    fixture = await createPostgresFixture();
    reader = await createReadOnlyRole(fixture.database);
    await seedPublishedYears(fixture);
    await fixture.setUpdating(false);
    const open = () => openReadStore(postgresLocation(reader.url));
    replicas.push(
      await startTestServer(open, { pollIntervalMs: NO_POLLING_MS }),
      await startTestServer(open, { pollIntervalMs: NO_POLLING_MS }),
    );
  });

  afterAll(async () => {
    for (const replica of replicas) await replica.close();
    await fixture.dispose();
    await reader.drop();
  });

  it('the role may read and LISTEN, and nothing else', async () => {
    const client = new pg.Client({ connectionString: reader.url });
    await client.connect();
    try {
      await client.query('LISTEN tamborrada_changes');
      const readOnly = await client.query('SHOW default_transaction_read_only');
      expect(readOnly.rows[0]).toEqual({ default_transaction_read_only: 'on' });
      // Without the read-only default, the grants alone still forbid every write.
      await client.query('SET default_transaction_read_only = off');
      await expect(
        client.query("INSERT INTO available_years (year, is_ready) VALUES ('1990', true)"),
      ).rejects.toThrow(/permission denied/);
      await expect(client.query('CREATE TEMP TABLE t (x int)')).rejects.toThrow(/permission denied/);
      await expect(client.query('CREATE TABLE t (x int)')).rejects.toThrow(/permission denied/);
    } finally {
      await client.end();
    }
    for (const replica of replicas)
      expect(await text(replica, '/api/years')).toBe('{"years":["2024","2023","global"]}');
  });

  it('every replica serves plain SQL changes soon (by NOTIFY)', async () => {
    const { client } = fixture.database;
    await client.query('UPDATE sys_status SET is_updating = true');
    await converge(replicas, '/api/statistics?year=2024', (body) => body === '{"isUpdating":true}');
    await client.query('UPDATE sys_status SET is_updating = false');
    await converge(replicas, '/api/statistics?year=2024', (body) => body.startsWith('{"isUpdating":false'));

    await client.query("UPDATE available_years SET is_ready = true WHERE year = '2022'");
    await converge(replicas, '/api/years', (body) => body === '{"years":["2024","2023","2022","global"]}');

    await client.query(
      `INSERT INTO participants (name, school, year) VALUES ('Nora Muñoz Lasa', 'Ikastola Berria', 2025)`,
    );
    await converge(replicas, '/api/companies', (body) => body.includes('Ikastola Berria'));
  });

  it('every replica serves a commit of our CLI soon', async () => {
    const store = await openWriteStore(postgresLocation(fixture.database.url));
    try {
      await store.transaction(async (tx) => {
        await tx.setManualSummary('2024', 'intro', 'Resumen nuevo');
        await tx.setUpdating(false, 'sin cambios');
      });
    } finally {
      await store.close();
    }
    await converge(replicas, '/api/category?year=2024&category=intro', (body) =>
      body.includes('Resumen nuevo'),
    );
  });

  it('a lost LISTEN connection comes back by itself and catches up', async () => {
    const { client } = fixture.database;
    const killed = await client.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE datname = current_database() AND application_name = 'tamborrada-serve-listen'`,
    );
    expect(killed.rowCount).toBe(2);
    await client.query("UPDATE available_years SET is_ready = false WHERE year = '2022'");
    await converge(replicas, '/api/years', (body) => body === '{"years":["2024","2023","global"]}');
    // And notifications flow again once both replicas LISTEN on new connections.
    await eventually(async () => {
      const listening = await client.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity
         WHERE datname = current_database() AND application_name = 'tamborrada-serve-listen'
           AND state = 'idle' AND query ILIKE 'LISTEN%'`,
      );
      return (listening.rows[0] as { n: number }).n === 2;
    }, 5000);
    await client.query("UPDATE available_years SET is_ready = true WHERE year = '2022'");
    await converge(replicas, '/api/years', (body) => body.includes('2022'));
  });

  it('without notifications, the polling fallback alone converges soon', async () => {
    const open = async () => withoutNotifications(await openReadStore(postgresLocation(reader.url)));
    const polling = [
      await startTestServer(open, { pollIntervalMs: 500 }),
      await startTestServer(open, { pollIntervalMs: 500 }),
    ];
    try {
      await fixture.database.client.query('UPDATE sys_status SET is_updating = true');
      await converge(polling, '/api/statistics?year=2024', (body) => body === '{"isUpdating":true}');
    } finally {
      for (const replica of polling) await replica.close();
      await fixture.database.client.query('UPDATE sys_status SET is_updating = false');
    }
  });
});
