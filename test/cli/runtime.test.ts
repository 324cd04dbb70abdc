/**
 * The server on the runtime it ships with: `tamborrada serve` as its own process, the
 * read model rebuilt in its worker thread again and again, then stopped. A native
 * binding that finalises statements after the worker's environment is gone aborts the
 * whole process (SIGABRT); this fails on that, whatever the answers said before. And the
 * CLI started by an older Node: it runs itself with the Node 24 beside it, or says why not.
 */
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemo } from '../../src/cli/commands/demo.js';
import { eventually } from '../support/eventually.js';
import { cliEnv, REPO_ROOT } from '../support/cli.js';
import { freePort, startServe, type ServeProcess } from '../support/raw-http.js';
import { createWorkspace, csv, runCli, type Workspace } from '../support/workspace.js';

const REBUILDS = 6;

describe('the server process across rebuilds', () => {
  let workspace: Workspace;
  let serve: ServeProcess | undefined;

  beforeAll(async () => {
    workspace = createWorkspace();
    await loadDemo({ seed: 3, scale: 0.02 }, workspace.location);
  });

  afterAll(() => {
    serve?.kill();
    workspace?.remove();
  });

  it(`runs on Node 22 or later, survives ${REBUILDS} rebuilds in its worker and stops cleanly`, async () => {
    expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(22);
    serve = await startServe(['--db', workspace.dbPath], { POLL_INTERVAL_MS: '100', LOG_LEVEL: 'warn' });
    for (let k = 1; k <= REBUILDS; k++) {
      const file = workspace.file(
        `rebuild-${k}.csv`,
        csv(['name,school,year', `Ane Perez Garcia,Ikastola Runtime,${2000 + k}`]),
      );
      const run = await runCli(['import', file, '--db', workspace.dbPath]);
      expect(run.code, run.stderr).toBe(0);
      await eventually(async () => {
        const answer = await fetch(`${serve!.url}/api/years`);
        return (await answer.text()).includes(String(2000 + k));
      });
    }
    serve.child.kill('SIGTERM');
    const { code, signal } = await serve.exited;
    expect({ code, signal }, serve.output()).toEqual({ code: 0, signal: null });
    expect(serve.output()).not.toMatch(/Assertion failed|Aborted|Segmentation/);
  }, 120_000);
});

/** A `node` older than 22 on this machine outside the project (the host's), if there is one. */
function olderNode(): string | undefined {
  const candidates = [
    ...(process.env.PATH ?? '').split(delimiter).map((folder) => join(folder, 'node')),
    '/usr/local/bin/node',
    '/usr/bin/node',
  ].filter((path) => !path.startsWith(REPO_ROOT) && existsSync(path));
  for (const path of candidates) {
    const version = spawnSync(path, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.trim();
    if (Number(version.split('.')[0]) < 22) return path;
  }
  return undefined;
}

const OLDER_NODE = olderNode();
if (OLDER_NODE === undefined)
  console.warn('runtime: no Node older than 22 on this machine; its tests are skipped');

describe.skipIf(OLDER_NODE === undefined)(`the CLI started by an older Node (${OLDER_NODE})`, () => {
  let workspace: Workspace;
  const BUILT_CLI = join(REPO_ROOT, 'dist/cli/main.js');
  const run = (cli: string, args: string[]) =>
    spawnSync(OLDER_NODE!, [cli, ...args], { encoding: 'utf8', env: cliEnv() });

  beforeAll(async () => {
    workspace = createWorkspace();
    await loadDemo({ seed: 3, scale: 0.02 }, workspace.location);
  });
  afterAll(() => workspace?.remove());

  it("runs the command with the project's own Node 24, installed beside it", () => {
    const status = run(BUILT_CLI, ['status', '--db', workspace.dbPath]);
    expect({ code: status.status, signal: status.signal }, status.stderr).toEqual({ code: 0, signal: null });
    expect(status.stdout).toContain('global  ready');
    const failure = run(BUILT_CLI, ['status', '--db', join(workspace.dir, 'missing.db')]);
    expect(failure.status).toBe(2);
  });

  it('passes SIGTERM on to the server it runs, which stops cleanly', async () => {
    const port = await freePort();
    const child = spawn(
      OLDER_NODE!,
      [BUILT_CLI, 'serve', '--db', workspace.dbPath, '--port', String(port), '--log-level', 'warn'],
      { env: cliEnv(), stdio: 'ignore' },
    );
    const exited = new Promise<[number | null, string | null]>((done) =>
      child.on('exit', (code, signal) => done([code, signal])),
    );
    await eventually(
      async () => (await fetch(`http://127.0.0.1:${port}/api/ping`).catch(() => null))?.ok === true,
    );
    child.kill('SIGTERM');
    expect(await exited).toEqual([0, null]);
    await expect(fetch(`http://127.0.0.1:${port}/api/ping`)).rejects.toThrow();
  });

  it('without it, says in one line what is needed and what to run, and exits 2 before loading anything', () => {
    // The entry alone: were anything loaded before the check, this copy would fail to find it.
    const copy = join(workspace.dir, 'dist/cli/main.js');
    mkdirSync(dirname(copy), { recursive: true });
    copyFileSync(BUILT_CLI, copy);
    const result = run(copy, ['status', '--db', workspace.dbPath]);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^tamborrada: error: Node\.js 22 or later is needed, and this is Node\.js 2?\d\./,
    );
    expect(lines[0]).toContain(`run \`npm ci\` in ${workspace.dir}`);
    expect(lines[0]).toContain(`${copy} status --db ${workspace.dbPath}\``);
  });
});
