/**
 * `npm run bench:rebuild`: how soon running servers serve a change of the store.
 *
 * For each scale of the demo store (1 and 100 by default) it copies the store and starts two
 * real servers on it (`tamborrada serve`, built in dist/, LOG_LEVEL=info): two replicas on one
 * machine, sharing its cores. The first is started alone (its first load is the "first build
 * after a start"), then the second. It keeps the first busy with autocannon (participant
 * searches and prepared answers, BENCH_CONNECTIONS connections), and times `/api/ping` and a
 * prepared answer on it from a separate process, one request every 10 ms. Then it changes the
 * store with the real CLI, one change after the other: the updating flag on, an import of
 * 5,000 rows for a new year, an import of a whole stored year again (its rows plus one of a
 * new school), the flag off; then BENCH_FLIPS flips of the flag, on and off. For each:
 *
 * - served: from the CLI's exit (its commit) until both servers answer the new data (each
 *   asked every 5 ms);
 * - the rebuilds the servers logged ('read model built': each a full build in a worker
 *   thread, with its wall time and the CPU time of the worker), and the window from the
 *   commit to the last of them;
 * - p50, p99 and the slowest of the probe's requests in that window.
 *
 * Also: each server's first load, and the servers' peak memory (VmHWM). The machine may be
 * shared: the share of its CPU that other processes used during the run is printed, and the
 * builds' CPU times say what the wall times do not. Results go to
 * bench/results/rebuild-<timestamp>.json and rebuild-latest.json.
 *
 * With BENCH_DATABASE_URL (a throwaway PostgreSQL database: `demo --force` replaces its data),
 * the same flips and the import of a new year on PostgreSQL too, with two servers and no load.
 *
 * Environment: BENCH_SCALES (default "1,100"; empty: PostgreSQL only), BENCH_SEED (default 1),
 * BENCH_CONNECTIONS (default 8), BENCH_FLIPS (default 20), BENCH_QUIET_MS (how long without a
 * rebuild ends a window; default 3000), BENCH_DATABASE_URL.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { demoStore, sampleParticipants, searchVariant } from './http-lib/demo-store.js';
import { envNumber } from './http-lib/env.js';
import { CLI, ROOT, runBenchmark, writeResult } from './http-lib/run.js';
import {
  cpuSnapshot,
  foreignCpuShare,
  freePort,
  get,
  HOST,
  memoryOf,
  serverNodeFlags,
  type ChildServer,
  spawnServer,
} from './http-lib/process.js';

const PROBE = join(ROOT, 'bench/http-lib/probe.ts');

const config = {
  scales: (process.env.BENCH_SCALES ?? '1,100')
    .split(',')
    .filter((part) => part.trim() !== '')
    .map((part) => Number(part.trim())),
  seed: envNumber('BENCH_SEED', 1),
  connections: envNumber('BENCH_CONNECTIONS', 8),
  flips: envNumber('BENCH_FLIPS', 20),
  /** A throwaway PostgreSQL database for the flips and an import there too (its data is replaced). */
  databaseUrl: process.env.BENCH_DATABASE_URL,
  quietMs: envNumber('BENCH_QUIET_MS', 3000),
  /** Rows of the import of a new year. */
  newYearRows: 5000,
};

/**
 * A flip served within 200 ms (p95), with no rebuild; new data served within 1 s at scale 1
 * (10 s at scale 100); a build within 300 ms at scale 1 on a quiet machine, the first after a
 * start included (10 s at scale 100); p99 of ping and a prepared answer during a rebuild;
 * memory.
 */
const TARGETS = {
  flipP95Ms: 200,
  freshMsSmall: 1000,
  freshMsLarge: 10_000,
  buildMsSmall: 300,
  buildMsLarge: 10_000,
  p99Ms: 50,
  memoryMb: 1536,
};

const progress = (message: string) => process.stderr.write(`[bench:rebuild] ${message}\n`);

interface Latency {
  requests: number;
  p50: number;
  p99: number;
  max: number;
}

/** One logged build: its wall time and its worker's CPU time (ms). */
interface Build {
  server: number;
  buildMs: number;
  workerCpuMs: number | null;
  rowsRead: unknown;
}

