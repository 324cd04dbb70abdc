/**
 * A running `tamborrada serve` follows its SQLite store whatever else opens the file: the
 * `sqlite3` shell (a backup, `VACUUM INTO`, a plain read, a plain write), Python's
 * `sqlite3`, better-sqlite3 in another process, `tamborrada status`. After each of them
 * an operator's change is served by a server started before it. The touches
 * are the commands docs/operations.md gives for backups and checks.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, spawnServer, type ChildServer } from '../support/child-server.js';
import { loadDemo } from '../../src/cli/commands/demo.js';
import { resolveStoreLocation } from '../../src/config/index.js';
import { cliEnv, REPO_ROOT, runCli } from '../support/cli.js';
import { eventually } from '../support/eventually.js';
import { createWorkspace, csv, type Workspace } from '../support/workspace.js';

const CLI = join(REPO_ROOT, 'dist/cli/main.js');

let workspace: Workspace;
/** A demo store and its server, started before every touch: each test touches it, then changes it. */
let db: string;
let server: ChildServer;

beforeAll(async () => {
  workspace = createWorkspace();
  db = join(workspace.dir, 'demo.db');
  await loadDemo({ seed: 1, scale: 0.02 }, resolveStoreLocation({ db }, {}));
  const port = await freePort();
  server = await spawnServer({
    args: [CLI, 'serve', '--db', db, '--host', '127.0.0.1', '--port', String(port)],
    port,
    env: cliEnv() as Record<string, string>,
    readyPaths: ['/api/ping', '/api/years'],
    readyTimeoutMs: 30_000,
  });
});
afterAll(async () => {
  await server?.stop();
  workspace?.remove();
});

function sqlite3(db: string, command: string): string {
  return execFileSync('sqlite3', [db, command], { encoding: 'utf8' });
}

function python(script: string, db: string): string {
  return execFileSync('python3', ['-c', script, db], { encoding: 'utf8' });
}

function node(script: string, db: string): string {
  return execFileSync(process.execPath, ['-e', script, db], { cwd: REPO_ROOT, encoding: 'utf8' });
}

async function tamborrada(...args: string[]): Promise<string> {
  const run = await runCli(args);
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  return run.stdout;
}

/** What the server's process has open of the store: a `(deleted)` WAL means it no longer follows it. */
function openStoreFiles(pid: number, db: string): string[] {
  const dir = `/proc/${pid}/fd`;
  return [
    ...new Set(
      readdirSync(dir)
        .map((fd) => {
          try {
            return readlinkSync(join(dir, fd));
          } catch {
            return '';
          }
        })
        .filter((target) => target.startsWith(db)),
    ),
  ].sort();
}

const touches: { touch: string; run: (db: string, dir: string) => unknown }[] = [
  {
    touch: "the sqlite3 shell's .backup",
    run: (db, dir) => sqlite3(db, `.backup '${join(dir, 'backup.db')}'`),
  },
  {
    touch: "the sqlite3 shell's VACUUM INTO",
    run: (db, dir) => sqlite3(db, `VACUUM INTO '${join(dir, 'vacuum.db')}'`),
  },
  {
    touch: 'a plain read in the sqlite3 shell',
    run: (db) => expect(sqlite3(db, 'SELECT count(*) > 0 FROM participants')).toBe('1\n'),
  },
  {
    touch: 'a plain write in the sqlite3 shell',
    run: (db) => sqlite3(db, "UPDATE sys_status SET notes = 'shell' WHERE id = 1"),
  },
  {
    touch: "Python's sqlite3 reading",
    run: (db) =>
      expect(
        python(
          'import sqlite3, sys\nc = sqlite3.connect(sys.argv[1])\nprint(c.execute("SELECT count(*) > 0 FROM participants").fetchone()[0])\nc.close()',
          db,
        ),
      ).toBe('1\n'),
  },
  {
    touch: 'better-sqlite3 reading from another process',
    run: (db) =>
      expect(
        node(
          "const db = new (require('better-sqlite3'))(process.argv[1], { readonly: true }); console.log(db.prepare('SELECT count(*) > 0 AS n FROM participants').get().n); db.close()",
          db,
        ),
      ).toBe('1\n'),
  },
  {
    touch: 'tamborrada status',
    run: async (db) => expect(await tamborrada('status', '--db', db)).toContain('global'),
  },
];

describe.each(touches)('after $touch', ({ touch, run }) => {
  it('a server started before serves every following change', async () => {
    const url = server.url;
    const text = async (path: string) => (await fetch(url + path)).text();
    const statistics = () => text('/api/statistics?year=global');

    await run(db, workspace.dir);

    await tamborrada('updating', 'on', '--note', 'Carga de la edición 2026', '--db', db);
    await eventually(async () => (await statistics()) === '{"isUpdating":true}');

    const list = workspace.file(
      `${touch.replace(/[^a-z0-9]+/gi, '-')}.csv`,
      csv([
        'name,school,year',
        'Ane Garcia Lopez,Ikastola Berria Proba,2026',
        'Jon Urrutia Gomez,Ikastola Berria Proba,2026',
      ]),
    );
    await tamborrada('import', list, '--db', db);
    await eventually(async () => (await text('/api/years')).startsWith('{"years":["2026"'));
    await eventually(async () => (await text('/api/companies')).includes('Ikastola Berria Proba'));

    await tamborrada('updating', 'off', '--db', db);
    await eventually(async () => (await statistics()).startsWith('{"isUpdating":false'));

    await tamborrada('year', 'remove', '2026', '--db', db);
    await eventually(async () => !(await text('/api/companies')).includes('Ikastola Berria Proba'));

    expect(openStoreFiles(server.pid, db).filter((file) => file.endsWith('(deleted)'))).toEqual([]);
  });
});
