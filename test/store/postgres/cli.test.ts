/**
 * The operator's commands against PostgreSQL, run as the real built CLI: `status` only
 * reads (it works with the servers' SELECT-only role, says when a database is not
 * migrated, and creates nothing); a write through that role is refused as a matter of
 * rights (exit code 2); and errors are redacted as the server's (docs/security.md): no
 * host, port, database or password, but a refusal names the role the command connected as.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../support/cli.js';
import { freePort } from '../../support/raw-http.js';
import { createPostgresFixture } from '../../support/postgres-fixture.js';
import {
  createReadOnlyRole,
  createTestDatabase,
  postgresUrl,
  type TestDatabase,
} from '../../support/postgres.js';
import { seedPublishedYears } from '../../support/dataset.js';

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
    expect(run).toMatchObject({
      code: 2,
      stdout: '',
      stderr:
        'tamborrada: error: store not migrated: the PostgreSQL database has no tables of tamborrada; ' +
        'run `tamborrada migrate` with the same --database-url\n',
    });
    for (const command of [['updating', 'on'], ['summary', 'list'], ['recompute']])
      expect((await runCli([...command, '--database-url', empty.url])).stderr).toBe(run.stderr);
    const tables = await empty.client.query(
      "SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'",
    );
    expect(tables.rows[0]).toEqual({ n: 0 });
  });

  it('a write through that role: refused for its rights, exit code 2, naming the role', async () => {
    const before = await fixture.database.client.query('SELECT is_updating FROM sys_status');
    const run = await runCli(['updating', 'on', '--database-url', reader.url]);
    expect(run).toMatchObject({
      code: 2,
      stdout: '',
      stderr:
        'tamborrada: error: PostgreSQL: 25006: cannot execute INSERT in a read-only transaction ' +
        `(connected as role "${reader.user}")\n`,
    });
    expect((await fixture.database.client.query('SELECT is_updating FROM sys_status')).rows).toEqual(
      before.rows,
    );
  });
});

describe('connection errors say what failed, without host, port, database or password', () => {
  it('a port nobody listens on', async () => {
    const port = await freePort();
    const run = await runCli([
      'status',
      '--database-url',
      `postgres://writer:s3cret-pw@127.0.0.1:${port}/tamborrada`,
    ]);
    expect(run.code).toBe(1);
    expect(run.stderr.trimEnd().split('\n')).toEqual([
      'tamborrada: error: PostgreSQL: connect ECONNREFUSED <address>',
    ]);
  });

  it('a wrong password: the user it was refused for, never the password', async () => {
    const database = await createTestDatabase();
    try {
      const url = postgresUrl(database.url, { password: 'not-the-S3cret' });
      const run = await runCli(['status', '--database-url', url]);
      // A misconfiguration: exit code 2, as for any bad setting.
      expect(run.code).toBe(2);
      expect(run.stderr).toBe(
        `tamborrada: error: PostgreSQL: 28P01: password authentication failed for user "${new URL(url).username}"\n`,
      );
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

describe('import on PostgreSQL: a dry run reads only, an identical list writes nothing', () => {
  let fixture: Fixture;
  let reader: Awaited<ReturnType<typeof createReadOnlyRole>>;
  let dir: string;

  beforeAll(async () => {
    fixture = await createPostgresFixture();
    reader = await createReadOnlyRole(fixture.database);
    dir = mkdtempSync(join(tmpdir(), 'tamborrada-pg-same-'));
  });

  afterAll(async () => {
    await fixture?.dispose();
    await reader?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the change counter moves for the first import only; the dry run works with the read-only role', async () => {
    const file = join(dir, 'lista.csv');
    writeFileSync(
      file,
      'name;school;year\nAne García López;Ikastola Txori Berri;2025\nJon Pérez Ruiz;Colegio Santa Ana;2025\n',
    );
    const counter = async () =>
      (await fixture.database.client.query('SELECT part, version FROM tamborrada_changes')).rows;
    const dry = await runCli(['import', file, '--dry-run', '--database-url', reader.url]);
    expect([dry.code, dry.stderr]).toEqual([0, '']);
    expect(dry.stdout).toMatch(/^ {2}2025 children +2 added, 0 removed, 0 kept/m);
    const before = await counter();
    expect((await runCli(['import', file, '--database-url', fixture.database.url])).code).toBe(0);
    const imported = await counter();
    expect(imported).not.toEqual(before);
    const again = await runCli(['import', file, '--database-url', fixture.database.url]);
    expect([again.code, again.stderr]).toEqual([0, '']);
    expect(again.stdout.split('\n')[0]).toMatch(
      /holds these lists already \(2025, published\): nothing changed$/,
    );
    expect(await counter()).toEqual(imported);
  });
});