interface ChangeReport {
  change: string;
  rows: number | null;
  /** CLI run, from start to exit. */
  cliMs: number;
  /** From the CLI's exit until both servers answered the new data; and each server's. */
  freshMs: number;
  freshMsByServer: number[];
  /** The rebuilds logged from the commit on. */
  rebuilds: Build[];
  windowMs: number;
  ping: Latency;
  prepared: Latency;
}

interface FlipsReport {
  flips: number;
  /** From the CLI's exit until both servers served the flag, each flip (ms). */
  servedMs: number[];
  p50: number;
  p95: number;
  max: number;
  /** Builds logged from the first flip's commit to the end: a flip needs none. */
  rebuilds: number;
}

interface ScaleReport {
  scale: number;
  participants: number;
  /** Each server's first build; the first server was started alone. */
  firstLoads: Build[];
  readyMs: number[];
  /** Every build after the first loads: changes of the data. */
  /** The later builds under the bench's load (autocannon, probe, the other server's build). */
  steadyBuilds: Build[];
  /** The builds of more imports with the load and the second server stopped: the build target's quiet machine. */
  quietBuilds: Build[];
  peakMemoryMb: (number | null)[];
  /** Share of the machine's CPU other processes used while the changes ran (0 to 1). */
  otherCpuShare: number;
  outsideWindows: { ping: Latency; prepared: Latency };
  changes: ChangeReport[];
  flips: FlipsReport;
  targets: { target: string; value: string; pass: boolean }[];
}

interface LogEvent {
  server: number;
  at: number;
  msg: string;
  fields: Record<string, unknown>;
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0;
}

function latency(samples: readonly [number, number][], from: number, to: number, inside: boolean): Latency {
  const times = samples
    .filter(([at]) => (at >= from && at <= to) === inside)
    .map(([, ms]) => ms)
    .sort((a, b) => a - b);
  return {
    requests: times.length,
    p50: percentile(times, 0.5),
    p99: percentile(times, 0.99),
    max: times[times.length - 1] ?? 0,
  };
}

/** Samples outside every window. */
function outside(samples: readonly [number, number][], windows: readonly [number, number][]): Latency {
  const kept = samples.filter(([at]) => !windows.some(([from, to]) => at >= from && at <= to));
  return latency(kept, 0, Infinity, true);
}

function runCli(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`tamborrada ${args[0]} exited with ${code}: ${errors}`)),
    );
  });
}

const csvField = (value: string | number) => `"${String(value).replace(/"/g, '""')}"`;

/** The stored rows of `year` plus one of a new school, as a CSV file: the import of that year again. */
function yearAgainCsv(db: string, year: number, path: string, school: string): number {
  const store = new Database(db, { readonly: true });
  try {
    const rows = store.prepare('SELECT name, school FROM participants WHERE year = ?').all(year) as {
      name: string;
      school: string;
    }[];
    rows.push({ name: 'Ane Berria Bench Lopez', school });
    writeFileSync(
      path,
      ['name,school,year', ...rows.map((row) => [row.name, row.school, year].map(csvField).join(','))].join(
        '\n',
      ) + '\n',
    );
    return rows.length;
  } finally {
    store.close();
  }
}

function lastStoredYear(db: string): number {
  const store = new Database(db, { readonly: true });
  try {
    return (store.prepare('SELECT max(year) AS year FROM participants').get() as { year: number }).year;
  } finally {
    store.close();
  }
}

/** A number in letters (0 → a … 9 → j): an import refuses names holding digits. */
const letters = (value: number) => String(value).replace(/[0-9]/g, (digit) => 'abcdefghij'[Number(digit)]!);

function newYearCsv(year: number, path: string, count = config.newYearRows): void {
  const rows = ['name,school,year'];
  for (let i = 0; i < count; i++)
    rows.push(
      `Nombre${letters(i)} Apellido${letters(i % 97)} Otro${letters(i % 89)},Ikastola Bench ${i % 25},${year}`,
    );
  writeFileSync(path, `${rows.join('\n')}\n`);
}

