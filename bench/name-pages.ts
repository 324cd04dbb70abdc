/**
 * `npm run bench:name-pages`: a name's page against an edition's page (at scale 1
 * a name page is served at least as fast as an edition page).
 *
 * Builds the demo store (BENCH_SCALE, default 1; BENCH_SEED, default 1), starts the real
 * server (`tamborrada serve` from dist/) as a child process, asks each page once (its first
 * use, when it is made and compressed), then drives each with autocannon at
 * BENCH_CONNECTIONS (default 16) with a browser's Accept-Encoding, in BENCH_SLICES turns
 * (default 6) of BENCH_SLICE_S seconds (default 2) each, the pages one after the other in
 * every turn, so that the machine's swings touch them alike. For each page it prints
 * req/s, p50/p99 latency, the bytes sent, and the server's CPU time per request (utime +
 * stime from /proc, the figure that holds on a busy machine), with the share of the CPU
 * other processes took meanwhile (above 5 %, the wall-clock figures are not to be trusted).
 * Results go to bench/results/name-pages-<start>.json and name-pages-latest.json.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { slugOf } from '../src/web/school-slugs.js';
import { demoStore } from './http-lib/demo-store.js';
import { envNumber } from './http-lib/env.js';
import { drive, type LoadResult } from './http-lib/load.js';
import {
  cpuSnapshot,
  foreignCpuShare,
  freePort,
  get,
  HOST,
  spawnServer,
  waitForIdle,
} from './http-lib/process.js';
import { CLI, runBenchmark, writeResult } from './http-lib/run.js';

const config = {
  scale: envNumber('BENCH_SCALE', 1),
  seed: envNumber('BENCH_SEED', 1),
  connections: envNumber('BENCH_CONNECTIONS', 16),
  slices: envNumber('BENCH_SLICES', 6),
  sliceS: envNumber('BENCH_SLICE_S', 2),
};
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };
/** USER_HZ on Linux: /proc counts CPU time in hundredths of a second. */
const TICKS_PER_S = 100;

interface Row {
  page: string;
  path: string;
  firstUseMs: number;
  requests: number;
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  bytesPerRequest: number;
  serverCpuUsPerRequest: number;
  otherCpuShare: number;
  unexpected: number;
}

runBenchmark(async () => {
  const startedAt = new Date();
  const tmpDir = mkdtempSync(join(tmpdir(), 'bench-name-pages-'));
  try {
    const store = await demoStore({ ...config, tmpDir, cacheFromScale: 10, rebuild: false });
    const port = await freePort();
    const server = await spawnServer({
      args: [CLI, 'serve', '--db', store.path, '--port', String(port), '--host', HOST],
      port,
      env: { LOG_LEVEL: 'warn', METRICS_PORT: 'off' },
      readyPaths: ['/api/ping', '/api/years'],
      readyTimeoutMs: 300_000,
    });
    try {
      await waitForIdle(server.pid);
      // The most frequent first name and surname of all editions (the most schools), and the last edition.
      const top = async (category: string) => {
        const answer = await get(`${server.url}/api/category?year=global&category=${category}`);
        return (JSON.parse(answer.body.toString()) as { stats: { public_data: { name: string }[] }[] })
          .stats[0]!.public_data[0]!.name;
      };
      const years = (
        JSON.parse((await get(`${server.url}/api/years`)).body.toString()) as { years: string[] }
      ).years;
      const edition = String(Math.max(...years.filter((year) => year !== 'global').map(Number)));
      const pages = [
        { page: 'edition', path: `/estadisticas/${edition}` },
        { page: 'first name', path: `/nombres/${slugOf(await top('topNames'))}` },
        { page: 'surname', path: `/apellidos/${slugOf(await top('topSurnames'))}` },
      ];
      const firstUse = new Map<string, number>();
      for (const { path } of pages) {
        const started = performance.now();
        const answer = await get(server.url + path, BROWSER);
        if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`);
        firstUse.set(path, performance.now() - started);
      }
      const measured = new Map<string, { results: LoadResult[]; cpuTicks: number; other: number[] }>();
      for (let slice = 0; slice < config.slices; slice++) {
        for (const { path } of pages) {
          const before = cpuSnapshot([server.pid]);
          const result = await drive(
            server.url,
            { operation: path, paths: [path], headers: BROWSER, expectedStatuses: [200] },
            { durationS: config.sliceS, connections: config.connections },
          );
          const after = cpuSnapshot([server.pid]);
          const row = measured.get(path) ?? { results: [], cpuTicks: 0, other: [] };
          row.results.push(result);
          row.cpuTicks += after.watched - before.watched;
          row.other.push(foreignCpuShare(before, after, cpus().length));
          measured.set(path, row);
        }
      }
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
      const rows: Row[] = pages.map(({ page, path }) => {
        const { results, cpuTicks, other } = measured.get(path)!;
        const requests = results.reduce((sum, result) => sum + result.requests, 0);
        const seconds = results.reduce((sum, result) => sum + result.durationS, 0);
        const bytes = results.reduce((sum, result) => sum + result.bytesPerSec * result.durationS, 0);
        return {
          page,
          path,
          firstUseMs: Math.round(firstUse.get(path)! * 10) / 10,
          requests,
          reqPerSec: Math.round(requests / seconds),
          p50Ms: median(results.map((result) => result.latencyMs.p50)),
          p99Ms: median(results.map((result) => result.latencyMs.p99)),
          bytesPerRequest: Math.round(bytes / requests),
          serverCpuUsPerRequest: Math.round(((cpuTicks / TICKS_PER_S) * 1e6) / requests),
          otherCpuShare: Math.round(median(other) * 100) / 100,
          unexpected: results.reduce((sum, result) => sum + result.unexpected + result.errors, 0),
        };
      });
      const [editionRow, ...nameRows] = rows;
      const result = {
        startedAt: startedAt.toISOString(),
        config,
        participants: store.participants,
        loadAverage: loadavg()[0],
        rows,
        // At least as fast: a name page costs the server no more CPU per request than an edition page.
        nameAtLeastAsFast: nameRows.every(
          (row) => row.serverCpuUsPerRequest <= editionRow!.serverCpuUsPerRequest * 1.05,
        ),
      };
      console.table(rows);
      console.log(
        JSON.stringify({ nameAtLeastAsFast: result.nameAtLeastAsFast, loadAverage: result.loadAverage }),
      );
      console.log(`bench/results/${writeResult('name-pages', startedAt, result)}`);
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(tmpDir, { recursive: true, force: true });
  }
});
