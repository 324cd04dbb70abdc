/**
 * The operator's commands against PostgreSQL, run as the real built CLI: `status` only
 * reads (it works with the servers' SELECT-only role, says when a database is not
 * migrated, and creates nothing), and connection errors name the user, host, port and
 * database the operator typed, never the password.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { freePort } from '../hardening/support.js';
import { createPostgresFixture } from '../support/postgres-fixture.js';
import {
  createReadOnlyRole,
  createTestDatabase,
  postgresUrl,
  type TestDatabase,
} from '../support/postgres.js';
import { seedPublishedYears } from '../support/dataset.js';

type Fixture = Awaited<ReturnType<typeof createPostgresFixture>>;

describe('status only reads', () => {
  let fixture: Fixture;
  let reader: Awaited<ReturnType<typeof createReadOnlyRole>>;
  let empty: TestDatabase;

  beforeAll(async () => {
    fixture = await createPostgresFixture();
    await seedPublishedYears(fixture);
    reader = await createReadOnlyRole(fixture.database);
    empty = await createTestDatabase();
  });

  afterAll(async () => {
    await fixture?.dispose();
    await reader?.drop();
    await empty?.drop();
  });

  it('works with the SELECT-only role of the servers', async () => {
    const run = await runCli(['status', '--database-url', reader.url]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^years:$/m);
    expect(run.stdout).toMatch(/^ {2}2024 +ready /m);
  });

  it('says when a database is not migrated (the line of every command, exit code 2), and creates nothing in it', async () => {
    const run = await runCli(['status', '--database-url', empty.url]);
    const { host, pathname } = new URL(empty.url);
    expect(run).toMatchObject({
      code: 2,
      stdout: '',
      stderr:
        `tamborrada: error: store not migrated: the PostgreSQL database postgresql://${host}${pathname} ` +
        'has no tables of tamborrada; run `tamborrada migrate with the same --database-url`\n',
    });
    for (const command of [['updating', 'on'], ['summary', 'list'], ['recompute']])
      expect((await runCli([...command, '--database-url', empty.url])).stderr).toBe(run.stderr);
    const tables = await empty.client.query(
      "SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'",
    );
    expect(tables.rows[0]).toEqual({ n: 0 });
  });
});

describe('connection errors name what the operator typed, never the password', () => {
  it('a port nobody listens on', async () => {
    const port = await freePort();
    const run = await runCli([
      'status',
      '--database-url',
      `postgres://writer:s3cret-pw@127.0.0.1:${port}/tamborrada`,
    ]);
    expect(run.code).toBe(1);
    expect(run.stderr.trimEnd().split('\n')).toEqual([
      `tamborrada: error: PostgreSQL, user "writer" at 127.0.0.1:${port}, database "tamborrada": connect ECONNREFUSED 127.0.0.1:${port}`,
    ]);
  });

  it('a wrong password', async () => {
    const database = await createTestDatabase();
    try {
      const url = postgresUrl(database.url, { password: 'not-the-S3cret' });
      const run = await runCli(['status', '--database-url', url]);
      // A misconfiguration: exit code 2, as for any bad setting.
      expect(run.code).toBe(2);
      const { hostname, port, pathname } = new URL(url);
      expect(run.stderr).toContain(
        `tamborrada: error: PostgreSQL, user "postgres" at ${hostname}:${port}, database "${pathname.slice(1)}": 28P01: password authentication failed for user "postgres"`,
      );
      expect(run.stderr).not.toContain('not-the-S3cret');
    } finally {
      await database.drop();
    }
  });
});

describe('import refuses control characters in names and schools, on its line, before writing', () => {
  let fixture: Fixture;

  beforeAll(async () => {
    fixture = await createPostgresFixture();
    await seedPublishedYears(fixture);
  });

  afterAll(async () => {
    await fixture?.dispose();
  });

  it('a NUL (which PostgreSQL cannot store) and other controls: FILE:LINE: reason, exit code 1', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tamborrada-pg-cli-'));
    try {
      const file = join(dir, 'controls.csv');
      writeFileSync(
        file,
        'name,school,year\nAne Garcia Lopez,Ikastola Txori Berri,2025\n' +
          'Ane\u0000Garcia,Ikastola Txori Berri,2025\nJon Perez Ruiz,Ikastola\u0007Txori,2025\n',
      );
      const before = await fixture.database.client.query('SELECT count(*)::int AS n FROM participants');
      const run = await runCli(['import', file, '--database-url', fixture.database.url]);
      expect(run).toMatchObject({
        code: 1,
        stdout: '',
        stderr:
          `${file}:3: name contains a control character (U+0000)\n` +
          `${file}:4: school contains a control character (U+0007)\n` +
          '2 bad row(s): nothing was written\n',
      });
      const after = await fixture.database.client.query('SELECT count(*)::int AS n FROM participants');
      expect(after.rows).toEqual(before.rows);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
