/**
 * PostgreSQL: a misconfiguration is not an outage. `serve` stops at start (exit code 2,
 * one line with PostgreSQL's code and reason, naming the role it connected as but never
 * the host, port, database or password, docs/security.md) when waiting cannot
 * help; it keeps retrying, with a warning every few seconds, when the database is only
 * unreachable. A running server that loses its rights backs off. `import` cut off
 * mid-write says so in one line; a command waiting on a silent host says so.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresLocation } from '../../../src/config/index.js';
import { RETRY_CEILING_MS } from '../../../src/read-model/follower.js';
import { openReadStore } from '../../../src/store/open-store.js';
import { runCli, startServe } from '../../support/raw-http.js';
import { startCli } from '../../support/cli.js';
import { seedPublishedYears } from '../../support/dataset.js';
import { createPostgresFixture } from '../../support/postgres-fixture.js';
import { eventually } from '../../support/eventually.js';
import { inLetters } from '../../support/name-examples.js';
import { createReadOnlyRole, postgresUrl, uniqueName } from '../../support/postgres.js';
import { startTestServer } from '../../support/server.js';
import { TcpProxy } from '../../support/tcp-proxy.js';

type Fixture = Awaited<ReturnType<typeof createPostgresFixture>>;

/** What a line about this URL must not show: its host, port, database and password (its role it may). */
function expectNothingOf(url: string, text: string): void {
  const { hostname, port, pathname, password } = new URL(url);
  for (const part of [hostname, `:${port}`, pathname.slice(1), password].filter(Boolean))
    expect(text).not.toContain(decodeURIComponent(part));
}

/** The role a URL connects as, as PostgreSQL quotes it. */
const quotedRole = (url: string) => `"${decodeURIComponent(new URL(url).username)}"`;

let fixture: Fixture;
let dir: string;

beforeAll(async () => {
  fixture = await createPostgresFixture();
  await seedPublishedYears(fixture);
  dir = mkdtempSync(join(tmpdir(), 'tamborrada-pg-misconfig-'));
});

afterAll(async () => {
  await fixture?.dispose();
  rmSync(dir, { recursive: true, force: true });
});

describe('serve whose first load fails for a reason waiting will not fix: exit code 2, one line naming the role', () => {
  const serve = (url: string) =>
    runCli(['serve', '--host', '127.0.0.1', '--port', '0', '--database-url', url]);

  it('a wrong password', async () => {
    const password = 'not-the-Secret-42';
    const url = postgresUrl(fixture.database.url, { password });
    const run = await serve(url);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      `tamborrada: error: PostgreSQL: 28P01: password authentication failed for user ${quotedRole(url)}\n`,
    );
    expectNothingOf(url, run.stdout + run.stderr);
  });

  it('an unknown role', async () => {
    const url = postgresUrl(fixture.database.url, { user: uniqueName('nobody'), password: 'pw-Secret-7' });
    const run = await serve(url);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^tamborrada: error: PostgreSQL: 28[0P]\w*: .+\n$/);
    expect(run.stderr).toContain(quotedRole(url));
    expectNothingOf(url, run.stdout + run.stderr);
  });

  it('an unknown database', async () => {
    const url = postgresUrl(fixture.database.url, { database: uniqueName('missing') });
    const run = await serve(url);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      `tamborrada: error: PostgreSQL: 3D000: database <redacted> does not exist (connected as role ${quotedRole(url)})\n`,
    );
    expectNothingOf(url, run.stdout + run.stderr);
  });

  it('a role without the SELECT right', async () => {
    const reader = await createReadOnlyRole(fixture.database);
    try {
      await fixture.database.client.query(`REVOKE SELECT ON ALL TABLES IN SCHEMA public FROM ${reader.user}`);
      const run = await serve(reader.url);
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(
        new RegExp(
          `^tamborrada: error: PostgreSQL: 42501: permission denied for table \\w+ \\(connected as role "${reader.user}"\\)\n$`,
        ),
      );
      expectNothingOf(reader.url, run.stdout + run.stderr);
    } finally {
      await reader.drop().catch(() => undefined);
    }
  });
});

describe('serve while the database is unreachable: it keeps retrying, saying so every few seconds', () => {
  it('connection refused: ping answers, a warning every few seconds, served once the database is back', async () => {
    const proxy = TcpProxy.toUrl(fixture.database.url);
    await proxy.open();
    await proxy.close(); // a port nobody listens on, for now
    const serve = await startServe(['--database-url', proxy.rewrite(fixture.database.url)], {
      POLL_INTERVAL_MS: '200',
    });
    try {
      await serve.waitForOutput('store read failed');
      await serve.waitForOutput('store still failing; retrying', 12_000);
      expect((await fetch(`${serve.url}/api/ping`)).status).toBe(200);
      expect((await fetch(`${serve.url}/api/years`)).status).toBe(500);
      const warnings = serve
        .output()
        .split('\n')
        .filter((line) => line.includes('still failing'));
      expect(warnings.length).toBeGreaterThanOrEqual(1);
      expect(serve.output()).not.toContain(new URL(fixture.database.url).password);

      await proxy.open();
      // The next attempt within the retry ceiling, then a build: "stuck" past that.
      await eventually(
        async () => (await fetch(`${serve.url}/api/years`)).status === 200,
        RETRY_CEILING_MS.unreachable + 30_000,
      );
    } finally {
      serve.kill();
      await serve.exited;
      await proxy.close();
    }
  });
});

