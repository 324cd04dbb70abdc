/**
 * The backup and restore of a SQLite store exactly as docs/operations.md gives them: the
 * shell blocks of its "Backups / SQLite" section are read from the page and run with
 * bash, `tamborrada` being the built CLI. A backup taken while a server runs restores the
 * data of that moment; the server meanwhile keeps following the store.
 */
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort, spawnServer, type ChildServer } from '../support/child-server.js';
import { loadDemo } from '../../src/cli/commands/demo.js';
import { resolveStoreLocation } from '../../src/config/index.js';
import { cliEnv, REPO_ROOT, runCli } from '../support/cli.js';
import { eventually } from '../support/eventually.js';
import { createWorkspace, type Workspace } from '../support/workspace.js';

const CLI = join(REPO_ROOT, 'dist/cli/main.js');

/** The shell blocks of the SQLite backups section, in order. */
function documentedBlocks(): string[] {
  const page = readFileSync(join(REPO_ROOT, 'docs/operations.md'), 'utf8');
  const section = page.slice(
    page.indexOf('## Backups'),
    page.indexOf('### PostgreSQL', page.indexOf('## Backups')),
  );
  return [...section.matchAll(/^```sh\n([\s\S]*?)^```/gm)].map((match) => match[1]!);
}

const blocks = documentedBlocks();
const block = (starts: string) => {
  const found = blocks.filter((text) => text.startsWith(starts));
  expect(found).toHaveLength(1);
  return found[0]!;
};
const BACKUPS = {
  '.backup': block(`(umask 077 && sqlite3 "$STORE" ".backup`),
  'VACUUM INTO': block(`(umask 077 && sqlite3 "$STORE" "VACUUM INTO`),
};
const CHECK = block(`sqlite3 "$BACKUP" 'PRAGMA integrity_check'`);
const RESTORE = block('mkdir -p "$STORE.replaced"');

let workspace: Workspace;
let demoPath: string;
/** A folder with a `tamborrada` command: the built CLI. */
let bin: string;

beforeAll(async () => {
  workspace = createWorkspace();
  demoPath = join(workspace.dir, 'demo.db');
  await loadDemo({ seed: 1, scale: 0.02 }, resolveStoreLocation({ db: demoPath }, {}));
  bin = join(workspace.dir, 'bin');
  mkdirSync(bin);
  const command = join(bin, 'tamborrada');
  writeFileSync(command, `#!/bin/sh\nexec "${process.execPath}" "${CLI}" "$@"\n`);
  chmodSync(command, 0o755);
});
afterAll(() => workspace?.remove());

it('the section documents the variables, both backups, the check and the restore', () => {
  expect(blocks).toHaveLength(5);
  expect(blocks[0]).toMatch(/^STORE=.*\nBACKUP=.*\n$/);
});

describe.each(Object.entries(BACKUPS))('a backup with %s', (method, backup) => {
  let server: ChildServer | undefined;
  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  it('restores the data of its moment; the server follows the store meanwhile', async () => {
    const dir = join(workspace.dir, method.replace(/\W+/g, ''));
    mkdirSync(dir);
    const env = {
      ...(cliEnv() as Record<string, string>),
      PATH: `${bin}:${process.env.PATH}`,
      STORE: join(dir, 'tamborrada.db'),
      BACKUP: join(dir, 'backups', 'tamborrada-backup.db'),
    };
    mkdirSync(join(dir, 'backups'));
    copyFileSync(demoPath, env.STORE);
    const shell = (script: string) =>
      execFileSync('bash', ['-euo', 'pipefail', '-c', script], { env, encoding: 'utf8' });

    const port = await freePort();
    const serve = () =>
      spawnServer({
        args: [CLI, 'serve', '--db', env.STORE, '--host', '127.0.0.1', '--port', String(port)],
        port,
        env,
        readyPaths: ['/api/ping', '/api/years'],
        readyTimeoutMs: 30_000,
      });
    server = await serve();
    const served = async () => {
      const text = async (path: string) => (await fetch(server!.url + path)).text();
      return { years: await text('/api/years'), companies: await text('/api/companies') };
    };
    const atBackup = await served();
    expect(atBackup.years).toContain('"2025"');

    shell(backup);
    expect(existsSync(env.BACKUP)).toBe(true);
    // It holds children's names: its owner's only.
    expect(statSync(env.BACKUP).mode & 0o777).toBe(0o600);
    const backupBytes = readFileSync(env.BACKUP);
    const checked = shell(CHECK);
    expect(checked.startsWith('ok\n')).toBe(true);
    expect(checked).toMatch(/^ {2}2025 +ready/m);
    // The check only reads: the backup unchanged, nothing beside it.
    expect(readFileSync(env.BACKUP).equals(backupBytes)).toBe(true);
    expect(readdirSync(join(dir, 'backups'))).toEqual(['tamborrada-backup.db']);

    const removed = await runCli(['year', 'remove', '2025', '--db', env.STORE]);
    expect([removed.code, removed.stderr]).toEqual([0, '']);
    await eventually(async () => !(await served()).years.includes('"2025"'));

    await server.stop();
    expect(shell(RESTORE)).toMatch(/^ {2}2025 +ready/m);
    server = await serve();
    expect(await served()).toEqual(atBackup);
  });
});
