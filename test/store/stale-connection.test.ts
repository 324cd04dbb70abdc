/**
 * A server whose SQLite connection stops seeing the store on disk (its `-wal` and `-shm`
 * deleted under it, as a client that wrongly believed itself the last one would) notices
 * it, reopens the store with one warning, counts it in `tamborrada_store_reopens_total`,
 * and serves the change that followed.
 */
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemo } from '../../src/cli/commands/demo.js';
import type { RunningServer } from '../../src/server.js';
import { openReadStore } from '../../src/store/open-store.js';
import { runCli } from '../support/cli.js';
import { eventually } from '../support/eventually.js';
import { startTestServer } from '../support/server.js';
import { createWorkspace, type Workspace } from '../support/workspace.js';

const REOPENED = 'the store connection no longer saw the store as it is on disk: reopened';

describe('a server whose connection no longer sees the store on disk', () => {
  let workspace: Workspace;
  let server: RunningServer;
  const lines: { level: number; msg: string; details?: string }[] = [];

  beforeAll(async () => {
    workspace = createWorkspace();
    // Every connection to the file is in other processes or in the server: a connection
    // of this process would share the server's view of the WAL.
    await loadDemo({ seed: 1, scale: 0.02 }, workspace.location);
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    server = await startTestServer(() => openReadStore(workspace.location), {
      pollIntervalMs: 100,
      logger: pino({ level: 'warn' }, sink),
      metrics: { host: '127.0.0.1', port: 0 },
    });
  });

  afterAll(async () => {
    await server?.close();
    workspace?.remove();
  });

  async function reopensMetric(): Promise<number> {
    const text = await (await fetch(server.metricsUrl!)).text();
    const line = text.split('\n').find((entry) => entry.startsWith('tamborrada_store_reopens_total '));
    return Number(line?.split(' ')[1]);
  }

  it('reopens the store, warns once, counts it, and serves the next change', async () => {
    const statistics = async () => (await fetch(`${server.url}/api/statistics?year=global`)).text();
    expect(await statistics()).toMatch(/^\{"isUpdating":false/);
    expect(await reopensMetric()).toBe(0);

    // Everything committed is in the main file first; then the WAL files go.
    execFileSync('sqlite3', [workspace.dbPath, 'PRAGMA wal_checkpoint(TRUNCATE)']);
    for (const suffix of ['-wal', '-shm']) rmSync(workspace.dbPath + suffix);
    const run = await runCli(['updating', 'on', '--db', workspace.dbPath]);
    expect([run.code, run.stderr]).toEqual([0, '']);

    await eventually(async () => (await statistics()) === '{"isUpdating":true}');
    expect(lines.filter((line) => line.msg === REOPENED)).toHaveLength(1);
    expect(lines.find((line) => line.msg === REOPENED)).toMatchObject({ level: 40 });
    expect(await reopensMetric()).toBe(1);

    // Followed as usual from then on, with no more reopening.
    const off = await runCli(['updating', 'off', '--db', workspace.dbPath]);
    expect(off.code).toBe(0);
    await eventually(async () => (await statistics()).startsWith('{"isUpdating":false'));
    expect(await reopensMetric()).toBe(1);
    expect(lines.filter((line) => line.level >= 40).map((line) => line.msg)).toEqual([REOPENED]);
  });
});
