import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresLocation } from '../../../src/config/index.js';
import { openWriteStore } from '../../../src/store/open-store.js';
import type { RunningServer } from '../../../src/server.js';
import { startTestServer } from '../../support/server.js';
import { openReadStore } from '../../../src/store/open-store.js';
import {
  adminQuery,
  createReadOnlyRole,
  postgresUrl,
  uniqueName,
  createTestDatabase,
  type TestDatabase,
} from '../../support/postgres.js';
import { eventually } from '../../support/eventually.js';

/** The public project's tables as an operator's database holds them, created by hand. */
const PUBLIC_SCHEMA = `
  CREATE TABLE participants (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    name text NOT NULL,
    school text NOT NULL,
    year integer NOT NULL,
    article_date text NOT NULL,
    url_id text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE TABLE statistics (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    category text NOT NULL,
    scope text NOT NULL,
    year text NOT NULL,
    public_data jsonb,
    full_data jsonb,
    summary text,
    created_at timestamptz DEFAULT now(),
    CONSTRAINT statistics_category_scope_year_key UNIQUE (category, scope, year)
  );
  CREATE TABLE available_years (
    year text PRIMARY KEY,
    is_ready boolean NOT NULL DEFAULT false,
    created_at timestamptz DEFAULT now(),
    updated_at timestamptz DEFAULT now()
  );
  CREATE TABLE sys_status (
    id integer PRIMARY KEY,
    is_updating boolean NOT NULL DEFAULT false,
    updated_at timestamptz DEFAULT now(),
    notes text
  );
  INSERT INTO participants (name, school, year, article_date, url_id) VALUES
    ('Iñigo Muñoz Ibarra', 'Ikastola Txori Berri', 2023, '2023-01-20', 'dv-2023-0120'),
    ('Ane Garcia Lopez', 'Ikastola Txori Berri', 2024, '2024-01-19', 'dv-2024-0119'),
    ('Maialen Peña Goñi', 'Colegio Santa Ana', 2024, '2024-01-19', 'dv-2024-0119');
  INSERT INTO statistics (category, scope, year, public_data, summary) VALUES
    ('totalParticipantsByYear', 'yearly', '2024', '[{"year": 2024, "count": 2}]', 'En **2024** participaron **2** niños.'),
    ('namesDiversity', 'global', 'global', '3', 'Hay **3** nombres distintos.');
  INSERT INTO available_years (year, is_ready) VALUES ('2024', true), ('global', true), ('2023', false);
  INSERT INTO sys_status (id, is_updating) VALUES (1, false);
`;

const TABLES = ['participants', 'statistics', 'available_years', 'sys_status'];

/** Columns and constraints of the four tables, as the catalog describes them. */
async function tableDefinitions(database: TestDatabase): Promise<unknown> {
  const columns = await database.client.query(
    `SELECT table_name, ordinal_position, column_name, data_type, is_nullable, column_default
     FROM information_schema.columns WHERE table_schema = 'public' AND table_name = ANY($1)
     ORDER BY table_name, ordinal_position`,
    [TABLES],
  );
  const constraints = await database.client.query(
    `SELECT conrelid::regclass::text AS table_name, conname, pg_get_constraintdef(oid) AS definition
     FROM pg_constraint WHERE conrelid = ANY(SELECT to_regclass(t) FROM unnest($1::text[]) t)
     ORDER BY 1, 2`,
    [TABLES],
  );
  return { columns: columns.rows, constraints: constraints.rows };
}

const participantsPath = (name: string, company: string) =>
  `/api/participants?name=${encodeURIComponent(name)}&company=${encodeURIComponent(company)}`;

async function get(server: RunningServer, path: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(server.url + path);
  return { status: response.status, body: await response.json() };
}

