/**
 * Rebuilds at a CI-sized scale: while the server takes in imports (the real CLI, in
 * its own process), no request waits on the rebuild of the read model, and the new data
 * is served soon after the import's commit. No request waiting is measured by the
 * server's CPU time (a busy shared machine, with other test files or a second suite
 * alongside, delays the thread but adds no work to it); how soon, and the answers' p99
 * during a rebuild, by wall-clock, are targets of `npm run bench:rebuild` (2 s at scale
 * 1, 10 s at scale 100), which prints the figures. Here only "not stuck" is bounded.
 */
import { Agent, get } from 'node:http';
import { setTimeout as pause } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/server.js';
import { SqliteStore } from '../../src/store/sqlite-store.js';
import { eventually } from '../support/eventually.js';
import { watchEventLoop } from '../support/event-loop-stalls.js';
import { startTestServer } from '../support/server.js';
import { createWorkspace, csv, runCli, type Workspace } from '../support/workspace.js';
import { inLetters } from '../support/name-examples.js';

/** About 300,000 participants: the old code stalled every request for about a second per rebuild. */
const SCALE = 10;
/**
 * The longest the event loop may stay busy with one stretch of work (measured by the main
 * thread's CPU time, so that a busy shared machine that delays the thread does not count):
 * "stuck", not a target. Quiet, 40–80 ms; once 270 ms beside a whole suite (a collection
 * of a heap holding two models, by its size); the old code, about a second.
 */
const MAX_BUSY_MS = 400;
const IMPORTS = 2;
/** Far above the usual 0.3–1 s (scale 100's target is 10 s), even on a loaded machine: below "stuck". */
const MAX_FRESHNESS_MS = 60_000;

/**
 * Between two requests of the load: about 200 a second, answers during every rebuild,
 * without the load itself taking a core of the machine the suite shares.
 */
const PAUSE_MS = 5;

/** Requests `paths` one after the other, over and over, until `stop()`; every answer timed (ms). */
function keepAsking(base: string, paths: readonly string[]) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const timings: number[] = [];
  let running = true;
  const ask = (path: string) =>
    new Promise<void>((resolve, reject) => {
      const started = performance.now();
      get(base + path, { agent }, (response) => {
        response.resume();
        response.on('end', () => {
          timings.push(performance.now() - started);
          resolve();
        });
      }).on('error', reject);
    });
  const done = (async () => {
    for (let i = 0; running; i++) {
      await ask(paths[i % paths.length]!);
      await pause(PAUSE_MS);
    }
  })();
  return {
    timings,
    async stop() {
      running = false;
      await done;
      agent.destroy();
    },
  };
}

/** One year's list of `count` fictional participants, as a CSV. */
function yearCsv(year: number, count: number, tag: string): string {
  const rows = ['name,school,year'];
  for (let i = 0; i < count; i++)
    rows.push(
      `Nombre${inLetters(`${tag}${i}`)} Apellido${inLetters(i % 97)} Otro${inLetters(i % 89)},Ikastola ${tag}${i % 20},${year}`,
    );
  return csv(rows);
}

describe('rebuilding the read model while serving', () => {
  let workspace: Workspace;
  let server: RunningServer;

  beforeAll(async () => {
    workspace = createWorkspace();
    // In its own process, so that none of its garbage is collected here during the test.
    const demo = await runCli(['demo', '--db', workspace.dbPath, '--seed', '11', '--scale', String(SCALE)]);
    expect(demo.code, demo.stderr).toBe(0);
    server = await startTestServer(async () => new SqliteStore(workspace.dbPath, { readonly: true }), {
      pollIntervalMs: 100,
    });
  }, 300_000); // a demo of 300,000 rows: 10 s quiet, past 120 s beside a second suite

  afterAll(async () => {
    await server?.close();
    workspace?.remove();
  });

  it('no answer waits on a rebuild, and each import is served soon after its commit', async () => {
    const load = keepAsking(server.url, ['/api/ping', '/api/statistics?year=global', '/api/years']);
    const loop = watchEventLoop();
    const freshness: number[] = [];
    try {
      for (let k = 0; k < IMPORTS; k++) {
        const count = 5000 + k;
        const file = workspace.file(`year-${k}.csv`, yearCsv(2024, count, `T${k}`));
        const run = await runCli(['import', file, '--db', workspace.dbPath]);
        expect(run.code, run.stderr).toBe(0);
        const committed = performance.now();
        await eventually(async () => {
          const answer = await fetch(`${server.url}/api/category?year=2024&category=totalParticipantsByYear`);
          return (await answer.text()).includes(`"count":${count}`);
        }, MAX_FRESHNESS_MS);
        freshness.push(performance.now() - committed);
        // The companies and the search follow the same commit.
        expect(await (await fetch(`${server.url}/api/companies`)).text()).toContain(`Ikastola T${k}0`);
        const search = `name=${encodeURIComponent(`Nombre${inLetters(`T${k}0`)} Apellidoa Otroa`)}&company=Ikastola%20T${k}0`;
        expect((await fetch(`${server.url}/api/participants?${search}`)).status).toBe(200);
      }
      // Whatever the server does in the background after an import, it does it now.
      await new Promise((resolve) => setTimeout(resolve, 3000));
    } finally {
      await load.stop();
    }
    const { longestBusyMs, longestDelayMs } = loop.stop();
    const times = [...load.timings].sort((a, b) => a - b);
    const p99 = times[Math.floor(times.length * 0.99)]!;
    const figures = JSON.stringify({ longestBusyMs, longestDelayMs, p99, freshness, answers: times.length });
    expect(times.length).toBeGreaterThan(100);
    expect(longestBusyMs, figures).toBeLessThan(MAX_BUSY_MS);
  }, 300_000);
});