describe('a running server that loses its SELECT right backs off', () => {
  it('at most one attempt per poll interval, growing; the last good model is served; back once granted', async () => {
    const reader = await createReadOnlyRole(fixture.database);
    const pollMs = 100;
    const server = await startTestServer(() => openReadStore(postgresLocation(reader.url)), {
      pollIntervalMs: pollMs,
    });
    try {
      const before = await (await fetch(`${server.url}/api/years`)).text();
      await fixture.database.client.query(`REVOKE SELECT ON ALL TABLES IN SCHEMA public FROM ${reader.user}`);
      await eventually(async () => server.follower.reconnects > 0);
      const first = server.follower.reconnects;
      const windowMs = 3000;
      await new Promise((wait) => setTimeout(wait, windowMs));
      const attempts = server.follower.reconnects - first;
      // Doubling from 100 ms: about 5 attempts in 3 s (one per poll would be 30; it was ~90).
      expect(attempts).toBeGreaterThanOrEqual(2);
      expect(attempts).toBeLessThanOrEqual(7);
      expect(await (await fetch(`${server.url}/api/years`)).text()).toBe(before);

      await fixture.database.client.query(`GRANT SELECT ON ALL TABLES IN SCHEMA public TO ${reader.user}`);
      await fixture.insertYear('2031', true);
      await eventually(
        async () => (await (await fetch(`${server.url}/api/years`)).text()).includes('2031'),
        RETRY_CEILING_MS.misconfigured,
      );
    } finally {
      await server.close();
      await fixture.database.client.query("DELETE FROM available_years WHERE year = '2031'");
      await reader.drop().catch(() => undefined);
    }
  });
});

describe('import when PostgreSQL goes away', () => {
  /** 60,000 rows: long enough to cut the connection in a given phase. */
  function bigList(): string {
    const file = join(dir, 'big.csv');
    const rows = ['name,school,year'];
    for (let i = 0; i < 60_000; i++) rows.push(`Ane Garcia Lopez ${inLetters(i)},Ikastola Txori Berri,2026`);
    writeFileSync(file, `${rows.join('\n')}\n`);
    return file;
  }

  it.each([
    ['while writing the participants', 'writing:'],
    [
      'while computing the statistics (the connection idle in its transaction)',
      'computing the 21 statistics',
    ],
  ])('%s: one `tamborrada: error:` line, exit code 1, nothing written', async (_, phase) => {
    const file = bigList();
    const proxy = TcpProxy.toUrl(fixture.database.url);
    await proxy.open();
    try {
      const url = proxy.rewrite(fixture.database.url);
      const child = startCli(['import', file, '--database-url', url], {
        env: { PROGRESS_EVERY_MS: '1' },
      });
      let stderr = '';
      let stdout = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
      const exited = new Promise<number | null>((done) => child.on('close', (code) => done(code)));
      await new Promise<void>((cut) =>
        child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
          stderr += chunk;
          if (stderr.includes(phase)) cut();
        }),
      );
      await proxy.close();
      const code = await exited;
      expect(code).toBe(1);
      expect(stdout).toBe('');
      const errors = stderr
        .split('\n')
        .filter((line) => !/^\S[^:]*: [\d,]+ (of [\d,]+ )?rows|…/.test(line) && line !== '');
      // The lost connection as the client saw it: ended, reset, or closed under a write
      // (EPIPE, once beside a second suite).
      expect(errors).toEqual([
        expect.stringMatching(
          /^tamborrada: error: PostgreSQL: (Connection terminated|read ECONNRESET|write EPIPE)/,
        ),
      ]);
      expect(stderr).not.toMatch(/\bat .+:\d+:\d+|node_modules|Unhandled 'error' event/);
      const stored = await fixture.database.client.query(
        'SELECT count(*)::int AS n FROM participants WHERE year = 2026',
      );
      expect(stored.rows).toEqual([{ n: 0 }]);
    } finally {
      await proxy.close();
    }
  });
});

describe('a command waiting on a host that does not answer', () => {
  it('says `connecting to host:port…` after a second, then fails in one line', async () => {
    const proxy = TcpProxy.toUrl(fixture.database.url, () => 60_000);
    await proxy.open();
    try {
      const url = proxy.rewrite(fixture.database.url);
      const started = performance.now();
      // Just past the notice's second: three attempts of it, the command's whole wait.
      const run = await runCli(['status', '--database-url', url], { PG_CONNECT_TIMEOUT_MS: '1100' });
      expect(performance.now() - started).toBeGreaterThan(1000);
      expect(run.code).toBe(1);
      expect(run.connecting).toBe(`connecting to 127.0.0.1:${proxy.port}…`);
      expect(run.stderr.trimEnd().split('\n')).toEqual([
        expect.stringMatching(
          /^tamborrada: error: PostgreSQL: no PostgreSQL connection opened within 1100 ms/,
        ),
      ]);
    } finally {
      await proxy.close();
    }
  });
});
