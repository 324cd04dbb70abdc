/**
 * A PostgreSQL import under load must not fail with `Connection
 * terminated due to connection timeout` (data intact). The connect timeout of `pg` is a
 * timer of the event loop: a connection that the database (or a busy machine) is slow to
 * open, or an event loop busy while it opens, ends the command before anything is done.
 * A write command now tries again a few times, and otherwise fails with one line that
 * says what to do. The busy database is a proxy that holds connections before
 * forwarding them.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../support/cli.js';
import { createPostgresFixture } from '../../support/postgres-fixture.js';
import { TcpProxy } from '../../support/tcp-proxy.js';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

type Fixture = Awaited<ReturnType<typeof createPostgresFixture>>;

const CONNECT_TIMEOUT_MS = 500;
/** Longer than the connect timeout. */
const BUSY_MS = 1500;

describe('an import into a database that is slow to open connections', () => {
  let fixture: Fixture;
  let proxy: TcpProxy | undefined;
  let dir: string;
  let csv: string;

  beforeAll(async () => {
    fixture = await createPostgresFixture();
    dir = mkdtempSync(join(tmpdir(), 'tamborrada-busy-'));
    csv = join(dir, 'participantes.csv');
    writeFileSync(
      csv,
      'name,school,year\nAne Garcia Lopez,Ikastola Txori Berri,2025\nJon Perez Ruiz,Colegio Santa Ana,2025\n',
    );
  });

  afterEach(async () => {
    await proxy?.close();
    proxy = undefined;
  });

  afterAll(async () => {
    await fixture?.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  async function importThrough(holdMs: (connection: number) => number) {
    proxy = TcpProxy.toUrl(fixture.database.url, holdMs);
    await proxy.open();
    return runCli(['import', csv], {
      DATABASE_URL: proxy.rewrite(fixture.database.url),
      PG_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS),
    });
  }

  const participants = async () =>
    (await fixture.database.client.query('SELECT count(*)::int AS n FROM participants')).rows[0] as {
      n: number;
    };

  it('a first connection that times out is opened again, and the import succeeds', async () => {
    const run = await importThrough((connection) => (connection === 0 ? BUSY_MS : 0));
    // Nothing but, on a machine busy enough that the retry too takes a second, the
    // announcement of the wait (kept apart by runCli).
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(await participants()).toEqual({ n: 2 });
  });

  it('a database that never opens a connection in time: one line saying what to do, exit 1, nothing written', async () => {
    await fixture.database.client.query('DELETE FROM participants');
    const run = await importThrough(() => BUSY_MS);
    expect(run.code).toBe(1);
    // The wait is announced after a second, then the one error line.
    expect(run.connecting).toBe(`connecting to 127.0.0.1:${proxy!.port}…`);
    expect(run.stderr.trimEnd().split('\n')).toEqual([
      expect.stringMatching(/^tamborrada: error: .*PG_CONNECT_TIMEOUT_MS/),
    ]);
    expect(await participants()).toEqual({ n: 0 });
  });
});
