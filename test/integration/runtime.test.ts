/**
 * The server on the runtime it ships with: `tamborrada serve` as its own process, the
 * read model rebuilt in its worker thread again and again, then stopped. A native
 * binding that finalises statements after the worker's environment is gone aborts the
 * whole process (SIGABRT); this fails on that, whatever the answers said before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemo } from '../../src/cli/commands/demo.js';
import { eventually } from '../support/eventually.js';
import { startServe, type ServeProcess } from '../hardening/support.js';
import { createWorkspace, csv, runCli, type Workspace } from './support.js';

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
  });
});
