import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { postgresLocation } from '../../../src/config/index.js';
import type { RunningServer } from '../../../src/server.js';
import { startTestServer } from '../../support/server.js';
import { StoreMisconfiguredError } from '../../../src/read-model/follower.js';
import { openReadStore } from '../../../src/store/open-store.js';
import { seedPublishedYears } from '../../support/dataset.js';
import { createPostgresFixture } from '../../support/postgres-fixture.js';
import { eventually } from '../../support/eventually.js';
import { postgresUrl } from '../../support/postgres.js';
import { TcpProxy } from '../../support/tcp-proxy.js';

type Fixture = Awaited<ReturnType<typeof createPostgresFixture>>;

const DATA_PATHS = [
  '/api/years',
  '/api/statistics?year=2024',
  '/api/category?year=2024&category=intro',
  '/api/companies',
  '/api/participants?name=Ane%20Garcia%20Lopez&company=Ikastola%20Txori%20Berri',
];

async function get(server: RunningServer, path: string): Promise<{ status: number; text: string }> {
  const response = await fetch(server.url + path);
  return { status: response.status, text: await response.text() };
}

describe('PostgreSQL outages', () => {
  let fixture: Fixture;
  let proxy: TcpProxy;
  let server: RunningServer | undefined;

  beforeAll(async () => {
    fixture = await createPostgresFixture();
    await seedPublishedYears(fixture);
    await fixture.insertParticipants([
      { name: 'Ane Garcia Lopez', school: 'Ikastola Txori Berri', year: 2024 },
    ]);
    proxy = TcpProxy.toUrl(fixture.database.url);
  });

  afterEach(async () => {
    await server?.close();
    server = undefined;
    await proxy.close();
  });

  afterAll(async () => {
    await fixture.dispose();
  });

  it('down while serving: ping answers, data keeps the last good model, changes are picked up on return', async () => {
    await proxy.open();
    server = await startPostgresReplica(proxy.rewrite(fixture.database.url));
    const before = await Promise.all(DATA_PATHS.map((path) => get(server!, path)));
    expect(before.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);

    await proxy.close();
    const running = server;
    await eventually(async () => running.follower.reconnects > 0);
    await fixture.insertYear('2030', true);
    expect(await get(server, '/api/ping')).toMatchObject({ status: 200 });
    expect(await Promise.all(DATA_PATHS.map((path) => get(running, path)))).toEqual(before);
    // Still failing after two more reconnect attempts: still the last good model.
    const attempts = running.follower.reconnects;
    await eventually(async () => running.follower.reconnects >= attempts + 2);
    expect(await Promise.all(DATA_PATHS.map((path) => get(running, path)))).toEqual(before);

    await proxy.open();
    await eventually(async () => (await get(running, '/api/years')).text.includes('2030'));
  });

  it('started while down: ping answers, data operations answer 500 without credentials until the first load', async () => {
    await proxy.open();
    await proxy.close(); // a port nobody listens on, for now
    const url = proxy.rewrite(fixture.database.url);
    const password = new URL(url).password;
    expect(password.length).toBeGreaterThan(0);
    server = await startPostgresReplica(url);
    expect(await get(server, '/api/ping')).toMatchObject({ status: 200 });
    for (const path of DATA_PATHS) {
      const answer = await get(server, path);
      expect(answer.status, path).toBe(500);
      const body = JSON.parse(answer.text) as { error: string; details: string };
      expect(body.error).toBe('Error al obtener el estado del sistema');
      expect(body.details).toMatch(/ECONNREFUSED/);
      expect(answer.text).not.toContain(password);
      expect(answer.text).not.toMatch(/postgres(ql)?:\/\//);
    }

    await proxy.open();
    const running = server;
    await eventually(async () => (await get(running, '/api/years')).status === 200);
    expect((await get(running, '/api/companies')).text).toBe('{"companies":["Ikastola Txori Berri"]}');
  });

  it('a wrong password is a misconfiguration, not an outage: the start fails, without the password', async () => {
    await proxy.open();
    const password = 'not-the-Secret-42';
    const started = startPostgresReplica(postgresUrl(proxy.rewrite(fixture.database.url), { password }));
    const error = await started.then(
      () => new Error('the server started'),
      (rejected: unknown) => rejected,
    );
    expect(error).toBeInstanceOf(StoreMisconfiguredError);
    expect(error).toMatchObject({ code: '28P01' });
    expect(String(error)).not.toContain(password);
  });
});

/** A server reading the database at `databaseUrl`. */
function startPostgresReplica(databaseUrl: string): Promise<RunningServer> {
  return startTestServer(() => openReadStore(postgresLocation(databaseUrl)), { pollIntervalMs: 200 });
}