async function text(url: string): Promise<string> {
  return (await get(url)).body.toString();
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How long after `since` (Date.now()) each server answered what `served` expects; each is asked every 5 ms. */
async function servedBy(
  urls: readonly string[],
  served: (url: string) => Promise<boolean>,
  since: number,
  withinMs: number,
): Promise<number[]> {
  return Promise.all(
    urls.map(async (url) => {
      for (;;) {
        if (await served(url).catch(() => false)) return Date.now() - since;
        if (Date.now() - since > withinMs)
          throw new Error('the change was not served within the time allowed');
        await sleep(5);
      }
    }),
  );
}

/** Whether a server answers the statistics at `path` as the flag `on` says. */
const servesFlag = (on: boolean, path: string) => async (base: string) => {
  const body = await text(base + path);
  return on ? body === '{"isUpdating":true}' : body.startsWith('{"isUpdating":false');
};

/** BENCH_FLIPS flips of the updating flag with the real CLI (on, off, …; it must be off before). */
async function flipRepeatedly(
  urls: readonly string[],
  storeArgs: readonly string[],
  statisticsPath: string,
  builds: () => LogEvent[],
): Promise<FlipsReport> {
  const from = Date.now();
  const servedMs: number[] = [];
  for (let flip = 0; flip < config.flips; flip++) {
    const on = flip % 2 === 0;
    await runCli(['updating', on ? 'on' : 'off', ...storeArgs]);
    const committed = Date.now();
    servedMs.push(Math.max(...(await servedBy(urls, servesFlag(on, statisticsPath), committed, 60_000))));
    // Apart by a varying time, so that the commits fall anywhere in the servers' poll interval.
    await sleep(200 + Math.random() * 200);
  }
  if (config.flips % 2 === 1) await runCli(['updating', 'off', ...storeArgs]);
  const sorted = [...servedMs].sort((a, b) => a - b);
  return {
    flips: servedMs.length,
    servedMs,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    max: sorted[sorted.length - 1] ?? 0,
    rebuilds: builds().filter((event) => event.at >= from).length,
  };
}

/** Two servers on one store, started one after the other; their log lines but requests go to `events`. */
async function startServers(
  storeArgs: readonly string[],
  scale: number,
  events: LogEvent[],
): Promise<ChildServer[]> {
  const servers: ChildServer[] = [];
  for (const server of [0, 1]) {
    const port = await freePort();
    progress(`scale ${scale}: starting server ${server + 1}`);
    servers.push(
      await spawnServer({
        args: [...serverNodeFlags(scale), CLI, 'serve', ...storeArgs, '--port', String(port), '--host', HOST],
        port,
        // One address asks for every search: the search limit would refuse most of them.
        env: { LOG_LEVEL: 'info', SEARCH_BUDGETS: 'off', METRICS_PORT: 'off' },
        readyPaths: ['/api/ping', '/api/years'],
        readyTimeoutMs: 300_000,
        onLine: (line) => {
          try {
            const entry = JSON.parse(line) as { time: number; msg: string };
            if (entry.msg !== 'request')
              events.push({ server, at: entry.time, msg: entry.msg, fields: entry });
          } catch {
            // Not a JSON line.
          }
        },
      }),
    );
  }
  return servers;
}

function startProbe(url: string, paths: string[]): { stop(): Promise<Record<string, [number, number][]>> } {
  const child: ChildProcessWithoutNullStreams = spawn(
    process.execPath,
    ['--import', 'tsx', PROBE, url, JSON.stringify(paths)],
    { cwd: ROOT },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return {
    stop: () =>
      new Promise((resolve) => {
        child.on('exit', () => resolve(JSON.parse(output) as Record<string, [number, number][]>));
        child.stdin.end();
      }),
  };
}

const buildOf = (event: LogEvent): Build => ({
  server: event.server,
  buildMs: event.fields.buildMs as number,
  workerCpuMs: (event.fields.workerCpuMs as number | undefined) ?? null,
  rowsRead: event.fields.rowsRead,
});

/** How many quiet builds are measured: the target is on their median (one build alone is noisy). */
const QUIET_BUILDS = 3;

/**
 * Imports of a whole year again (one more new school each time), with the load and the
 * probe stopped and the second server stopped: one server rebuilds on a quiet machine,
 * which is what the build target is about (the import target is the one with two servers).
 */
async function quietRebuilds(
  urls: readonly string[],
  db: string,
  tmp: string,
  year: number,
  builds: () => LogEvent[],
): Promise<LogEvent[]> {
  const events: LogEvent[] = [];
  for (let i = 1; i <= QUIET_BUILDS; i++) {
    progress(`import of year ${year} again with the load stopped (${i} of ${QUIET_BUILDS})`);
    await sleep(config.quietMs);
    const school = `Ikastola Bench Isila ${i}`;
    const file = join(tmp, `year-quiet-${i}.csv`);
    yearAgainCsv(db, year, file, school);
    await runCli(['import', file, '--db', db]);
    const committed = Date.now();
    await servedBy(
      urls,
      async (base) => (await text(`${base}/api/companies`)).includes(school),
      committed,
      120_000,
    );
    await sleep(config.quietMs);
    events.push(...builds().filter((event) => event.at >= committed));
  }
  return events;
}

async function benchScale(scale: number, tmp: string): Promise<ScaleReport> {
  progress(`scale ${scale}: demo store`);
  const demo = await demoStore({
    seed: config.seed,
    scale,
    tmpDir: tmp,
    cacheFromScale: 10,
    rebuild: false,
  });
  // The changes go to a copy: the cached store stays as it was.
  const db = join(tmp, `rebuild-${scale}.db`);
  copyFileSync(demo.path, db);
  const lastYear = lastStoredYear(db);

  const events: LogEvent[] = [];
  const builds = () => events.filter((event) => event.msg === 'read model built');
  progress(`scale ${scale}: ${demo.participants.toLocaleString('en')} participants`);
  const servers = await startServers(['--db', db], scale, events);
  const urls = servers.map((server) => server.url);
  const url = urls[0]!;
  const statisticsPath = `/api/statistics?year=${lastYear}`;

  const sample = sampleParticipants(db, 50);
  const paths = [
    ...sample.map(
      (record, k) =>
        `/api/participants?name=${encodeURIComponent(searchVariant(record.name, k))}&company=${encodeURIComponent(record.school)}`,
    ),
    statisticsPath,
    '/api/statistics?year=global',
    '/api/companies',
  ];
  // With a callback, autocannon returns the instance, which `stop()` ends.
  const load = autocannon(
    {
      url,
      connections: config.connections,
      duration: 3600,
      requests: paths.map((path) => ({ method: 'GET', path })),
    },
    () => undefined,
  );
  const probe = startProbe(url, ['/api/ping', statisticsPath]);
  await sleep(3000);
  const cpuBefore = cpuSnapshot([process.pid]);

  const newYear = lastYear + 1;
  const newSchool = 'Ikastola Bench Berria';
  const updating = (on: boolean) => servesFlag(on, statisticsPath);
  const changes: {
    change: string;
    /** The CLI's arguments, and how many rows it imports. */
    prepare: () => { args: string[]; rows: number | null };
    served: (base: string) => Promise<boolean>;
  }[] = [
    {
      change: 'updating on',
      prepare: () => ({ args: ['updating', 'on', '--note', 'bench', '--db', db], rows: null }),
      served: updating(true),
    },
    {
      change: `import of ${config.newYearRows.toLocaleString('en')} rows (new year ${newYear})`,
      prepare: () => {
        const file = join(tmp, 'new-year.csv');
        newYearCsv(newYear, file);
        return { args: ['import', file, '--db', db], rows: config.newYearRows };
      },
      served: async (base) =>
        (await text(`${base}/api/category?year=${newYear}&category=totalParticipantsByYear`)).includes(
          `"count":${config.newYearRows}`,
        ),
    },
    {
      change: `import of year ${lastYear} again, one new school`,
      prepare: () => {
        const file = join(tmp, 'year-again.csv');
        return { args: ['import', file, '--db', db], rows: yearAgainCsv(db, lastYear, file, newSchool) };
      },
      served: async (base) => (await text(`${base}/api/companies`)).includes(newSchool),
    },
    {
      change: 'updating off',
      prepare: () => ({ args: ['updating', 'off', '--db', db], rows: null }),
      served: updating(false),
    },
  ];

  const done: Omit<ChangeReport, 'ping' | 'prepared'>[] = [];
  const windows: [number, number][] = [];
  for (const change of changes) {
    progress(`scale ${scale}: ${change.change}`);
    const { args, rows } = change.prepare();
    const cliStarted = Date.now();
    await runCli(args);
    const committed = Date.now();
    const freshMsByServer = await servedBy(urls, change.served, committed, 120_000);
    const servedAt = committed + Math.max(...freshMsByServer);
    // The window lasts until no rebuild was logged for a while.
    let lastBuilt = servedAt;
    for (const giveUp = Date.now() + 300_000; Date.now() < giveUp;) {
      await sleep(200);
      const built = builds().filter((event) => event.at >= committed);
      lastBuilt = Math.max(servedAt, ...built.map((event) => event.at));
      if (Date.now() - lastBuilt >= config.quietMs) break;
    }
    windows.push([committed, lastBuilt]);
    done.push({
      change: change.change,
      rows,
      cliMs: committed - cliStarted,
      freshMs: Math.max(...freshMsByServer),
      freshMsByServer,
      rebuilds: builds()
        .filter((event) => event.at >= committed && event.at <= lastBuilt)
        .map(buildOf),
      windowMs: lastBuilt - committed,
    });
  }

  progress(`scale ${scale}: ${config.flips} flips of the updating flag`);
  const flips = await flipRepeatedly(urls, ['--db', db], statisticsPath, builds);
  const cpuAfter = cpuSnapshot([process.pid]);

  const samples = await probe.stop();
  load.stop();
  const peaks = servers.map((server) => memoryOf(server.pid));
  await servers[1]!.stop();
  const quietEvents = await quietRebuilds(urls.slice(0, 1), db, tmp, lastYear, builds);
  const quietBuilds = quietEvents.map(buildOf);
  await servers[0]!.stop();
  const ping = samples['/api/ping'] ?? [];
  const prepared = samples[statisticsPath] ?? [];
  const reports: ChangeReport[] = done.map((change, i) => ({
    ...change,
    ping: latency(ping, windows[i]![0], windows[i]![1], true),
    prepared: latency(prepared, windows[i]![0], windows[i]![1], true),
  }));
  // Each server's first; found at the end, as a log line may come after the server answers.
  const firstLoads = [0, 1].map((server) => builds().find((event) => event.server === server)!);
  const steadyBuilds = builds()
    .filter((event) => !firstLoads.includes(event) && !quietEvents.includes(event))
    .map(buildOf);
  const large = scale >= 100;
  const freshLimit = large ? TARGETS.freshMsLarge : TARGETS.freshMsSmall;
  const buildLimit = large ? TARGETS.buildMsLarge : TARGETS.buildMsSmall;
  const targets = [
    {
      target: `${config.flips} flips: served < ${TARGETS.flipP95Ms} ms (p95), no rebuild`,
      value: `${flips.p95} ms, ${flips.rebuilds} rebuilds`,
      pass: flips.p95 < TARGETS.flipP95Ms && flips.rebuilds === 0,
    },
    ...reports.flatMap((change) => [
      {
        target: `${change.change}: served by both < ${freshLimit / 1000} s`,
        value: `${(change.freshMs / 1000).toFixed(2)} s`,
        pass: change.freshMs < freshLimit,
      },
      {
        target: `${change.change}: p99 ping, prepared < ${TARGETS.p99Ms} ms`,
        value: `${change.ping.p99.toFixed(1)} ms, ${change.prepared.p99.toFixed(1)} ms`,
        pass: change.ping.p99 < TARGETS.p99Ms && change.prepared.p99 < TARGETS.p99Ms,
      },
    ]),
  ];
  const firstLoad = buildOf(firstLoads[0]!);
  const quietMs = quietBuilds.map((build) => build.buildMs).sort((a, b) => a - b);
  const medianQuiet = quietMs[Math.floor(quietMs.length / 2)] ?? Infinity;
  targets.push(
    {
      target: `first build after a start (server 1, alone) <= ${buildLimit} ms (quiet machine)`,
      value: `${firstLoad.buildMs} ms`,
      pass: firstLoad.buildMs <= buildLimit,
    },
    {
      target: `a later build, load stopped (one server; median of ${QUIET_BUILDS}) <= ${buildLimit} ms`,
      value: `${medianQuiet} ms`,
      pass: quietBuilds.length === QUIET_BUILDS && medianQuiet <= buildLimit,
    },
  );
  for (const [server, peak] of peaks.entries()) {
    if (peak) {
      targets.push({
        target: `server ${server + 1} memory peak < ${TARGETS.memoryMb} MB`,
        value: `${Math.round(peak.hwmMb)} MB`,
        pass: peak.hwmMb < TARGETS.memoryMb,
      });
    }
  }
  return {
    scale,
    participants: demo.participants,
    firstLoads: firstLoads.map(buildOf),
    readyMs: servers.map((server) => server.readyMs),
    steadyBuilds,
    quietBuilds,
    peakMemoryMb: peaks.map((peak) => (peak ? Math.round(peak.hwmMb) : null)),
    otherCpuShare: foreignCpuShare(cpuBefore, cpuAfter, cpus().length),
    outsideWindows: { ping: outside(ping, windows), prepared: outside(prepared, windows) },
    changes: reports,
    flips,
    targets,
  };
}

const ms = (value: number) => value.toFixed(1).padStart(7);
const buildText = (build: Build) =>
  `${build.buildMs}${build.workerCpuMs === null ? '' : ` (${build.workerCpuMs} CPU)`}`;
const median = (values: readonly number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    0.5,
  );

function printScale(report: ScaleReport): void {
  const steadyCpu = report.steadyBuilds.flatMap((build) =>
    build.workerCpuMs === null ? [] : [build.workerCpuMs],
  );
  const out = [
    '',
    `=== scale ${report.scale}: ${report.participants.toLocaleString('en')} participants; two servers; ` +
      `other processes used ${Math.round(report.otherCpuShare * 100)} % of the machine's CPU during the changes`,
    `first build after a start, ms (worker CPU ms): server 1 alone ${buildText(report.firstLoads[0]!)}, ` +
      `server 2 ${buildText(report.firstLoads[1]!)}; ready after ` +
      report.readyMs.map((readyMs) => `${(readyMs / 1000).toFixed(1)} s`).join(', '),
    `later builds under load: ${report.steadyBuilds.length}, wall median ${median(report.steadyBuilds.map((build) => build.buildMs))} ms, ` +
      `max ${Math.max(0, ...report.steadyBuilds.map((build) => build.buildMs))} ms; worker CPU median ${median(steadyCpu)} ms, ` +
      `max ${Math.max(0, ...steadyCpu)} ms; memory peak ${report.peakMemoryMb.map((mb) => `${mb ?? '?'} MB`).join(', ')}`,
    `later builds with the load stopped (one server, the other stopped), ms (worker CPU ms): ${report.quietBuilds.map(buildText).join(', ')}`,
    `${report.flips.flips} flips of the flag, CLI exit to served by both: p50 ${report.flips.p50} ms, ` +
      `p95 ${report.flips.p95} ms, max ${report.flips.max} ms; rebuilds ${report.flips.rebuilds}`,
    'change                                            served   window | ping p50    p99    max | prepared p50    p99    max | rebuilds: ms (worker CPU ms)',
  ];
  for (const change of report.changes) {
    const rebuilds = change.rebuilds.map(buildText).join('; ');
    out.push(
      `${change.change.padEnd(48)} ${(change.freshMs / 1000).toFixed(2).padStart(6)} s ${(change.windowMs / 1000).toFixed(1).padStart(6)} s |` +
        `${ms(change.ping.p50)}${ms(change.ping.p99)}${ms(change.ping.max)} |` +
        `         ${ms(change.prepared.p50)}${ms(change.prepared.p99)}${ms(change.prepared.max)} | ${rebuilds}`,
    );
  }
  const quiet = report.outsideWindows;
  out.push(
    `${'outside the windows'.padEnd(66)} |${ms(quiet.ping.p50)}${ms(quiet.ping.p99)}${ms(quiet.ping.max)} |` +
      `         ${ms(quiet.prepared.p50)}${ms(quiet.prepared.p99)}${ms(quiet.prepared.max)} |`,
  );
  out.push('targets:');
  for (const check of report.targets)
    out.push(`  ${check.pass ? 'PASS' : 'FAIL'}  ${check.target.padEnd(72)} ${check.value}`);
  process.stdout.write(`${out.join('\n')}\n`);
}

interface PostgresReport {
  firstLoads: Build[];
  flips: FlipsReport;
  /** The import of a new year: from the CLI's exit until both servers served it. */
  importMs: number;
  importMsByServer: number[];
  importRebuilds: Build[];
  targets: { target: string; value: string; pass: boolean }[];
}

/** Flips and an import on PostgreSQL: two servers at scale 1, which learn of a commit by NOTIFY. */
async function benchPostgres(url: string, tmp: string): Promise<PostgresReport> {
  const storeArgs = ['--database-url', url];
  progress('postgresql: the demo at scale 1, replacing the data of BENCH_DATABASE_URL');
  await runCli(['demo', '--scale', '1', '--seed', String(config.seed), '--force', ...storeArgs]);
  await runCli(['updating', 'off', ...storeArgs]);
  const events: LogEvent[] = [];
  const builds = () => events.filter((event) => event.msg === 'read model built');
  const servers = await startServers(storeArgs, 1, events);
  const urls = servers.map((server) => server.url);
  try {
    progress(`postgresql: ${config.flips} flips of the updating flag`);
    const flips = await flipRepeatedly(urls, storeArgs, '/api/statistics?year=global', builds);
    progress(`postgresql: import of ${config.newYearRows.toLocaleString('en')} rows`);
    // A count of its own: a database kept from an earlier run may hold the year already.
    const [year, count] = [2026, config.newYearRows + 1 + (Date.now() % 97)];
    const file = join(tmp, 'new-year-postgres.csv');
    newYearCsv(year, file, count);
    await runCli(['import', file, ...storeArgs]);
    const committed = Date.now();
    const importMsByServer = await servedBy(
      urls,
      async (base) =>
        (await text(`${base}/api/category?year=${year}&category=totalParticipantsByYear`)).includes(
          `"count":${count}`,
        ),
      committed,
      120_000,
    );
    await sleep(1000);
    const importMs = Math.max(...importMsByServer);
    return {
      firstLoads: [0, 1].map((server) => buildOf(builds().find((event) => event.server === server)!)),
      flips,
      importMs,
      importMsByServer,
      importRebuilds: builds()
        .filter((event) => event.at >= committed)
        .map(buildOf),
      targets: [
        {
          target: `${config.flips} flips: served < ${TARGETS.flipP95Ms} ms (p95), no rebuild`,
          value: `${flips.p95} ms, ${flips.rebuilds} rebuilds`,
          pass: flips.p95 < TARGETS.flipP95Ms && flips.rebuilds === 0,
        },
        {
          target: `import of a new year: served by both < ${TARGETS.freshMsSmall / 1000} s`,
          value: `${(importMs / 1000).toFixed(2)} s`,
          pass: importMs < TARGETS.freshMsSmall,
        },
      ],
    };
  } finally {
    for (const server of servers) await server.stop();
  }
}

function printPostgres(report: PostgresReport): void {
  const out = [
    '',
    '=== PostgreSQL, scale 1: two servers, no load',
    `first builds, ms (worker CPU ms): ${report.firstLoads.map(buildText).join(', ')}`,
    `${report.flips.flips} flips of the flag, CLI exit to served by both: p50 ${report.flips.p50} ms, ` +
      `p95 ${report.flips.p95} ms, max ${report.flips.max} ms; rebuilds ${report.flips.rebuilds}`,
    `import of ${config.newYearRows.toLocaleString('en')} rows for a new year: served by both after ` +
      `${(report.importMs / 1000).toFixed(2)} s (${report.importMsByServer.join(' and ')} ms); ` +
      `rebuilds ${report.importRebuilds.map(buildText).join('; ')}`,
    'targets:',
    ...report.targets.map(
      (check) => `  ${check.pass ? 'PASS' : 'FAIL'}  ${check.target.padEnd(72)} ${check.value}`,
    ),
  ];
  process.stdout.write(`${out.join('\n')}\n`);
}

async function main(): Promise<void> {
  if (!existsSync(CLI)) throw new Error(`${relative(ROOT, CLI)} is missing: run npm run build first`);
  const startedAt = new Date();
  const loadAtStart = loadavg();
  const tmp = mkdtempSync(join(tmpdir(), 'tamborrada-bench-rebuild-'));
  const reports: ScaleReport[] = [];
  let postgres: PostgresReport | undefined;
  try {
    for (const scale of config.scales) {
      const report = await benchScale(scale, tmp);
      reports.push(report);
      printScale(report);
    }
    if (config.databaseUrl) {
      postgres = await benchPostgres(config.databaseUrl, tmp);
      printPostgres(postgres);
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  const result = {
    benchmark: 'rebuild',
    startedAt: startedAt.toISOString(),
    machine: { cpus: cpus().length, loadAverageAtStart: loadAtStart, node: process.version },
    config: { ...config, databaseUrl: config.databaseUrl && 'set', targets: TARGETS },
    scales: reports,
    postgres,
  };
  const file = writeResult('rebuild', startedAt, result);
  const failed = [...reports, ...(postgres ? [postgres] : [])].flatMap((report) =>
    report.targets.filter((check) => !check.pass),
  ).length;
  process.stdout.write(`\n${failed} target check(s) failed; results in bench/results/${file}\n`);
}

runBenchmark(main);
