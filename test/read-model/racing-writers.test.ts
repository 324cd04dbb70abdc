/**
 * One committed state per model, under load: while another process commits, as fast as it can, transactions
 * that replace the raced year with one state or the other, every model the server puts
 * in service holds one of those states, never the statistic of one with the schools of
 * the other. Bounded: a few seconds of racing per store.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresLocation, sqliteLocation, type StoreLocation } from '../../src/config/index.js';
import type { ReadModel } from '../../src/read-model/read-model.js';
import type { RunningServer } from '../../src/server.js';
import { REPO_ROOT } from '../support/cli.js';
import { createPostgresFixture } from '../support/postgres-fixture.js';
import { eventually } from '../support/eventually.js';
import { startTestServer } from '../support/server.js';
import {
  isOneOf,
  RACE_STATES,
  seedRacedYear,
  servedState,
  type ServedState,
} from '../support/served-state.js';
import { createSqliteFixture, type StoreFixture } from '../support/store-fixture.js';

const RACE_MS = 4000;
/** This many models put in service, or fewer, would prove little about how they are built. */
const MIN_MODELS = 3;
const MAX_RACES = 5;
const WRITER = join(REPO_ROOT, 'test/read-model/fixtures/race-writer.ts');

/** Runs the racing writer to its end; resolves with the index of the last state it committed. */
function race(location: StoreLocation): Promise<{ commits: number; last: number }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', WRITER, JSON.stringify(location), String(RACE_MS)],
    { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve(JSON.parse(output) as { commits: number; last: number })
        : reject(new Error(`the writer exited with ${code}: ${output}`)),
    );
  });
}

const STORES: { name: string; open(): Promise<{ fixture: StoreFixture; location: StoreLocation }> }[] = [
  {
    name: 'sqlite',
    async open() {
      const fixture = await createSqliteFixture();
      return { fixture, location: sqliteLocation(fixture.path) };
    },
  },
  {
    name: 'postgresql',
    async open() {
      const fixture = await createPostgresFixture();
      return { fixture, location: postgresLocation(fixture.database.url) };
    },
  },
];

for (const kind of STORES) {
  describe(`racing writers [${kind.name}]`, () => {
    let fixture: StoreFixture;
    let location: StoreLocation;
    let server: RunningServer;

    beforeAll(async () => {
      ({ fixture, location } = await kind.open());
      await seedRacedYear(fixture, RACE_STATES[0]!);
      server = await startTestServer(() => fixture.openReadStore(), { pollIntervalMs: 20 });
    });

    afterAll(async () => {
      await server?.close();
      await fixture?.dispose();
    });

    it(
      'every model put in service is one committed state',
      { timeout: MAX_RACES * RACE_MS + 60_000 },
      async () => {
        // Every model is looked at once, on every turn of the event loop.
        const seen = new Set<ReadModel>();
        const mixed: ServedState[] = [];
        let watching = true;
        const watch = () => {
          const state = server.follower.state;
          if (state.kind === 'ready' && !seen.has(state.model)) {
            seen.add(state.model);
            const served = servedState(state.model);
            if (!isOneOf(served, RACE_STATES)) mixed.push(served);
          }
          if (watching) setImmediate(watch);
        };
        watch();
        // A busy machine builds fewer models during one race: race again until enough were seen.
        let commits = 0;
        let last = 0;
        for (let round = 0; round < MAX_RACES && (round === 0 || seen.size <= MIN_MODELS); round++) {
          const result = await race(location);
          commits += result.commits;
          last = result.last;
        }
        const final = RACE_STATES[last]!;
        await eventually(async () => isOneOf(servedState(readyModel(server)), [final]), 10_000);
        watching = false;

        expect(commits).toBeGreaterThan(20);
        expect(seen.size).toBeGreaterThan(MIN_MODELS);
        expect(mixed).toEqual([]);
      },
    );
  });
}

function readyModel(server: RunningServer): ReadModel {
  const state = server.follower.state;
  if (state.kind !== 'ready') throw new Error(`no model: ${state.kind}`);
  return state.model;
}
