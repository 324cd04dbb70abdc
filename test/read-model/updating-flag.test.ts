/**
 * The updating flag is no part of what a read model is built from: a server reads it on
 * every poll (on PostgreSQL also at its notification) and serves it with no rebuild, even
 * while a build is under way. (How soon is measured by `npm run bench:rebuild`.)
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { es as webTexts } from '../../src/web/texts/es.js';
import { seedPublishedYears } from '../support/dataset.js';
import { eventually } from '../support/eventually.js';
import { createPostgresFixture } from '../support/postgres-fixture.js';
import { startTestServer, type TestServer } from '../support/server.js';
import type { StoreFixture } from '../support/store-fixture.js';
import { STORE_KINDS } from '../support/stores.js';

/** Polling so slow that within a test only a notification can bring a change. */
const NO_POLLING_MS = 600_000;
const STATISTICS = '/api/statistics?year=2024';
const UPDATING = '{"isUpdating":true}';

/** The number of the model being served: it moves with every build, and only then. */
function builds(server: TestServer): number {
  const state = server.follower.state;
  return state.kind === 'ready' ? state.model.version : 0;
}

async function text(server: TestServer, path: string): Promise<string> {
  return (await server.get(path)).text;
}

for (const kind of STORE_KINDS) {
  describe(`a flip of the updating flag [${kind.name}]`, () => {
    let fixture: StoreFixture;
    let server: TestServer;

    beforeAll(async () => {
      fixture = await kind.create();
      await seedPublishedYears(fixture);
      await fixture.setUpdating(false);
      server = await startTestServer(() => fixture.openReadStore(), {
        pollIntervalMs: kind.name === 'postgresql' ? NO_POLLING_MS : 50,
        webPages: true,
      });
    });

    afterAll(async () => {
      await server?.close();
      await fixture?.dispose();
    });

    it(`is served with no rebuild${kind.name === 'postgresql' ? ', at its notification alone' : ''}`, async () => {
      const before = builds(server);
      const normal = await text(server, STATISTICS);
      expect(normal).toMatch(/^\{"isUpdating":false,/);

      await fixture.setUpdating(true);
      await eventually(async () => (await text(server, STATISTICS)) === UPDATING);
      expect(await text(server, '/')).toContain(webTexts.updatingNotice);
      await fixture.setUpdating(false);
      await eventually(async () => (await text(server, STATISTICS)) === normal);
      expect(await text(server, '/')).not.toContain(webTexts.updatingNotice);

      // Once the follower has caught up (a rebuild, had there been one, would be over).
      await server.sync();
      expect(builds(server)).toBe(before);
    });
  });
}

describe('a flip of the updating flag while a build waits [postgresql]', () => {
  let fixture: Awaited<ReturnType<typeof createPostgresFixture>>;
  let server: TestServer;

  beforeAll(async () => {
    fixture = await createPostgresFixture();
    await seedPublishedYears(fixture);
    await fixture.setUpdating(false);
    server = await startTestServer(() => fixture.openReadStore(), { pollIntervalMs: NO_POLLING_MS });
  });

  afterAll(async () => {
    await server?.close();
    await fixture?.dispose();
  });

  it('is served at once, and the build, once done, keeps it', async () => {
    const before = builds(server);
    // A build reads the participants last: held up here until the lock goes.
    const locker = new pg.Client({ connectionString: fixture.database.url });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE participants IN ACCESS EXCLUSIVE MODE');
      await fixture.insertYear('2030', false);
      await eventually(async () => {
        // Not on the locker's connection: a transaction sees the activity of its start.
        const waiting = await fixture.database.client.query(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
        );
        return (waiting.rows[0] as { n: number }).n > 0;
      });
      await fixture.setUpdating(true);
      await eventually(async () => (await text(server, STATISTICS)) === UPDATING);
      expect(builds(server)).toBe(before);
    } finally {
      await locker.query('ROLLBACK').catch(() => undefined);
      await locker.end();
    }
    await eventually(async () => builds(server) === before + 1, 10_000);
    expect(await text(server, STATISTICS)).toBe(UPDATING);
  });
});
