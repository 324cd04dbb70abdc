/**
 * A model is tagged with the store's version read inside its own snapshot, not with the
 * version polled before it: a commit between the poll and the snapshot is already in the
 * model, and causes no second build.
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReadModelFollower } from '../../src/read-model/follower.js';
import type { ReadStore } from '../../src/store/store.js';
import { seedPublishedYears } from '../support/dataset.js';
import { eventually } from '../support/eventually.js';
import { createSqliteFixture } from '../support/store-fixture.js';

describe('the version a model is tagged with', () => {
  let fixture: Awaited<ReturnType<typeof createSqliteFixture>>;
  let follower: ReadModelFollower;
  let polls = 0;

  beforeAll(async () => {
    fixture = await createSqliteFixture();
    await seedPublishedYears(fixture);
    // The first poll commits a change right after reading the version: the build's snapshot sees it.
    const openStore = async (): Promise<ReadStore> => {
      const store = await fixture.openReadStore();
      const readVersion = store.readVersion.bind(store);
      store.readVersion = async () => {
        const version = await readVersion();
        if (polls++ === 0) await fixture.insertYear('2031', false);
        return version;
      };
      return store;
    };
    follower = new ReadModelFollower(openStore, {
      pollIntervalMs: 20,
      searchFailClosedAfterMs: 300_000,
      logger: pino({ enabled: false }),
    });
    await follower.start();
  });

  afterAll(async () => {
    await follower?.stop();
    await fixture?.dispose();
  });

  it('is the snapshot’s: a commit between poll and snapshot causes no rebuild', async () => {
    const pollsAtStart = polls;
    await eventually(async () => polls >= pollsAtStart + 5);
    const state = follower.state;
    expect(state.kind).toBe('ready');
    expect(state.kind === 'ready' && state.model.version).toBe(1);
  });
});
