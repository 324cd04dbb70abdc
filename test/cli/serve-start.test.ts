/**
 * `tamborrada serve` at start, as an operator meets it: an address that is taken stops
 * the start at once with one line naming host and port (before any read model is built),
 * for the API and for the metrics listener alike; the log names the address as bound. Two
 * servers on one machine need only their ports to differ; what they log holds no path.
 */
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemo } from '../../src/cli/commands/demo.js';
import { startServe, type ServeProcess } from '../support/raw-http.js';
import { createWorkspace, runCli, type Workspace } from '../support/workspace.js';

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

/** A free port whose metrics port by default (port + 6464) is free too. */
async function freePortPair(): Promise<number> {
  for (;;) {
    const { server, port } = await occupy();
    server.close();
    if (port + 6464 > 65535) continue;
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer()
        .once('error', () => resolve(false))
        .listen(port + 6464, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
}

describe('servers on one machine', () => {
  let workspace: Workspace;
  const servers: ServeProcess[] = [];

  beforeAll(async () => {
    workspace = createWorkspace();
    await loadDemo({ seed: 1, scale: 0.02 }, workspace.location);
  });

  afterAll(() => {
    for (const server of servers) server.kill();
    workspace?.remove();
  });

  it('two start with only PORT differing, each with its metrics on PORT + 6464', async () => {
    for (let i = 0; i < 2; i++) {
      const port = await freePortPair();
      // METRICS_PORT empty: the default, as on a machine where it is not set.
      const server = await startServe(['--db', workspace.dbPath], {
        PORT: String(port),
        METRICS_PORT: '',
        LOG_LEVEL: 'info',
      });
      servers.push(server);
      expect(server.port).toBe(port);
      const metrics = await fetch(`http://127.0.0.1:${port + 6464}/metrics`);
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toContain('tamborrada_read_model_version');
      await server.waitForOutput(`Metrics listening at http://127.0.0.1:${port + 6464}/metrics`);
    }
  });

  it('on SQLite, says at start that it counts the search budgets alone', async () => {
    const server = await startServe(['--db', workspace.dbPath], { LOG_LEVEL: 'info' });
    servers.push(server);
    await server.waitForOutput('search budgets: counted by this process alone (SQLite)');
    const off = await startServe(['--db', workspace.dbPath], { LOG_LEVEL: 'info', SEARCH_BUDGETS: 'off' });
    servers.push(off);
    await off.waitForOutput('Server listening at');
    expect(off.output()).not.toContain('search budgets');
  });

  it('the demo created for a missing store: its log lines do not hold the path', async () => {
    const path = `${workspace.dir}/created-by-serve.db`;
    const server = await startServe(['--db', path, '--demo-if-missing'], { LOG_LEVEL: 'info' });
    servers.push(server);
    await server.waitForOutput('no store yet: creating it with the fictional demo data');
    expect(server.output()).not.toContain(workspace.dir);
  });

  it.each([
    ['::', '[::]'],
    ['0.0.0.0', '0.0.0.0'],
  ])('--host %s: the log names the address as bound', async (host, shown) => {
    const server = await startServe(['--db', workspace.dbPath, '--host', host], { LOG_LEVEL: 'info' });
    servers.push(server);
    await server.waitForOutput(`Server listening at http://${shown}:${server.port}`);
    expect(server.output()).not.toContain('Server listening at http://127.0.0.1');
  });
});

describe('a retired setting', () => {
  let workspace: Workspace;

  beforeAll(async () => {
    workspace = createWorkspace();
    await loadDemo({ seed: 1, scale: 0.02 }, workspace.location);
  });

  afterAll(() => workspace?.remove());

  it.each([
    [[], { TRUST_PROXY_HOPS: '1' }],
    [['--trust-proxy-hops', '1'], {}],
  ])('TRUST_PROXY_HOPS %j %j: one line saying to set TRUST_PROXY, exit code 2', async (args, env) => {
    const run = await runCli(['serve', '--db', workspace.dbPath, '--port', '0', ...args], {
      METRICS_PORT: 'off',
      ...env,
    });
    expect(run.code).toBe(2);
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^tamborrada: error: TRUST_PROXY_HOPS \(--trust-proxy-hops\) is no longer read: .*TRUST_PROXY/,
    );
    expect(run.stdout).not.toContain('listening');
  });
});
