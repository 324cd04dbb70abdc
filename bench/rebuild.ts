/**
 * `npm run bench:rebuild`: the read model rebuilt while the server is busy.
 *
 * For each scale of the demo store (1 and 100 by default) it copies the store, starts the
 * real server (`tamborrada serve`, built in dist/, LOG_LEVEL=info) on 127.0.0.1, keeps it
 * busy with autocannon (participant searches and prepared answers, BENCH_CONNECTIONS
 * connections), and times `/api/ping` and a prepared answer from a separate process, one
 * request after the other. Then it changes the store with the real CLI, one change after
 * the other: the updating flag on, an import of 5,000 rows for a new year, an import of a
 * whole stored year again (its rows plus one of a new school), the flag off. For each:
 *
 * - freshness: from the CLI's exit (its commit) until the server answers the new data
 *   (polled every 20 ms);
 * - the rebuilds the server logged ('read model built': each a full build in the worker
 *   thread), and the window from the commit to the last of them;
 * - p50, p99 and the slowest of the probe's requests in that window.
 *
 * Also: the first load (`buildMs` of the first 'read model built') and the longest build,
 * and the server's peak memory (VmHWM) over the whole run. Results go to bench/results/rebuild-<timestamp>.json
 * and rebuild-latest.json.
 *
 * Environment: BENCH_SCALES (default "1,100"), BENCH_SEED (default 1), BENCH_CONNECTIONS
 * (default 8), BENCH_QUIET_MS (how long without a rebuild ends a window; default 3000).
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
  freePort,
  get,
  HOST,
  memoryOf,
  serverNodeFlags,
  shebangNodeFlags,
  spawnServer,
  type ChildServer,
} from './http-lib/process.js';

const PROBE = join(ROOT, 'bench/http-lib/probe.ts');

const config = {
  scales: (process.env.BENCH_SCALES ?? '1,100').split(',').map((part) => Number(part.trim())),
  seed: envNumber('BENCH_SEED', 1),
  connections: envNumber('BENCH_CONNECTIONS', 8),
  quietMs: envNumber('BENCH_QUIET_MS', 3000),
  /** Rows of the import of a new year. */
  newYearRows: 5000,
};

/** p99 of ping and of a prepared answer during a rebuild; freshness by scale; the build's time and memory. */
const TARGETS = { p99Ms: 50, freshMsSmall: 2000, freshMsLarge: 10_000, buildMs: 10_000, memoryMb: 1536 };

const progress = (message: string) => process.stderr.write(`[bench:rebuild] ${message}\n`);

interface Latency {
  requests: number;
  p50: number;
  p99: number;
  max: number;
}

interface ChangeReport {
  change: string;
  rows: number | null;
  /** CLI run, from start to exit. */
  cliMs: number;
  /** From the CLI's exit until the server answered the new data. */
  freshMs: number;
  /** The rebuilds logged from the commit on: buildMs and what they read. */
  rebuilds: { buildMs: number; rowsRead: unknown }[];
  windowMs: number;
  ping: Latency;
  prepared: Latency;
}

interface ScaleReport {
  scale: number;
  participants: number;
  firstLoadMs: number | null;
  readyMs: number;
  peakMemoryMb: number | null;
  outsideWindows: { ping: Latency; prepared: Latency };
  changes: ChangeReport[];
  targets: { target: string; value: string; pass: boolean }[];
}

interface LogEvent {
  at: number;
  msg: string;
  fields: Record<string, unknown>;
}

function latency(samples: readonly [number, number][], from: number, to: number, inside: boolean): Latency {
  const times = samples
    .filter(([at]) => (at >= from && at <= to) === inside)
    .map(([, ms]) => ms)
    .sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.ceil(p * times.length) - 1)] ?? 0;
  return { requests: times.length, p50: at(0.5), p99: at(0.99), max: times[times.length - 1] ?? 0 };
}

/** Samples outside every window. */
function outside(samples: readonly [number, number][], windows: readonly [number, number][]): Latency {
  const kept = samples.filter(([at]) => !windows.some(([from, to]) => at >= from && at <= to));
  return latency(kept, 0, Infinity, true);
}

