/**
 * The search budgets on PostgreSQL (docs/security.md, "Across replicas"): two servers over
 * one database charge the same accounts, through the servers' role with the rights
 * docs/postgresql.md grants it; the table holds no address; a server whose role may not
 * write the table, or whose database lacks it, stops at start with one line naming the
 * role and the fix (exit code 2).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresLocation } from '../../../src/config/index.js';
import { PostgresBudgetTable } from '../../../src/store/postgres-budgets.js';
import { openReadStore } from '../../../src/store/open-store.js';
import { runCli } from '../../support/cli.js';
import { seedPublishedYears } from '../../support/dataset.js';
import { createPostgresFixture } from '../../support/postgres-fixture.js';
import { createReadOnlyRole } from '../../support/postgres.js';
import { startTestServer, type TestServer } from '../../support/server.js';

type Fixture = Awaited<ReturnType<typeof createPostgresFixture>>;
type Role = Awaited<ReturnType<typeof createReadOnlyRole>>;

const SCHOOL = 'Ikastola Txori Berri';
const FIRST = ['Ane', 'Jone', 'June', 'Irune', 'Maite', 'Jon', 'Markel', 'Unai', 'Aimar', 'Oier'];
const SURNAMES = ['Garcia', 'Lopez', 'Etxeberria', 'Zubia', 'Lasa', 'Arana', 'Mendizabal', 'Iriondo'];
/** 200 children: 2 names a day discovered per client (1 at once), 8 for all (4 at once). */
const CHILDREN = Array.from(
  { length: 200 },
  (_, i) => `${FIRST[i % 10]} ${SURNAMES[Math.floor(i / 10) % 8]} ${SURNAMES[Math.floor(i / 80)]}`,
);
const MISS = 'Nadie Nada Nunca';
/** A fragment of one child's name: a search for it discovers that child. */
const fragment = (i: number) => CHILDREN[i]!.slice(0, -1);
const searchPath = (name: string) =>
  `/api/participants?${new URLSearchParams({ name, company: SCHOOL }).toString()}`;

let fixture: Fixture;
let server: Role;

beforeAll(async () => {
  fixture = await createPostgresFixture();
  await seedPublishedYears(fixture);
  await fixture.insertParticipants(CHILDREN.map((name) => ({ name, school: SCHOOL, year: 2024 })));
  server = await createReadOnlyRole(fixture.database, { budgets: true });
});

afterAll(async () => {
  await fixture?.dispose();
  await server?.drop();
});

describe('two servers over one database', () => {
  const replicas: TestServer[] = [];
  const status = async (replica: number, client: string, name: string) =>
    (await replicas[replica]!.get(searchPath(name), { headers: { 'x-forwarded-for': client } })).status;

  beforeAll(async () => {
    for (let i = 0; i < 2; i++)
      replicas.push(
        await startTestServer(() => openReadStore(postgresLocation(server.url)), {
          pollIntervalMs: 60_000,
          searchBudgets: true,
          trustProxy: ['loopback'],
          budgetTable: new PostgresBudgetTable(server.url),
        }),
      );
  });

  afterAll(async () => {
    for (const replica of replicas) await replica.close();
  });

  it('a budget spent on one is spent on the other', async () => {
    // A client's 10 misses at the school, five on each.
    for (let i = 0; i < 10; i++) expect(await status(i % 2, '198.51.100.1', MISS)).toBe(500);
    expect(await status(0, '198.51.100.1', MISS)).toBe(429);
    expect(await status(1, '198.51.100.1', MISS)).toBe(429);
    expect(await status(1, '198.51.100.2', MISS)).toBe(500);
    // A client's 1 name discovered at once: on one, then on neither.
    expect(await status(0, '198.51.100.3', fragment(0))).toBe(200);
    expect(await status(1, '198.51.100.3', fragment(1))).toBe(429);
    expect(await status(0, '198.51.100.3', fragment(1))).toBe(429);
  });

  it('the school’s share holds for both together, searches at once included', async () => {
    // 1 of its 4 at once was spent above: 3 more, whichever server and however many at once.
    const statuses = await Promise.all(
      Array.from({ length: 12 }, (_, i) => status(i % 2, `203.0.113.${i}`, fragment(10 + i))),
    );
    expect(statuses.filter((code) => code === 200)).toHaveLength(3);
    expect(statuses.filter((code) => code === 429)).toHaveLength(9);
  });

  it('the table holds no address and no name', async () => {
    const { rows } = await fixture.database.client.query<{ key: string; state: unknown }>(
      'SELECT key, state FROM tamborrada_search_budgets',
    );
    expect(rows.length).toBeGreaterThan(3);
    const text = JSON.stringify(rows);
    for (const part of ['198.51.100', '203.0.113', SCHOOL, 'Garcia', 'garcia'])
      expect(text).not.toContain(part);
    for (const { key } of rows) expect(key).toMatch(/^([0-9a-f]{32}|salt)$/);
  });
});

describe('a server that cannot count in the table stops at start, saying so', () => {
  const serve = (url: string) =>
    runCli(['serve', '--host', '127.0.0.1', '--port', '0', '--database-url', url], { METRICS_PORT: 'off' });

  it('a role without the rights: one line naming it and the GRANT, exit code 2', async () => {
    const reader = await createReadOnlyRole(fixture.database);
    try {
      const run = await serve(reader.url);
      expect(run.code).toBe(2);
      expect(run.stderr).toBe(
        `tamborrada: error: search budgets: PostgreSQL role ${reader.user} may not INSERT, UPDATE, DELETE on tamborrada_search_budgets: ` +
          `GRANT SELECT, INSERT, UPDATE, DELETE ON tamborrada_search_budgets TO ${reader.user} (docs/postgresql.md, "Roles and grants"), ` +
          'or set SEARCH_BUDGETS=off to serve without budgets\n',
      );
      expect(run.stdout).not.toContain('listening');
    } finally {
      await reader.drop().catch(() => undefined);
    }
  });

  it('a database without the table (migrated by an older version): one line asking for migrate', async () => {
    const older = await createPostgresFixture();
    try {
      await older.database.client.query('DROP TABLE tamborrada_search_budgets');
      const run = await serve(older.database.url);
      expect([run.code, run.stderr]).toEqual([
        2,
        'tamborrada: error: search budgets: the PostgreSQL database has no table tamborrada_search_budgets: ' +
          'run `tamborrada migrate` as the writer (docs/postgresql.md), or set SEARCH_BUDGETS=off to serve without budgets\n',
      ]);
    } finally {
      await older.dispose();
    }
  });
});
