/**
 * `tamborrada serve` at start, as an operator meets it: an address that is taken stops
 * the start at once with one line naming host and port (before any read model is built),
 * for the API and for the metrics listener alike; the log names the address as bound.
 */
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemo } from '../../src/cli/commands/demo.js';
import { startServe } from '../hardening/support.js';
import { createWorkspace, runCli, type Workspace } from './support.js';

function occupy(): Promise<{ server: Server; port: number }> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () =>
      resolve({ server, port: (server.address() as { port: number }).port }),
    );
  });
}

describe('serve on an address that is taken', () => {
  let workspace: Workspace;
  let taken: { server: Server; port: number };

  beforeAll(async () => {
    workspace = createWorkspace();
    await loadDemo({ seed: 1, scale: 0.02 }, workspace.location);
    taken = await occupy();
  });

  afterAll(() => {
    taken?.server.close();
    workspace?.remove();
  });

  it('the API port: one line naming host and port, exit code 1, no read model built', async () => {
    const run = await runCli(
      ['serve', '--db', workspace.dbPath, '--host', '127.0.0.1', '--port', String(taken.port)],
      {
        LOG_LEVEL: 'info',
        METRICS_PORT: 'off',
      },
    );
    expect(run.code).toBe(1);
    expect(run.stderr.trimEnd().split('\n')).toEqual([
      `tamborrada: error: cannot listen for the API on 127.0.0.1:${taken.port}: the address is already in use (another server on that port?)`,
    ]);
    expect(run.stdout).not.toContain('read model built');
  });

  it('the metrics port: the same', async () => {
    const run = await runCli(['serve', '--db', workspace.dbPath, '--host', '127.0.0.1', '--port', '0'], {
      METRICS_HOST: '127.0.0.1',
      METRICS_PORT: String(taken.port),
    });
    expect([run.code, run.stderr.trimEnd()]).toEqual([
      1,
      `tamborrada: error: cannot listen for the metrics on 127.0.0.1:${taken.port}: the address is already in use (another server on that port?)`,
    ]);
  });
});

describe('serve on every address', () => {
  let workspace: Workspace;

  beforeAll(async () => {
    workspace = createWorkspace();
    await loadDemo({ seed: 1, scale: 0.02 }, workspace.location);
  });

  afterAll(() => {
    workspace?.remove();
  });

  it.each([
    ['::', '[::]'],
    ['0.0.0.0', '0.0.0.0'],
  ])('--host %s: the log names the address as bound', async (host, shown) => {
    const server = await startServe(['--db', workspace.dbPath, '--host', host], { LOG_LEVEL: 'info' });
    try {
      await server.waitForOutput(`Server listening at http://${shown}:${server.port}`);
      expect(server.output()).not.toContain('Server listening at http://127.0.0.1');
    } finally {
      server.kill();
    }
  });
});