describe('a database built with the public project schema', () => {
  let database: TestDatabase;
  let reader: Awaited<ReturnType<typeof createReadOnlyRole>>;
  let before: unknown;
  let writer: string | undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
    await database.client.query(PUBLIC_SCHEMA);
    reader = await createReadOnlyRole(database);
    before = await tableDefinitions(database);
  });

  afterAll(async () => {
    await database.drop();
    await reader.drop();
    if (writer) await adminQuery(`DROP ROLE IF EXISTS ${writer}`);
  });

  it('is served before any migrate, by a SELECT-only role, following plain SQL by fingerprint', async () => {
    const server = await startPostgresReplica(reader.url);
    try {
      expect(await get(server, '/api/years')).toEqual({ status: 200, body: { years: ['2024', 'global'] } });
      expect(await get(server, participantsPath('Maialen Pena Goni', 'Colegio Santa Ana'))).toEqual({
        status: 200,
        body: { participants: [{ name: 'Maialen Peña Goñi', school: 'Colegio Santa Ana', year: 2024 }] },
      });
      // 2023 is not published: its children are withdrawn until it is.
      expect((await get(server, participantsPath('Inigo Munoz Ibarra', 'Ikastola Txori Berri'))).status).toBe(
        500,
      );
      await database.client.query('UPDATE sys_status SET is_updating = true');
      // Followed at all is what this holds; how soon is the bench's (a 2 s bound here failed
      // once beside a whole suite on 2 cores).
      await eventually(
        async () =>
          JSON.stringify((await get(server, '/api/statistics?year=2024')).body) === '{"isUpdating":true}',
      );
      await database.client.query(
        "UPDATE sys_status SET is_updating = false; UPDATE available_years SET is_ready = true WHERE year = '2023'",
      );
      await eventually(async () =>
        ((await get(server, '/api/years')).body as { years: string[] }).years.includes('2023'),
      );
      expect((await get(server, '/api/statistics?year=2024')).body).toMatchObject({ isUpdating: false });
      expect(await get(server, participantsPath('Inigo Munoz Ibarra', 'Ikastola Txori Berri'))).toEqual({
        status: 200,
        body: { participants: [{ name: 'Iñigo Muñoz Ibarra', school: 'Ikastola Txori Berri', year: 2023 }] },
      });
    } finally {
      await server.close();
    }
  });

  it('keeps its tables unchanged through migrate, which only adds ours', async () => {
    const store = await openWriteStore(postgresLocation(database.url), 'migrate');
    try {
      await store.migrate();
      await store.migrate();
    } finally {
      await store.close();
    }
    expect(await tableDefinitions(database)).toEqual(before);
    const added = await database.client.query(
      `SELECT tgname FROM pg_trigger WHERE tgname LIKE 'tamborrada_%' ORDER BY 1`,
    );
    expect(added.rows.map((row: { tgname: string }) => row.tgname)).toEqual([
      'tamborrada_available_years_changed',
      'tamborrada_participants_changed',
      'tamborrada_statistics_changed',
      'tamborrada_summaries_eu_changed',
      'tamborrada_summary_overrides_eu_changed',
      'tamborrada_sys_status_changed',
      'tamborrada_tamborrada_edition_tallies_changed',
      'tamborrada_tamborrada_school_labels_changed',
    ]);
    const ours = await database.client.query(
      `SELECT to_regclass('tamborrada_changes') IS NOT NULL AND to_regclass('summary_overrides') IS NOT NULL
              AND to_regclass('tamborrada_year_sources') IS NOT NULL
              AND to_regclass('tamborrada_statistics_rule') IS NOT NULL AS ok`,
    );
    expect(ours.rows[0]).toEqual({ ok: true });
  });

  it('imports into it, filling the NOT NULL article_date and url_id, and serves stored text as it is', async () => {
    // A writer that owns none of the tables, with the grants of docs/postgresql.md.
    const user = uniqueName('writer');
    const password = uniqueName('pw');
    writer = user;
    await adminQuery(`CREATE ROLE ${user} LOGIN PASSWORD '${password}'`);
    await database.client.query(`
      GRANT CONNECT ON DATABASE ${database.name} TO ${user};
      GRANT USAGE, CREATE ON SCHEMA public TO ${user};
      GRANT SELECT, INSERT, UPDATE, DELETE ON participants, statistics, available_years, sys_status TO ${user};
      GRANT SELECT, INSERT, UPDATE, DELETE ON summary_overrides, tamborrada_year_sources,
        tamborrada_statistics_rule, tamborrada_removals, summaries_eu, summary_overrides_eu,
        tamborrada_edition_tallies, tamborrada_school_labels TO ${user};
      GRANT SELECT ON tamborrada_changes, tamborrada_store_secret TO ${user};`);
    const store = await openWriteStore(postgresLocation(postgresUrl(database.url, { user, password })));
    try {
      await store.migrate(); // again, by a role that may not create indexes or triggers on these tables
      await store.transaction(async (tx) => {
        await tx.deleteParticipantsOfYears([2025]);
        await tx.insertParticipants([
          { name: 'Nora Muñoz Etxeberria', school: 'Ikastola Txori Berri', year: 2025 },
          { name: 'Jon Ander Muñoz Lasa', school: 'Ikastola Txori Berri', year: 2025 },
        ]);
        await tx.recordSource([2025], 'participantes-2025.csv');
      });
    } finally {
      await store.close();
    }
    const rows = await database.client.query(
      'SELECT name, article_date, url_id FROM participants WHERE year = 2025 ORDER BY name',
    );
    expect(rows.rows.map((row: { article_date: string }) => row.article_date)).toEqual([
      '2025-01-01',
      '2025-01-01',
    ]);
    const urlIds = rows.rows.map((row: { url_id: string }) => row.url_id);
    expect(new Set(urlIds).size).toBe(2);
    for (const id of urlIds) expect(id).toMatch(/^[0-9a-f-]{36}$/);

    const server = await startPostgresReplica(reader.url);
    try {
      expect(await get(server, participantsPath('Inigo Munoz Ibarra', 'Ikastola Txori Berri'))).toEqual({
        status: 200,
        body: { participants: [{ name: 'Iñigo Muñoz Ibarra', school: 'Ikastola Txori Berri', year: 2023 }] },
      });
      const found = await get(server, participantsPath('Jon Ander Munoz', 'Ikastola Txori Berri'));
      expect(found.body).toEqual({
        participants: [{ name: 'Jon Ander Muñoz Lasa', school: 'Ikastola Txori Berri', year: 2025 }],
      });
      expect(await get(server, '/api/category?year=global&category=namesDiversity')).toEqual({
        status: 200,
        body: {
          stats: [{ category: 'namesDiversity', public_data: 3, summary: 'Hay **3** nombres distintos.' }],
        },
      });
    } finally {
      await server.close();
    }
  });
});

