/**
 * A server that cannot read its store keeps serving its last good model, but not for the
 * children's names: once the store has been unreadable for longer than
 * `SEARCH_FAIL_CLOSED_AFTER_MS`, the participant search (API and web form) answers the
 * spec's 500, while the statistics, the schools and the pages keep being served; it
 * answers again as soon as the store is read. A year withdrawn (or a child removed) while
 * a server cannot read its store must not stay findable there.
 */
import { renameSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { postgresLocation } from '../../src/config/index.js';
import { openReadStore } from '../../src/store/open-store.js';
import type { ReadStore } from '../../src/store/store.js';
import { es as webTexts } from '../../src/web/texts/es.js';
import { seedPublishedYears } from '../support/dataset.js';
import { eventually } from '../support/eventually.js';
import { createPostgresFixture } from '../support/postgres-fixture.js';
import { createReadOnlyRole } from '../support/postgres.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { createSqliteFixture, type StoreFixture } from '../support/store-fixture.js';
import { postForm } from '../support/demo-site.js';

const SCHOOL = 'Ikastola Txori Berri';
const ANE = 'Ane Garcia Lopez';
const SEARCH = `/api/participants?name=${encodeURIComponent(ANE)}&company=${encodeURIComponent(SCHOOL)}`;
/** Answered from the last good model all along. */
const STILL_SERVED = [
  '/api/years',
  '/api/statistics?year=2024',
  '/api/category?year=2024&category=intro',
  '/api/companies',
  '/',
  '/estadisticas/2024',
  '/buscar',
];
/** The search may go on this long without the store: short, but past the first failed reads. */
const FAIL_CLOSED_AFTER_MS = 1500;

async function seeded(fixture: StoreFixture): Promise<void> {
  await seedPublishedYears(fixture);
  await fixture.insertParticipants([{ name: ANE, school: SCHOOL, year: 2024 }]);
}

function start(openStore: () => Promise<ReadStore>, pollIntervalMs: number): Promise<TestServer> {
  return startTestServer(openStore, {
    pollIntervalMs,
    searchFailClosedAfterMs: FAIL_CLOSED_AFTER_MS,
    webPages: true,
  });
}

/** Breaks the store under `server`, checks that the search closes and nothing else, repairs it. */
async function breakAndRepair(
  server: TestServer,
  breakStore: () => Promise<void>,
  repair: () => Promise<void>,
  details: RegExp,
): Promise<void> {
  const form = () => postForm(`${server.url}/buscar`, { name: ANE, company: SCHOOL });
  const found = await server.get(SEARCH);
  expect(found.status).toBe(200);
  const served = await Promise.all(STILL_SERVED.map(async (path) => (await server.get(path)).text));

  await breakStore();
  await eventually(async () => !server.follower.storeHealthy);
  // A short outage: still the last good model, search included.
  expect((await server.get(SEARCH)).text).toBe(found.text);

  await eventually(async () => (await server.get(SEARCH)).status === 500, 10_000);
  const closed = await server.get(SEARCH);
  expect(Object.keys(closed.body as object)).toEqual(['error', 'details']);
  expect(closed.body).toMatchObject({ error: 'Error al obtener el estado del sistema' });
  expect((closed.body as { details: string }).details).toMatch(details);
  // The checks before it still come first.
  expect((await server.get('/api/participants?name=Ane&company=X')).status).toBe(400);
  const page = await form();
  expect(page.status).toBe(500);
  expect(await page.text()).toContain(webTexts.unavailable.title);
  expect((await postForm(`${server.url}/buscar`, { name: '', company: SCHOOL })).status).toBe(400);
  expect(await Promise.all(STILL_SERVED.map(async (path) => (await server.get(path)).text))).toEqual(served);

  await repair();
  await eventually(async () => (await server.get(SEARCH)).status === 200, 70_000);
  expect((await server.get(SEARCH)).text).toBe(found.text);
  expect(await (await form()).text()).not.toContain(webTexts.search.notFound);
}

describe('the participant search fails closed', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it('SQLite: the store file taken away while serving', async () => {
    const fixture = await createSqliteFixture();
    await seeded(fixture);
    const server = await start(() => fixture.openReadStore(), 50);
    close = async () => {
      await server.close();
      await fixture.dispose();
    };
    const aside = `${fixture.path}.aside`;
    await breakAndRepair(
      server,
      async () => renameSync(fixture.path, aside),
      async () => renameSync(aside, fixture.path),
      /ENOENT|no such file|SQLITE_CANTOPEN/,
    );
  });

  it('PostgreSQL: SELECT revoked from the server role while serving', async () => {
    const fixture = await createPostgresFixture();
    await seeded(fixture);
    const reader = await createReadOnlyRole(fixture.database);
    const server = await start(() => openReadStore(postgresLocation(reader.url)), 100);
    close = async () => {
      await server.close();
      await reader.drop().catch(() => undefined);
      await fixture.dispose();
    };
    const rights = (verb: 'GRANT' | 'REVOKE') =>
      fixture.database.client.query(
        `${verb} SELECT ON ALL TABLES IN SCHEMA public ${verb === 'GRANT' ? 'TO' : 'FROM'} ${reader.user}`,
      );
    await breakAndRepair(
      server,
      async () => void (await rights('REVOKE')),
      async () => void (await rights('GRANT')),
      /42501|permission denied/,
    );
  });
});