function runCli(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...shebangNodeFlags(CLI), CLI, ...args], {
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

function newYearCsv(year: number, path: string): void {
  const rows = ['name,school,year'];
  for (let i = 0; i < config.newYearRows; i++)
    rows.push(`Nombre${i} Apellido${i % 97} Otro${i % 89},Ikastola Bench ${i % 25},${year}`);
  writeFileSync(path, `${rows.join('\n')}\n`);
}

async function text(url: string): Promise<string> {
  return (await get(url)).body.toString();
}

async function until(check: () => Promise<boolean>, withinMs: number): Promise<number> {
  for (;;) {
    if (await check().catch(() => false)) return Date.now();
    if (withinMs <= 0) throw new Error('the change was not served within the time allowed');
    await new Promise((resolve) => setTimeout(resolve, 20));
    withinMs -= 20;
  }
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
  const port = await freePort();
  progress(`scale ${scale}: ${demo.participants.toLocaleString('en')} participants; starting the server`);
  const server: ChildServer = await spawnServer({
    args: [...serverNodeFlags(CLI, scale), CLI, 'serve', '--db', db, '--port', String(port), '--host', HOST],
    port,
    // One address asks for every search: the search budgets would refuse most of them.
    env: { LOG_LEVEL: 'info', SEARCH_BUDGETS: 'off' },
    readyPaths: ['/api/ping', '/api/years'],
    readyTimeoutMs: 300_000,
    onLine: (line) => {
      try {
        const entry = JSON.parse(line) as { time: number; msg: string };
        if (entry.msg !== 'request') events.push({ at: entry.time, msg: entry.msg, fields: entry });
      } catch {
        // Not a JSON line.
      }
    },
  });
  const url = server.url;
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
  await new Promise((resolve) => setTimeout(resolve, 3000));

  const newYear = lastYear + 1;
  const newSchool = 'Ikastola Bench Berria';
  const changes: {
    change: string;
    /** The CLI's arguments, and how many rows it imports. */
    prepare: () => { args: string[]; rows: number | null };
    served: () => Promise<boolean>;
  }[] = [
    {
      change: 'updating on',
      prepare: () => ({ args: ['updating', 'on', '--note', 'bench', '--db', db], rows: null }),
      served: async () => (await text(url + statisticsPath)) === '{"isUpdating":true}',
    },
    {
      change: `import of ${config.newYearRows.toLocaleString('en')} rows (new year ${newYear})`,
      prepare: () => {
        const file = join(tmp, 'new-year.csv');
        newYearCsv(newYear, file);
        return { args: ['import', file, '--db', db], rows: config.newYearRows };
      },
      served: async () =>
        (await text(`${url}/api/category?year=${newYear}&category=totalParticipantsByYear`)).includes(
          `"count":${config.newYearRows}`,
        ),
    },
    {
      change: `import of year ${lastYear} again, one new school`,
      prepare: () => {
        const file = join(tmp, 'year-again.csv');
        return { args: ['import', file, '--db', db], rows: yearAgainCsv(db, lastYear, file, newSchool) };
      },
      served: async () => (await text(`${url}/api/companies`)).includes(newSchool),
    },
    {
      change: 'updating off',
      prepare: () => ({ args: ['updating', 'off', '--db', db], rows: null }),
      served: async () => (await text(url + statisticsPath)).startsWith('{"isUpdating":false'),
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
    const servedAt = await until(change.served, 120_000);
    // The window lasts until no rebuild was logged for a while.
    let lastBuilt = servedAt;
    for (const giveUp = Date.now() + 300_000; Date.now() < giveUp;) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const built = events.filter((event) => event.msg === 'read model built' && event.at >= committed);
      lastBuilt = Math.max(servedAt, ...built.map((event) => event.at));
      if (Date.now() - lastBuilt >= config.quietMs) break;
    }
    windows.push([committed, lastBuilt]);
    done.push({
      change: change.change,
      rows,
      cliMs: committed - cliStarted,
      freshMs: servedAt - committed,
      rebuilds: events
        .filter((event) => event.msg === 'read model built' && event.at >= committed && event.at <= lastBuilt)
        .map(({ fields }) => ({ buildMs: fields.buildMs as number, rowsRead: fields.rowsRead })),
      windowMs: lastBuilt - committed,
    });
  }

  const samples = await probe.stop();
  const firstLoad = events.find((event) => event.msg === 'read model built');
  load.stop();
  const peak = memoryOf(server.pid);
  await server.stop();
  const ping = samples['/api/ping'] ?? [];
  const prepared = samples[statisticsPath] ?? [];
  const reports: ChangeReport[] = done.map((change, i) => ({
    ...change,
    ping: latency(ping, windows[i]![0], windows[i]![1], true),
    prepared: latency(prepared, windows[i]![0], windows[i]![1], true),
  }));
  const freshLimit = scale >= 100 ? TARGETS.freshMsLarge : TARGETS.freshMsSmall;
  const targets = reports.flatMap((change) => [
    {
      target: `${change.change}: served < ${freshLimit / 1000} s`,
      value: `${(change.freshMs / 1000).toFixed(2)} s`,
      pass: change.freshMs < freshLimit,
    },
    {
      target: `${change.change}: p99 ping, prepared < ${TARGETS.p99Ms} ms`,
      value: `${change.ping.p99.toFixed(1)} ms, ${change.prepared.p99.toFixed(1)} ms`,
      pass: change.ping.p99 < TARGETS.p99Ms && change.prepared.p99 < TARGETS.p99Ms,
    },
  ]);
  const builds = events.filter((event) => event.msg === 'read model built');
  const longestBuildMs = Math.max(0, ...builds.map((event) => event.fields.buildMs as number));
  targets.push({
    target: `longest build < ${TARGETS.buildMs / 1000} s`,
    value: `${(longestBuildMs / 1000).toFixed(2)} s`,
    pass: longestBuildMs < TARGETS.buildMs,
  });
  if (peak) {
    targets.push({
      target: `server memory peak < ${TARGETS.memoryMb} MB`,
      value: `${Math.round(peak.hwmMb)} MB`,
      pass: peak.hwmMb < TARGETS.memoryMb,
    });
  }
  return {
    scale,
    participants: demo.participants,
    firstLoadMs: (firstLoad?.fields.buildMs as number | undefined) ?? null,
    readyMs: server.readyMs,
    peakMemoryMb: peak ? Math.round(peak.hwmMb) : null,
    outsideWindows: { ping: outside(ping, windows), prepared: outside(prepared, windows) },
    changes: reports,
    targets,
  };
}

const ms = (value: number) => value.toFixed(1).padStart(7);

function printScale(report: ScaleReport): void {
  const out = [
    '',
    `=== scale ${report.scale}: ${report.participants.toLocaleString('en')} participants; first load ` +
      `${report.firstLoadMs === null ? '?' : `${(report.firstLoadMs / 1000).toFixed(2)} s`}, ready after ` +
      `${(report.readyMs / 1000).toFixed(1)} s; server memory peak ${report.peakMemoryMb ?? '?'} MB`,
    'change                                            served   window | ping p50    p99    max | prepared p50    p99    max | rebuilds (buildMs)',
  ];
  for (const change of report.changes) {
    const rebuilds = change.rebuilds.map((rebuild) => rebuild.buildMs).join('; ');
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

async function main(): Promise<void> {
  if (!existsSync(CLI)) throw new Error(`${relative(ROOT, CLI)} is missing: run npm run build first`);
  const startedAt = new Date();
  const loadAtStart = loadavg();
  const tmp = mkdtempSync(join(tmpdir(), 'tamborrada-bench-rebuild-'));
  const reports: ScaleReport[] = [];
  try {
    for (const scale of config.scales) {
      const report = await benchScale(scale, tmp);
      reports.push(report);
      printScale(report);
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  const result = {
    benchmark: 'rebuild',
    startedAt: startedAt.toISOString(),
    machine: { cpus: cpus().length, loadAverageAtStart: loadAtStart, node: process.version },
    config: { ...config, targets: TARGETS },
    scales: reports,
  };
  const file = writeResult('rebuild', startedAt, result);
  const failed = reports.flatMap((report) => report.targets.filter((check) => !check.pass)).length;
  process.stdout.write(`\n${failed} target check(s) failed; results in bench/results/${file}\n`);
}

runBenchmark(main);