/**
 * A database with the public project's tables, its `participants` changed by `alter`: made
 * before the suite's tests and dropped after them (the returned function gives it).
 */
function publicSchemaAltered(alter: string): () => TestDatabase {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.client.query(PUBLIC_SCHEMA);
    await database.client.query(alter);
  });
  afterAll(async () => {
    await database.drop();
  });
  return () => database;
}

describe('the import into other NOT NULL column types of the public schema', () => {
  const database = publicSchemaAltered(
    `ALTER TABLE participants ALTER COLUMN article_date TYPE date USING article_date::date;
     ALTER TABLE participants ALTER COLUMN url_id TYPE bigint USING 41;`,
  );

  it('fills a date with the first of January and a number with the next free ones', async () => {
    const store = await openWriteStore(postgresLocation(database().url), 'migrate');
    try {
      await store.migrate();
      await store.transaction((tx) =>
        tx.insertParticipants([
          { name: 'Nora Etxeberria Lasa', school: 'A', year: 2025 },
          { name: 'Ane Etxeberria Lasa', school: 'A', year: 2025 },
        ]),
      );
      await store.transaction((tx) =>
        tx.insertParticipants([{ name: 'Uxue Etxeberria Lasa', school: 'A', year: 2025 }]),
      );
    } finally {
      await store.close();
    }
    const rows = await database().client.query(
      "SELECT to_char(article_date, 'YYYY-MM-DD') AS article_date, url_id::int AS url_id FROM participants WHERE year = 2025 ORDER BY url_id",
    );
    expect(rows.rows).toEqual([
      { article_date: '2025-01-01', url_id: 42 },
      { article_date: '2025-01-01', url_id: 43 },
      { article_date: '2025-01-01', url_id: 44 },
    ]);
  });
});

describe('the import into a NOT NULL column of a type it cannot fill', () => {
  const database = publicSchemaAltered(
    'ALTER TABLE participants ALTER COLUMN url_id TYPE boolean USING true',
  );

  it('names the column and its type, and writes nothing', async () => {
    const store = await openWriteStore(postgresLocation(database().url), 'migrate');
    try {
      await store.migrate();
      await expect(
        store.transaction((tx) =>
          tx.insertParticipants([{ name: 'Nora Etxeberria Lasa', school: 'A', year: 2025 }]),
        ),
      ).rejects.toThrow('participants.url_id is NOT NULL of type boolean, which the import cannot fill');
    } finally {
      await store.close();
    }
    const rows = await database().client.query(
      'SELECT count(*)::int AS n FROM participants WHERE year = 2025',
    );
    expect(rows.rows).toEqual([{ n: 0 }]);
  });
});

/** A server reading the database at `databaseUrl`. */
function startPostgresReplica(databaseUrl: string): Promise<RunningServer> {
  return startTestServer(() => openReadStore(postgresLocation(databaseUrl)), { pollIntervalMs: 500 });
}
