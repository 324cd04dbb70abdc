/**
 * Every read model is one committed state of the store. A commit is slipped
 * in between the reads of one rebuild: the rebuild's read of `participants` waits on a
 * lock held by a transaction that rewrites the raced year, which commits while the
 * statistics were read already. The model must then hold the state before that commit
 * throughout, never the statistics of one state with the schools of the other.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresLocation } from '../../../src/config/index.js';
import type { RunningServer } from '../../../src/server.js';
import { openReadStore } from '../../../src/store/open-store.js';
import type { ReadStore } from '../../../src/store/store.js';
import { createPostgresFixture } from '../../support/postgres-fixture.js';
import { eventually } from '../../support/eventually.js';
import { startTestServer } from '../../support/server.js';
import {
  isOneOf,
  numbered,
  raceStatements,
  seedRacedYear,
  servedState,
  type RacedState,
} from '../../support/served-state.js';

type Fixture = Awaited<ReturnType<typeof createPostgresFixture>>;

/** Polling so slow that only `refresh()` rebuilds within a test. */
const NO_POLLING_MS = 600_000;

const FIRST: RacedState = { school: 'Ikastola Zero', count: 1 };
const SECOND: RacedState = { school: 'Ikastola Bat', count: 2 };
const THIRD: RacedState = { school: 'Ikastola Hiru', count: 3 };

/** The store without push notifications: nothing but `refresh()` starts a rebuild. */
function withoutNotifications(store: ReadStore): ReadStore {
  return new Proxy(store, {
    get(target, property) {
      if (property === 'onChange') return undefined;
      const value = Reflect.get(target, property) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

async function commit(client: pg.Client, state: RacedState): Promise<void> {
  for (const { sql, params } of raceStatements(state)) await client.query(numbered(sql), params);
}

describe('a commit between the reads of one rebuild [postgresql]', () => {
  let fixture: Fixture;
  let server: RunningServer;

  beforeAll(async () => {
    fixture = await createPostgresFixture();
    await seedRacedYear(fixture, FIRST);
    server = await startTestServer(
      async () => withoutNotifications(await openReadStore(postgresLocation(fixture.database.url))),
      { pollIntervalMs: NO_POLLING_MS },
    );
  });

  afterAll(async () => {
    await server?.close();
    await fixture?.dispose();
  });

  it('the model holds the state of one commit, not the statistics of one and the schools of the next', async () => {
    const served = () => {
      const state = server.follower.state;
      if (state.kind !== 'ready') throw new Error(`no model: ${state.kind}`);
      return servedState(state.model);
    };
    expect(served()).toEqual({ count: 1, companies: ['Ikastola Zero'] });

    // The second state is committed; the third is written under a lock on participants.
    await commit(fixture.database.client, SECOND);
    const writer = new pg.Client({ connectionString: fixture.database.url });
    await writer.connect();
    try {
      await writer.query('BEGIN');
      await writer.query('LOCK TABLE participants IN ACCESS EXCLUSIVE MODE');
      await commit(writer, THIRD);

      const rebuilt = server.follower.refresh();
      // The rebuild has read what it reads before participants, and waits on the lock.
      await eventually(async () => {
        const { rows } = await fixture.database.client.query<{ waiting: number }>(
          `SELECT count(*)::int AS waiting FROM pg_stat_activity
           WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE '%participants%'`,
        );
        return rows[0]!.waiting > 0;
      }, 20_000);
      await writer.query('COMMIT');
      await rebuilt;
    } finally {
      await writer.end();
    }

    const afterRace = served();
    expect(isOneOf(afterRace, [SECOND, THIRD]), JSON.stringify(afterRace)).toBe(true);
    // And the next rebuild catches up with the last commit.
    await eventually(async () => {
      await server.follower.refresh();
      return isOneOf(served(), [THIRD]);
    }, 10_000);
  });
});
