/**
 * `participant remove` and `participant removals` against PostgreSQL, run as the real
 * built CLI: the records go, a replica serving through the SELECT-only role follows
 * it, VACUUM FULL leaves no copy in the tables' files, every later import (and its dry
 * run, through the SELECT-only role) leaves the child out, and a writer that does not own the tables is told what its owner must run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresLocation } from '../../../src/config/index.js';
import { openReadStore } from '../../../src/store/open-store.js';
import { runCli } from '../../support/cli.js';
import { eventually } from '../../support/eventually.js';
import {
  adminQuery,
  createReadOnlyRole,
  createTestDatabase,
  postgresUrl,
  uniqueName,
  type TestDatabase,
} from '../../support/postgres.js';
import { startTestServer, type TestServer } from '../../support/server.js';
import { createWorkspace, csv, linesOf, type Workspace } from '../../support/workspace.js';

const CHILD = 'Zorblax Quimberly Vantorre';
const SCHOOL = 'Ikastola Txori Berri';
const LIST = csv([
  'name,school,year',
  `${CHILD},${SCHOOL},2023`,
  `${CHILD},${SCHOOL},2024`,
  `Ane Garcia Lopez,${SCHOOL},2023`,
  `Jon Perez Ruiz,${SCHOOL},2024`,
  `Mikel Soto Ruiz,${SCHOOL},2024`,
]);
const search = `/api/participants?name=${encodeURIComponent(CHILD)}&company=${encodeURIComponent(SCHOOL)}`;

describe('participant remove on PostgreSQL', () => {
  let database: TestDatabase;
  let reader: Awaited<ReturnType<typeof createReadOnlyRole>>;
  let server: TestServer;
  let workspace: Workspace;
  const cli = (...args: string[]) => runCli([...args, '--database-url', database.url]);

  /** Whether `word` is in the file of the table (or of its TOAST table) as the server last wrote it. */
  async function inTableFiles(word = CHILD.split(' ')[1]!): Promise<Record<string, boolean>> {
    await database.client.query('CHECKPOINT');
    const { rows } = await database.client.query<{ relation: string; found: boolean }>(
      `SELECT r.relname AS relation,
              position(convert_to($1, 'UTF8') IN pg_read_binary_file(pg_relation_filepath(r.oid))) > 0 AS found
       FROM pg_class r
       WHERE r.oid IN ('participants'::regclass, 'statistics'::regclass,
                       (SELECT reltoastrelid FROM pg_class WHERE oid = 'statistics'::regclass))`,
      [word],
    );
    return Object.fromEntries(
      rows.map((row) => [row.relation.startsWith('pg_toast') ? 'toast' : row.relation, row.found]),
    );
  }

  beforeAll(async () => {
    workspace = createWorkspace();
    database = await createTestDatabase();
    expect((await cli('import', workspace.file('list.csv', LIST), '--create')).code).toBe(0);
    reader = await createReadOnlyRole(database);
    // As docs/postgresql.md says: the servers never read the key of the removals' hashes.
    await database.client.query(`REVOKE SELECT ON tamborrada_store_secret FROM ${reader.user}`);
    server = await startTestServer(() => openReadStore(postgresLocation(reader.url)), {
      pollIntervalMs: 500,
    });
  });

  afterAll(async () => {
    await server?.close();
    await database?.drop();
    await reader?.drop();
    workspace?.remove();
  });

  it('deletes the records, VACUUM FULL leaves no copy in the tables, and a replica follows', async () => {
    expect((await server.get(search)).status).toBe(200);
    expect(await inTableFiles()).toMatchObject({ participants: true });

    const run = await cli(
      'participant',
      'remove',
      '--name',
      'zorblax quimberly VANTORRE',
      '--school',
      SCHOOL,
    );
    expect([run.code, run.stderr]).toEqual([0, '']);
    expect(linesOf(run.stdout)).toEqual([
      expect.stringMatching(/^removed 2 records of one child from postgresql:\/\//),
      `  school         ${SCHOOL}`,
      '  years          every year',
      '  records        2 (2023, 2024)',
      '  figures        unchanged: published figures are final',
      '  later imports  leave this child out; the store keeps no name',
      "  store files    VACUUM FULL of participants, statistics and summaries_eu done; PostgreSQL's WAL, its archives, backups and replicas keep copies for a while (docs/operations.md)",
    ]);
    expect(await inTableFiles()).toEqual({ participants: false, statistics: false, toast: false });

    await eventually(async () => {
      const totals = await server.get('/api/category?category=totalParticipants&year=global');
      return (
        (await server.get(search)).status === 500 &&
        // Published figures are final: the removal moves none of them.
        JSON.stringify(totals.body).includes('[{"year":2023,"count":2},{"year":2024,"count":3}]')
      );
    });
  });

  it("a later import leaves the child out and says so, its dry run too; the removals are listed with the servers' SELECT-only role", async () => {
    const list = workspace.file(
      '2024.csv',
      csv(['name,school,year', `${CHILD.toUpperCase()},${SCHOOL},2024`, `Jon Perez Ruiz,${SCHOOL},2024`]),
    );
    const dryRun = await cli('import', list, '--dry-run');
    expect([dryRun.code, dryRun.stderr]).toEqual([0, '']);
    expect(linesOf(dryRun.stdout)).toEqual(
      expect.arrayContaining([
        '  2024 children     0 added, 1 removed, 1 kept, 1 withheld',
        "line 2: withheld, matches a removal (a family's request)",
      ]),
    );
    // The servers' role reads the removals but not their key: it says it cannot check them.
    const asServer = await runCli(['import', list, '--dry-run', '--database-url', reader.url]);
    expect([asServer.code, asServer.stderr]).toEqual([0, '']);
    expect(linesOf(asServer.stdout)).toEqual(
      expect.arrayContaining([
        '  2024 children     1 added, 1 removed, 1 kept',
        'note: this role may not read the key of the recorded removals, so rows they withhold are counted here as imported; ' +
          'run the dry run as the writer to see them',
      ]),
    );
    const run = await cli('import', list);
    expect(run.code).toBe(0);
    expect(linesOf(run.stdout).at(-1)).toBe("line 2: withheld, matches a removal (a family's request)");
    const { rows } = await database.client.query('SELECT year FROM participants WHERE name = $1', [CHILD]);
    expect(rows).toEqual([]);

    const listed = await runCli(['participant', 'removals', '--database-url', reader.url]);
    expect([listed.code, listed.stderr]).toEqual([0, '']);
    expect(linesOf(listed.stdout)).toEqual([
      expect.stringMatching(/^1 removal recorded in postgresql:\/\/.* \(no names are kept\):$/),
      expect.stringMatching(
        new RegExp(
          `^ {2}\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC {2}${SCHOOL} {2}every year {2}2 records deleted$`,
        ),
      ),
    ]);
  });

  it('waits for a transaction older than the removal, in any database of the server, before VACUUM FULL, which would copy the rows it may still see', async () => {
    const child = 'Quillon Drevatz Ormundi';
    const list = csv(['name,school,year', `${child},${SCHOOL},2025`, `Ane Garcia Lopez,${SCHOOL},2025`]);
    expect((await cli('import', workspace.file('2025.csv', list))).code).toBe(0);
    // Another database's writing transaction, begun before the removal: the snapshot of
    // every later transaction of the server, VACUUM FULL's own included, counts it as running.
    const other = await createTestDatabase();
    try {
      await other.client.query('BEGIN');
      await other.client.query('SELECT pg_current_xact_id()');
      const removal = cli('participant', 'remove', '--name', child, '--school', SCHOOL);
      let ended = false;
      void removal.finally(() => (ended = true));
      await eventually(async () => {
        const { rows } = await database.client.query('SELECT 1 FROM participants WHERE name = $1', [child]);
        return rows.length === 0;
      });
      // The removal is committed; the older transaction ends a while later (or when the command does, if it did not wait).
      const removedAt = performance.now();
      while (!ended && performance.now() - removedAt < 3000) await new Promise((r) => setTimeout(r, 50));
      expect(ended).toBe(false);
      await other.client.query('COMMIT');
      const run = await removal;
      expect([run.code, run.stderr]).toEqual([0, '']);
      expect(linesOf(run.stdout).at(-1)).toMatch(
        /^ {2}store files {4}VACUUM FULL of participants, statistics and summaries_eu done;/,
      );
      expect(await inTableFiles('Drevatz')).toEqual({ participants: false, statistics: false, toast: false });
    } finally {
      await other.client.query('ROLLBACK').catch(() => undefined);
      await other.drop();
    }
  });

  it('a writer that does not own the tables removes all the same, and is told what their owner must run', async () => {
    const user = uniqueName('writer');
    const password = uniqueName('pw');
    await adminQuery(`CREATE ROLE ${user} LOGIN PASSWORD '${password}'`);
    await database.client.query(`
      GRANT CONNECT ON DATABASE ${database.name} TO ${user};
      GRANT USAGE ON SCHEMA public TO ${user};
      GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${user};`);
    try {
      const run = await runCli([
        'participant',
        'remove',
        '--name',
        'Mikel Soto Ruiz',
        '--school',
        SCHOOL,
        '--database-url',
        postgresUrl(database.url, { user, password }),
      ]);
      expect([run.code, run.stderr]).toEqual([0, '']);
      expect(linesOf(run.stdout)).toContain(
        '  store files    NOT overwritten: this role does not own participants, statistics, and summaries_eu: their owner must run VACUUM FULL participants, statistics, summaries_eu',
      );
      const { rows } = await database.client.query('SELECT year FROM participants WHERE name = $1', [
        'Mikel Soto Ruiz',
      ]);
      expect(rows).toEqual([]);
    } finally {
      await database.client.query(
        `REVOKE ALL ON ALL TABLES IN SCHEMA public FROM ${user}; REVOKE ALL ON SCHEMA public FROM ${user}; REVOKE ALL ON DATABASE ${database.name} FROM ${user};`,
      );
      await adminQuery(`DROP ROLE ${user}`);
    }
  });
});
