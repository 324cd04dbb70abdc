/**
 * The roles and grants of docs/postgresql.md, run as the page says: its first SQL block,
 * saved as a file and run with `psql -v ON_ERROR_STOP=1 -d postgres -f` by an
 * administrator (names made unique for the test). The writer then migrates and imports;
 * the server role reads, and a write through it is refused for its rights.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PostgresBudgetTable } from '../../../src/store/postgres-budgets.js';
import { REPO_ROOT, runCli } from '../../support/cli.js';
import { adminQuery, postgresAdminUrl, postgresUrl, uniqueName } from '../../support/postgres.js';

const HAS_PSQL = spawnSync('psql', ['--version']).status === 0;
if (!HAS_PSQL)
  console.warn('roles-procedure: no psql on this machine (apt-get install postgresql-client); skipped');

/** The first SQL blocks of the "Roles and grants" section: the roles, then what follows the first migrate. */
function documentedScripts(): [roles: string, afterMigrate: string] {
  const page = readFileSync(join(REPO_ROOT, 'docs/postgresql.md'), 'utf8');
  const section = page.slice(page.indexOf('## Roles and grants'));
  const [roles, afterMigrate] = [...section.matchAll(/^```sql\n([\s\S]*?)^```/gm)].map((block) => block[1]!);
  return [roles!, afterMigrate!];
}

const names = { database: uniqueName('svc'), writer: uniqueName('writer'), server: uniqueName('server') };
const passwords = { writer: uniqueName('pw'), server: uniqueName('pw') };
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'tamborrada-roles-'));
});

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await adminQuery(`DROP DATABASE IF EXISTS ${names.database} WITH (FORCE)`);
  await adminQuery(`DROP ROLE IF EXISTS ${names.writer}`);
  await adminQuery(`DROP ROLE IF EXISTS ${names.server}`);
});

it.skipIf(!HAS_PSQL)('creates the database and both roles, run connected to postgres', async () => {
  const [roles, afterMigrate] = documentedScripts();
  const named = (sql: string) =>
    sql
      .replaceAll('tamborrada_writer', names.writer)
      .replaceAll('tamborrada_server', names.server)
      .replace(/\btamborrada\b/g, names.database);
  const script = roles
    .replace(
      /tamborrada_writer LOGIN PASSWORD 'change-me'/,
      `tamborrada_writer LOGIN PASSWORD '${passwords.writer}'`,
    )
    .replace(
      /tamborrada_server LOGIN PASSWORD 'change-me'/,
      `tamborrada_server LOGIN PASSWORD '${passwords.server}'`,
    );
  const page = readFileSync(join(REPO_ROOT, 'docs/postgresql.md'), 'utf8');
  expect(page).toContain('`psql -v ON_ERROR_STOP=1 -d postgres -f roles.sql`');
  const file = join(dir, 'roles.sql');
  writeFileSync(file, named(script));
  const admin = new URL(postgresAdminUrl());
  execFileSync(
    'psql',
    [
      '-v',
      'ON_ERROR_STOP=1',
      '-q',
      '-d',
      postgresUrl(admin.toString(), { database: 'postgres' }),
      '-f',
      file,
    ],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );

  const url = (role: 'writer' | 'server') =>
    postgresUrl(admin.toString(), { database: names.database, user: names[role], password: passwords[role] });
  const list = join(dir, 'list.csv');
  writeFileSync(list, 'name,school,year\nAne Garcia Lopez,Ikastola Txori Berri,2025\n');
  for (const args of [['migrate'], ['import', list]]) {
    const run = await runCli([...args, '--database-url', url('writer')]);
    expect([run.code, run.stderr], args[0]).toEqual([0, '']);
  }
  execFileSync('psql', ['-v', 'ON_ERROR_STOP=1', '-q', '-d', url('writer'), '-c', named(afterMigrate)], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const secret = spawnSync(
    'psql',
    ['-q', '-d', url('server'), '-c', 'SELECT secret FROM tamborrada_store_secret'],
    {
      encoding: 'utf8',
    },
  );
  expect(secret.stderr).toContain('permission denied');
  // The search budgets' one table the server role writes, with its rights exactly.
  const budgets = new PostgresBudgetTable(url('server'));
  try {
    await budgets.check();
    const kept = await budgets.update(['a client'], (states) => ({
      states: [{ seen: true }],
      result: states[0],
    }));
    expect(kept).toBeUndefined();
  } finally {
    await budgets.close();
  }
  const status = await runCli(['status', '--database-url', url('server')]);
  expect([status.code, status.stderr]).toEqual([0, '']);
  expect(status.stdout).toMatch(/^ {2}2025 +ready /m);
  expect((await runCli(['updating', 'on', '--database-url', url('server')])).code).toBe(2);
});
