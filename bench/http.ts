/**
 * `npm run bench`: the HTTP benchmark.
 *
 * For each scale of the demo store (1 and 100 by default) it starts the real server
 * (`tamborrada serve`, built in dist/) as a child process on 127.0.0.1, drives every
 * operation with autocannon at fixed concurrency, drives the same way a bare `node:http`
 * server replaying the server's answers (the limit of this machine), and prints req/s,
 * latency, the ratio to the raw server, read-model build time and server memory.
 * Participant search is also timed in process. Results go to
 * bench/results/http-<timestamp>.json and bench/results/http-latest.json.
 *
 * Environment: BENCH_SCALES (default "1,100"), BENCH_DURATION (s per operation,
 * default 10), BENCH_CONNECTIONS (default 32), BENCH_WARMUP (s per operation before
 * measuring, default 1), BENCH_SEED (default 1), BENCH_LOOKUPS (in-process searches,
 * default 1000), BENCH_SLICES (turns per row, default 5), BENCH_REBUILD=1 (rebuild cached
 * demo stores), BENCH_MIXED_S (seconds of the footprint step at scale 1, default 60; 0 skips
 * it), BENCH_MIXED_RATE (its requests per second, default 500), BENCH_DATABASE_URL (a
 * throwaway PostgreSQL database: at scale 1 the search rows are measured again against
 * `serve` on it, the demo replacing its data and the search budgets' accounts in its table;
 * reported, not checked against the targets).
 *
 * How the figures are taken:
 * - Demo stores come from `tamborrada demo --seed S --scale F`; scales of 10 and above
 *   are cached in bench/.cache/ under a name with seed, scale and a hash of src/demo and
 *   src/domain (what decides the data), so a cached file is reused only for the same data.
 * - Read-model build time: the server is started once at LOG_LEVEL=info and the `buildMs`
 *   of its first 'read model built' log line is read; that server is then stopped and the
 *   one under load runs at LOG_LEVEL=warn, so that no request is logged. Both starts also
 *   give the time from spawn until /api/ping and /api/years answer 200.
 * - Memory: VmRSS of /proc/PID/status when ready, after the warm-up and after the load,
 *   and VmHWM (peak, the read-model build included). At scale 1, last, the footprint: the
 *   server as `npm start` runs it (plain `node`) at LOG_LEVEL=info, VmRSS idle and after a minute of
 *   mixed load on every operation and page, in an order shuffled once (bench/http-lib/mixed-load.ts), against 150 MB;
 *   and 10 s after the load, for what the server gives back once it stops (not checked).
 * - Load: autocannon's programmatic API in this process, `BENCH_CONNECTIONS` connections,
 *   pipelining 1, no Accept-Encoding (identity bodies) except on the br row and the web
 *   pages' rows, which send a browser's (`gzip, deflate, br, zstd`: brotli bodies). The search
 *   row cycles through 50 stored names (as stored, lower case, partial, accented), each
 *   connection from its own offset; the not-found row expects the spec's 500. p50/p99
 *   come from every response time (autocannon's own histogram has 1 ms resolution).
 * - The raw server: after the preflight, every path of every case is fetched once from
 *   the server with the case's headers, and the raw server replays those answers (status,
 *   headers but date and connection ones, body bytes) by URL and Accept-Encoding, so that
 *   both send the same bytes. Every case is warmed up on both; then each case is measured
 *   in BENCH_SLICES turns of the raw server then the server (2 s each by default), so that
 *   the machine's swings, which last seconds here, touch both alike. The ratio is the
 *   median over the turns of the server's req/s ÷ the raw server's (the targets are
 *   checked on it); req/s and latencies are over all the turns. A second ratio divides by the raw server's req/s on
 *   the statistics row, the second reference ("the same statistics bytes").
 * - "other CPU": the share of the machine's CPU that processes other than the benchmark,
 *   the server and the raw server used during a row; above 5 % the row is marked and its
 *   figures are not to be trusted (the machine was busy).
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join, relative } from 'node:path';
import { demoStore, sampleParticipants, searchVariant, type DemoStore } from './http-lib/demo-store.js';
import { drive, driveInTurn, type LoadCase, type LoadResult } from './http-lib/load.js';
import { driveMixedLoad, mixedPaths } from './http-lib/mixed-load.js';
import type { SearchReport } from './http-lib/participant-search.js';
import type { ReplayAnswer } from './http-lib/raw-server.js';
import {
  cpuSnapshot,
  foreignCpuShare,
  freePort,
  get,
  HOST,
  memoryOf,
  spawnServer,
  serverNodeFlags,
  waitForIdle,
  type ChildServer,
  type Memory,
} from './http-lib/process.js';
import { envNumber } from './http-lib/env.js';
import { CLI, ROOT, runBenchmark, writeResult } from './http-lib/run.js';

const RAW_SERVER = join(ROOT, 'bench/http-lib/raw-server.ts');
const SEARCH_SCRIPT = join(ROOT, 'bench/http-lib/participant-search.ts');

const config = {
  scales: (process.env.BENCH_SCALES ?? '1,100')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map(Number),
  seed: envNumber('BENCH_SEED', 1),
  durationS: envNumber('BENCH_DURATION', 10),
  /** Each row's seconds are cut into this many turns of the raw server then the server. */
  slices: envNumber('BENCH_SLICES', 5),
  warmupS: envNumber('BENCH_WARMUP', 1),
  connections: envNumber('BENCH_CONNECTIONS', 32),
  pipelining: 1,
  lookups: envNumber('BENCH_LOOKUPS', 1000),
  rebuild: process.env.BENCH_REBUILD === '1',
  /** Stores at this scale and above are cached in bench/.cache between runs. */
  cacheFromScale: 10,
  /** Participant names rotated through by the search rows. */
  searchNames: 50,
  /** The footprint step at scale 1: seconds and requests per second of mixed load. */
  mixedS: envNumber('BENCH_MIXED_S', 60, { zero: true }), // 0 skips the step
  mixedRate: envNumber('BENCH_MIXED_RATE', 500),
  /** A throwaway PostgreSQL database for the search rows on PostgreSQL (its data is replaced). */
  databaseUrl: process.env.BENCH_DATABASE_URL,
};
if (config.scales.some((scale) => !Number.isFinite(scale) || scale <= 0)) {
  throw new Error(`BENCH_SCALES must be a comma-separated list of positive numbers`);
}

/** The speed targets (checked at every scale). */
const TARGETS = {
  preparedRatio: 0.85,
  searchRatio: 0.6,
  p99Ms: 10,
  buildMs: 10_000,
  memoryMb: 1536,
  /** Resident after a minute of mixed load on the API and the pages, the server as `npm start` runs it (scale 1). */
  footprintMb: 150,
  searchP50Us: 1000,
};

const CPUS = cpus().length;
/** Above this share of the CPU taken by other processes during a row, the row is flagged. */
const BUSY_MACHINE = 0.05;

const progress = (message: string) => process.stderr.write(`[bench] ${message}\n`);

type Kind = 'prepared' | 'search';

interface BenchCase extends LoadCase {
  kind: Kind;
  /** The statistics answer of the raw server: the second reference. */
  statisticsReference?: true;
}

interface Preflight {
  operation: string;
  status: number;
  contentEncoding: string | null;
  bodyBytes: number;
  /** Paths whose status was not among the expected ones. */
  unexpectedPaths: string[];
}

interface Measured extends LoadResult {
  /** Share of the machine's CPU used by other processes during the row (0 to 1). */
  otherCpu: number;
}

interface Row extends Measured {
  kind: Kind | 'raw';
  /** req/s divided by the raw server's on the same case (null on raw rows). */
  ratioToRaw: number | null;
  /** req/s divided by the raw server's on the statistics case, whatever this row's case. */
  ratioToRawStatistics?: number;
}

interface MemoryReport {
  ready: Memory | null;
  afterWarmup: Memory | null;
  afterLoad: Memory | null;
}

interface RowSet {
  label: string;
  serverArgs: string[];
  readyMs: number;
  /** How long the server took to become idle after it was ready (before any load). */
  settleMs: number;
  memory: MemoryReport;
  rows: Row[];
  /** Lines the server logged at warn or above during the run. */
  serverWarnings: string[];
}

interface ScaleReport {
  scale: number;
  seed: number;
  store: Omit<DemoStore, 'path'> & { path: string };
  startup: {
    /** `buildMs` of the server's first 'read model built' log line (run at LOG_LEVEL=info). */
    readModelBuildMs: number | null;
    /** From spawn until /api/ping and /api/years answered 200 (info-level start). */
    readyMsInfo: number;
    /** Same, for the server under load (warn level). */
    readyMsWarn: number;
    memoryAtReady: Memory | null;
  };
  preflight: Preflight[];
  /** The raw server replaying the server's answers, one row per case (same order as `server.rows`). */
  raw: Row[];
  server: RowSet;
  /** Scale 1 only: the server as `npm start` runs it, after a minute of mixed load. */
  footprint: Footprint | null;
  search: SearchReport | null;
  /** Scale 1 with BENCH_DATABASE_URL: the search rows on PostgreSQL, with their raw rows. */
  postgres: { raw: Row[]; server: RowSet } | null;
  targets: TargetCheck[];
}

interface TargetCheck {
  target: string;
  value: string;
  pass: boolean;
}

/** The search budgets stay on, so that their cost is measured, but far above what the load asks. */
const BUDGETS_ABOVE_LOAD = {
  SEARCH_CLIENT_SHARE: '1000000000',
  SEARCH_SCHOOL_SHARE: '1000000000',
  SEARCH_CLIENT_MISSES: '1000000000',
};

function serveArgs(
  db: string,
  scale: number,
  port: number,
  logLevel: string,
  extra: string[] = [],
): string[] {
  return [
    ...serverNodeFlags(scale),
    CLI,
    'serve',
    '--db',
    db,
    '--port',
    String(port),
    '--host',
    HOST,
    '--log-level',
    logLevel,
    ...extra,
  ];
}

function gitDescription(): string | null {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: ROOT,
      encoding: 'utf8',
    }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'src'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    return dirty.trim() === '' ? head : `${head} (src/ modified)`;
  } catch {
    return null;
  }
}

function query(path: string, params: Record<string, string>): string {
  return `${path}?${new URLSearchParams(params).toString().replace(/\+/g, '%20')}`;
}

async function buildCases(baseUrl: string, db: string): Promise<BenchCase[]> {
  const years = JSON.parse((await get(`${baseUrl}/api/years`)).body.toString()) as { years: string[] };
  const year = years.years.includes('2024') ? '2024' : (years.years.find((y) => y !== 'global') ?? 'global');
  const companies = (
    JSON.parse((await get(`${baseUrl}/api/companies`)).body.toString()) as { companies: string[] }
  ).companies;
  const known = new Set(companies);
  const sample = sampleParticipants(db, config.searchNames).filter((record) => known.has(record.school));
  if (sample.length === 0) throw new Error('no participant of the demo store is in /api/companies');

  const prepared = (operation: string, path: string, headers?: Record<string, string>): BenchCase => ({
    operation,
    paths: [path],
    headers,
    expectedStatuses: [200],
    kind: 'prepared',
  });
  return [
    prepared('ping', '/api/ping'),
    prepared('years', '/api/years'),
    { ...prepared(`statistics?year=${year}`, query('/api/statistics', { year })), statisticsReference: true },
    prepared('statistics?year=global', query('/api/statistics', { year: 'global' })),
    prepared(
      `category?year=${year}&category=topNamesByYear`,
      query('/api/category', { year, category: 'topNamesByYear' }),
    ),
    prepared('companies', '/api/companies'),
    {
      operation: `participants (${sample.length} names)`,
      paths: sample.map((record, k) =>
        query('/api/participants', { name: searchVariant(record.name, k), company: record.school }),
      ),
      expectedStatuses: [200],
      kind: 'search',
    },
    {
      operation: 'participants, not found (500)',
      paths: companies
        .slice(0, config.searchNames)
        .map((company) => query('/api/participants', { name: 'Zzyzx Inexistente Nadie', company })),
      expectedStatuses: [500],
      kind: 'search',
    },
    prepared(`statistics?year=${year} (br)`, query('/api/statistics', { year }), { 'accept-encoding': 'br' }),
    prepared('page / (br)', '/', BROWSER_HEADERS),
    prepared(`page /estadisticas/${year} (br)`, `/estadisticas/${year}`, BROWSER_HEADERS),
  ];
}

/** What a browser sends that changes the answer: it takes brotli. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

async function preflight(baseUrl: string, cases: BenchCase[]): Promise<Preflight[]> {
  const checks: Preflight[] = [];
  for (const load of cases) {
    const unexpectedPaths: string[] = [];
    let first: Awaited<ReturnType<typeof get>> | undefined;
    for (const path of load.paths) {
      const answer = await get(baseUrl + path, load.headers);
      first ??= answer;
      if (!load.expectedStatuses.includes(answer.status)) unexpectedPaths.push(`${answer.status} ${path}`);
    }
    const encoding = first?.headers['content-encoding'];
    checks.push({
      operation: load.operation,
      status: first?.status ?? 0,
      contentEncoding: typeof encoding === 'string' ? encoding : null,
      bodyBytes: first?.body.length ?? 0,
      unexpectedPaths,
    });
    if (unexpectedPaths.length > 0) {
      progress(
        `warning: ${load.operation}: unexpected answers before load:\n  ${unexpectedPaths.join('\n  ')}`,
      );
    }
  }
  return checks;
}

function serverWarnings(server: ChildServer): string[] {
  return server.lines.filter((line) => line.trim() !== '');
}

/** Headers about the connection or the moment: node:http writes its own. */
const UNREPLAYED_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** Fetches every path of every case once, with the case's headers, for the raw server to replay. */
async function recordAnswers(baseUrl: string, cases: BenchCase[]): Promise<ReplayAnswer[]> {
  const answers: ReplayAnswer[] = [];
  for (const load of cases) {
    for (const path of load.paths) {
      const answer = await get(baseUrl + path, load.headers);
      answers.push({
        path,
        acceptEncoding: load.headers?.['accept-encoding'] ?? null,
        status: answer.status,
        headers: Object.entries(answer.headers).flatMap(([name, value]) =>
          UNREPLAYED_HEADERS.has(name) || value === undefined
            ? []
            : [value].flat().map((one): [string, string] => [name, one]),
        ),
        bodyBase64: answer.body.toString('base64'),
      });
    }
  }
  return answers;
}

/** Drives one case, noting how much CPU other processes took meanwhile. */
async function measure(url: string, load: BenchCase, watched: number[]): Promise<Measured> {
  const before = cpuSnapshot(watched);
  const result = await drive(url, load, { durationS: config.durationS, connections: config.connections });
  return { ...result, otherCpu: foreignCpuShare(before, cpuSnapshot(watched), CPUS) };
}

/** Drives every case for BENCH_WARMUP s (JIT, caches), unmeasured. */
async function warmUp(label: string, url: string, cases: BenchCase[]): Promise<void> {
  for (const load of cases) {
    progress(`${label}: warm-up ${load.operation}`);
    await drive(url, load, { durationS: config.warmupS, connections: config.connections });
  }
}

function withRatio(result: Measured, kind: Row['kind'], reference: number | null): Row {
  return { ...result, kind, ratioToRaw: reference ? result.reqPerSec / reference : null };
}

/**
 * The raw server and the server on one case, in turns (see `driveInTurn`); the row's ratio
 * is the median of the turns'. A replay miss or an error would make the raw figure
 * meaningless.
 */
async function measureInTurn(
  rawUrl: string,
  serverUrl: string,
  load: BenchCase,
  watched: number[],
): Promise<[Row, Row]> {
  const before = cpuSnapshot(watched);
  const compared = await driveInTurn(rawUrl, serverUrl, load, {
    durationS: config.durationS,
    connections: config.connections,
    slices: config.slices,
  });
  const otherCpu = foreignCpuShare(before, cpuSnapshot(watched), CPUS);
  const raw: Row = { ...compared.reference, otherCpu, kind: 'raw', ratioToRaw: null };
  const failures = raw.unexpected + raw.errors + raw.timeouts;
  if (failures > 0) progress(`warning: raw ${load.operation}: ${failures} unexpected answers or errors`);
  return [raw, { ...compared.measured, otherCpu, kind: load.kind, ratioToRaw: compared.ratio }];
}

/**
 * Warms every case up, then measures case by case the raw server and right after it the
 * server, so that drift of the machine affects both alike. Given `rawRows` (of an earlier
 * pass), the raw server is not measured again and their req/s are the reference. Fills the
 * set's rows, memory and warnings; returns the raw rows.
 */
async function runRows(
  label: string,
  set: RowSet,
  server: ChildServer,
  raw: ChildServer,
  cases: BenchCase[],
  rawRows?: Row[],
): Promise<Row[]> {
  const watched = [process.pid, server.pid, raw.pid];
  if (!rawRows) await warmUp(`${label} raw`, raw.url, cases);
  await warmUp(`${label} ${set.label}`, server.url, cases);
  set.memory.afterWarmup = memoryOf(server.pid);
  const references: Row[] = [];
  for (const [i, load] of cases.entries()) {
    progress(
      `${label}: ${load.operation} for ${config.durationS} s, ${rawRows ? '' : `${config.slices} turns of raw then `}${set.label}`,
    );
    if (rawRows) {
      references.push(rawRows[i]!);
      set.rows.push(withRatio(await measure(server.url, load, watched), load.kind, rawRows[i]!.reqPerSec));
    } else {
      const [reference, row] = await measureInTurn(raw.url, server.url, load, watched);
      references.push(reference);
      set.rows.push(row);
    }
  }
  set.memory.afterLoad = memoryOf(server.pid);
  set.serverWarnings = serverWarnings(server);
  return references;
}

async function measureSearch(db: string): Promise<SearchReport | null> {
  progress(`participant search in process (${config.lookups} lookups)`);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', SEARCH_SCRIPT, db, String(config.lookups)], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => {
      if (code !== 0) {
        progress(`participant search exited with ${code}`);
        return resolve(null);
      }
      resolve(JSON.parse(output.trim().split('\n').pop()!) as SearchReport);
    });
  });
}

/** Starts `serve` at warn level (no per-request logging) and waits until it is idle. */
async function startServer(
  label: string,
  db: string,
  scale: number,
  extraArgs: string[],
): Promise<{ set: RowSet; server: ChildServer }> {
  const port = await freePort();
  const args = serveArgs(db, scale, port, 'warn', extraArgs);
  const server = await spawnServer({
    args,
    port,
    env: { LOG_LEVEL: 'warn', METRICS_PORT: 'off', ...BUDGETS_ABOVE_LOAD },
    readyPaths: ['/api/ping', '/api/years'],
    readyTimeoutMs: 300_000,
  });
  const memory: MemoryReport = { ready: memoryOf(server.pid), afterWarmup: null, afterLoad: null };
  const settleMs = await waitForIdle(server.pid);
  const set: RowSet = {
    label,
    serverArgs: args.map((arg) => (arg === db || arg === CLI ? relative(ROOT, arg) : arg)),
    readyMs: server.readyMs,
    settleMs,
    memory,
    rows: [],
    serverWarnings: [],
  };
  return { set, server };
}

/**
 * The search rows against `serve` on PostgreSQL: the demo loaded into `url` (its data
 * replaced), the server's search budgets counted in that database's table, each row in
 * turn with the raw server (the same answers, from the SQLite server).
 */
async function postgresSearchRows(url: string, db: string, raw: ChildServer, cases: BenchCase[]) {
  progress('scale 1: postgresql: the demo, replacing the data of BENCH_DATABASE_URL');
  for (const args of [['migrate'], ['demo', '--scale', '1', '--seed', String(config.seed), '--force']])
    execFileSync(process.execPath, [CLI, ...args, '--database-url', url], { stdio: 'ignore' });
  const search = cases.filter((load) => load.kind === 'search');
  const { set, server } = await startServer('postgresql', db, 1, ['--database-url', url]);
  try {
    return { raw: await runRows('scale 1 postgresql', set, server, raw, search), server: set };
  } finally {
    await server.stop();
  }
}

/** What the footprint step measured: the server as `npm start` runs it, after a minute of mixed load. */
interface Footprint {
  seconds: number;
  rate: number;
  statuses: Record<string, number>;
  errors: number;
  ready: Memory | null;
  /** At the end of the minute: what the target is checked on. */
  afterLoad: Memory | null;
  /** `SETTLE_MS` later, the load over: what V8 and glibc give back once it stops. */
  settled: Memory | null;
}

/** How long after the footprint step's load its memory is read again. */
const SETTLE_MS = 10_000;

/**
 * The server as `npm start` runs it (plain `node`, no flags) and its log level (info) on the scale-1 store, idle
 * after start, then `mixedS` seconds of mixed load over every operation and page at
 * `mixedRate` requests per second: its resident size then (VmRSS).
 */
async function measureFootprint(db: string, searches: readonly string[]): Promise<Footprint> {
  const port = await freePort();
  const server = await spawnServer({
    args: [CLI, 'serve', '--db', db, '--port', String(port), '--host', HOST],
    port,
    env: { LOG_LEVEL: 'info', METRICS_PORT: 'off' },
    readyPaths: ['/api/ping', '/api/years'],
    readyTimeoutMs: 300_000,
  });
  try {
    await waitForIdle(server.pid);
    const ready = memoryOf(server.pid);
    const paths = await mixedPaths(server.url, searches);
    const load = await driveMixedLoad(server.url, paths, {
      rate: config.mixedRate,
      durationS: config.mixedS,
    });
    const afterLoad = memoryOf(server.pid);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    return {
      seconds: config.mixedS,
      rate: config.mixedRate,
      ...load,
      ready,
      afterLoad,
      settled: memoryOf(server.pid),
    };
  } finally {
    await server.stop();
  }
}

async function benchScale(scale: number, tmp: string): Promise<ScaleReport> {
  progress(`scale ${scale}: demo store (seed ${config.seed})`);
  const store = await demoStore({
    seed: config.seed,
    scale,
    tmpDir: tmp,
    cacheFromScale: config.cacheFromScale,
    rebuild: config.rebuild,
  });
  progress(
    `scale ${scale}: ${store.participants.toLocaleString('en')} participants, ` +
      (store.cached
        ? `cached ${relative(ROOT, store.path)}`
        : `built in ${store.buildSeconds?.toFixed(1)} s`),
  );

  // 1. Start-up at info level, only to read the server's own 'read model built' buildMs.
  progress(`scale ${scale}: start-up (LOG_LEVEL=info) for the read-model build time`);
  let readModelBuildMs: number | null = null;
  const probePort = await freePort();
  const probe = await spawnServer({
    args: serveArgs(store.path, scale, probePort, 'info'),
    port: probePort,
    env: { LOG_LEVEL: 'info', METRICS_PORT: 'off' },
    readyPaths: ['/api/ping', '/api/years'],
    readyTimeoutMs: 300_000,
    onLine: (line) => {
      if (readModelBuildMs !== null || !line.includes('read model built')) return;
      try {
        const entry = JSON.parse(line) as { buildMs?: number };
        if (typeof entry.buildMs === 'number') readModelBuildMs = entry.buildMs;
      } catch {
        // Not a JSON line.
      }
    },
  });
  const memoryAtReady = memoryOf(probe.pid);
  await probe.stop();

  // 2. The server under load, at warn level.
  progress(`scale ${scale}: server (LOG_LEVEL=warn)`);
  const { set: firstSet, server } = await startServer('server', store.path, scale, []);
  const cases = await buildCases(server.url, store.path);
  const checks = await preflight(server.url, cases);

  // 3. The raw node:http server, replaying the server's answers, measured case by case with it.
  const answers = await recordAnswers(server.url, cases);
  const replayFile = join(tmp, `replay-${scale}.json`);
  writeFileSync(replayFile, JSON.stringify(answers));
  const readyPath = answers.find((answer) => answer.acceptEncoding === null && answer.status === 200)?.path;
  if (readyPath === undefined) throw new Error('the raw server has no 200 answer to wait for');
  const rawPort = await freePort();
  const raw = await spawnServer({
    args: ['--import', 'tsx', RAW_SERVER, String(rawPort), replayFile],
    port: rawPort,
    readyPaths: [readyPath],
    readyTimeoutMs: 30_000,
  });
  const rawRows = await runRows(`scale ${scale}`, firstSet, server, raw, cases);
  await server.stop();
  const postgres =
    scale === 1 && config.databaseUrl !== undefined
      ? await postgresSearchRows(config.databaseUrl, store.path, raw, cases)
      : null;
  await raw.stop();
  const statisticsRaw = rawRows[cases.findIndex((load) => load.statisticsReference)]!.reqPerSec;
  for (const row of firstSet.rows) {
    row.ratioToRawStatistics = row.reqPerSec / statisticsRaw;
  }

  const search = await measureSearch(store.path);
  let footprint: Footprint | null = null;
  if (scale === 1 && config.mixedS > 0) {
    progress(`scale 1: ${config.mixedS} s of mixed load on the server as npm start runs it`);
    footprint = await measureFootprint(store.path, cases.find((load) => load.kind === 'search')!.paths);
  }
  const report: ScaleReport = {
    scale,
    seed: config.seed,
    store: { ...store, path: relative(ROOT, store.path) },
    startup: {
      readModelBuildMs,
      readyMsInfo: probe.readyMs,
      readyMsWarn: firstSet.readyMs,
      memoryAtReady,
    },
    preflight: checks,
    raw: rawRows,
    server: firstSet,
    search,
    footprint,
    postgres,
    targets: [],
  };
  report.targets = checkTargets(report);
  return report;
}

function checkTargets(report: ScaleReport): TargetCheck[] {
  const checks: TargetCheck[] = [];
  const rows = report.server.rows;
  const prepared = rows.filter((row) => row.kind === 'prepared');
  const worstPrepared = Math.min(...prepared.map((row) => row.ratioToRaw ?? 0));
  checks.push({
    target: `prepared answers ≥ ${TARGETS.preparedRatio}× raw`,
    value: `worst ${worstPrepared.toFixed(2)}×`,
    pass: worstPrepared >= TARGETS.preparedRatio,
  });
  const search = rows.find((row) => row.kind === 'search');
  checks.push({
    target: `participant search ≥ ${TARGETS.searchRatio}× raw`,
    value: `${(search?.ratioToRaw ?? 0).toFixed(2)}×`,
    pass: (search?.ratioToRaw ?? 0) >= TARGETS.searchRatio,
  });
  const worstP99 = Math.max(...rows.map((row) => row.latencyMs.p99));
  checks.push({
    target: `p99 < ${TARGETS.p99Ms} ms at ${config.connections} connections`,
    value: `worst ${worstP99.toFixed(2)} ms`,
    pass: worstP99 < TARGETS.p99Ms,
  });
  const failures = rows.reduce((sum, row) => sum + row.unexpected + row.errors, 0);
  checks.push({
    target: 'no unexpected statuses or errors under load',
    value: String(failures),
    pass: failures === 0,
  });
  const build = report.startup.readModelBuildMs ?? report.startup.readyMsWarn;
  checks.push({
    target: `read model built in < ${TARGETS.buildMs / 1000} s`,
    value: `${(build / 1000).toFixed(2)} s`,
    pass: build < TARGETS.buildMs,
  });
  const peak = report.server.memory.afterLoad?.hwmMb ?? Infinity;
  checks.push({
    target: `server memory < ${(TARGETS.memoryMb / 1024).toFixed(1)} GB (peak RSS)`,
    value: `${peak.toFixed(0)} MB`,
    pass: peak < TARGETS.memoryMb,
  });
  if (report.footprint) {
    const rss = report.footprint.afterLoad?.rssMb ?? Infinity;
    checks.push({
      target: `resident < ${TARGETS.footprintMb} MB after ${report.footprint.seconds} s of mixed load`,
      value: `${rss.toFixed(0)} MB`,
      pass: rss < TARGETS.footprintMb,
    });
  }
  if (report.search) {
    checks.push({
      target: `search p50 < ${TARGETS.searchP50Us / 1000} ms in process`,
      value: `${report.search.hits.p50Us.toFixed(1)} µs`,
      pass: report.search.hits.p50Us < TARGETS.searchP50Us,
    });
  }
  return checks;
}

// ---------------------------------------------------------------- output

function pad(text: string, width: number, right = false): string {
  return right ? text.padStart(width) : text.padEnd(width);
}

function table(headers: string[], rows: string[][], rightAligned: boolean[]): string {
  const widths = headers.map((header, i) => Math.max(header.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((cell, i) => pad(cell, widths[i]!, rightAligned[i])).join('  ');
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

const ms = (value: number) => value.toFixed(2);
const mb = (memory: Memory | null) =>
  !memory
    ? '?'
    : memory.processes === 1
      ? `${memory.rssMb.toFixed(0)} MB`
      : `${memory.rssMb.toFixed(0)} MB (the server's own ${memory.ownRssMb.toFixed(0)} MB)`;

const reqPerSec = (row: Row) => Math.round(row.reqPerSec).toLocaleString('en');

/** A server row beside the raw row it is compared with; either one disturbed disturbs the ratio. */
function rowCells(row: Row, raw: Row): string[] {
  const otherCpu = Math.max(row.otherCpu, raw.otherCpu);
  return [
    row.operation,
    reqPerSec(raw),
    reqPerSec(row),
    row.ratioToRaw === null ? '' : `${row.ratioToRaw.toFixed(2)}×`,
    row.ratioToRawStatistics === undefined ? '' : `${row.ratioToRawStatistics.toFixed(2)}×`,
    ms(row.latencyMs.p50),
    ms(row.latencyMs.p99),
    `${row.unexpected}/${row.expectedNon2xx}`,
    `${row.errors}/${row.timeouts}`,
    `${(otherCpu * 100).toFixed(0)}%${otherCpu > BUSY_MACHINE ? ' !' : ''}`,
  ];
}

function printScale(report: ScaleReport): void {
  const out: string[] = [];
  out.push('');
  out.push(
    `=== scale ${report.scale} (seed ${report.seed}): ${report.store.participants.toLocaleString('en')} participants, ` +
      `${(report.store.fileBytes / 2 ** 20).toFixed(0)} MB SQLite file` +
      (report.store.cached ? ', cached' : `, built in ${report.store.buildSeconds?.toFixed(1)} s`),
  );
  const headers = [
    'operation',
    'raw req/s',
    'req/s',
    '× raw',
    '× raw stats',
    'p50 ms',
    'p99 ms',
    'non-2xx unexp/exp',
    'errors/timeouts',
    'other CPU',
  ];
  const align = [false, true, true, true, true, true, true, true, true, true];
  const rows = report.server.rows.map((row, i) => rowCells(row, report.raw[i]!));
  out.push(table(headers, rows, align));
  out.push(
    "× raw: against the raw server replaying this row's own answers (the targets); " +
      '× raw stats: against its statistics row, the second reference',
  );
  out.push('');
  const build = report.startup.readModelBuildMs;
  out.push(
    `read model: built in ${build === null ? '?' : `${(build / 1000).toFixed(2)} s`} (server log 'read model built'); ` +
      `ready ${(report.startup.readyMsInfo / 1000).toFixed(2)} s after spawn (info), ` +
      `${(report.startup.readyMsWarn / 1000).toFixed(2)} s (warn), idle ${(report.server.settleMs / 1000).toFixed(1)} s later`,
  );
  for (const set of [report.server]) {
    const m = set.memory;
    out.push(
      `memory: ` +
        `RSS ${mb(m.ready)} at ready, ${mb(m.afterWarmup)} after warm-up, ${mb(m.afterLoad)} after load; ` +
        `peak (VmHWM) ${m.afterLoad ? `${m.afterLoad.hwmMb.toFixed(0)} MB` : '?'}`,
    );
    if (set.serverWarnings.length > 0) {
      out.push(
        `server warnings (${set.serverWarnings.length}): ${set.serverWarnings.slice(0, 3).join(' | ')}`,
      );
    }
  }
  const footprint = report.footprint;
  if (footprint) {
    out.push(
      `footprint (plain node, LOG_LEVEL=info): RSS ${mb(footprint.ready)} idle after start, ` +
        `${mb(footprint.afterLoad)} after ${footprint.seconds} s of mixed load at ${footprint.rate} req/s ` +
        `(statuses ${JSON.stringify(footprint.statuses)}, ${footprint.errors} errors), ` +
        `${mb(footprint.settled)} ${SETTLE_MS / 1000} s after the load (not what the target is checked on)`,
    );
  }
  const search = report.search;
  if (search) {
    out.push(
      `participant search in process: ${search.records.toLocaleString('en')} records, ${search.schools} schools; ` +
        `read ${(search.readMs / 1000).toFixed(2)} s, index built in ${(search.indexBuildMs / 1000).toFixed(2)} s`,
    );
    for (const [label, t] of [
      ['found', search.hits],
      ['not found', search.notFound],
    ] as const) {
      out.push(
        `  ${pad(label, 9)} ${t.lookups} lookups: p50 ${t.p50Us.toFixed(1)} µs, p90 ${t.p90Us.toFixed(1)} µs, ` +
          `p99 ${t.p99Us.toFixed(1)} µs, max ${t.maxUs.toFixed(0)} µs` +
          (label === 'found' ? `, ${t.meanMatches.toFixed(1)} records per answer, ${t.misses} misses` : ''),
      );
    }
  }
  if (report.postgres) {
    const { raw, server } = report.postgres;
    out.push('on PostgreSQL (BENCH_DATABASE_URL; the search budgets in its table), reported, not checked:');
    out.push(
      table(
        headers,
        server.rows.map((row, i) => rowCells(row, raw[i]!)),
        align,
      ),
    );
  }
  out.push('targets:');
  for (const check of report.targets) {
    out.push(`  ${check.pass ? 'PASS' : 'FAIL'}  ${pad(check.target, 52)} ${check.value}`);
  }
  process.stdout.write(`${out.join('\n')}\n`);
}

// ---------------------------------------------------------------- main

async function main(): Promise<void> {
  const started = performance.now();
  const startedAt = new Date();
  const loadAtStart = loadavg();
  if (!existsSync(CLI)) throw new Error(`${relative(ROOT, CLI)} is missing: run npm run build first`);
  progress(
    `scales ${config.scales.join(', ')}; ${config.durationS} s per operation (+${config.warmupS} s warm-up), ` +
      `${config.connections} connections, pipelining 1`,
  );
  const tmp = mkdtempSync(join(tmpdir(), 'tamborrada-bench-'));
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
  const elapsedS = (performance.now() - started) / 1000;
  const result = {
    benchmark: 'http',
    startedAt: startedAt.toISOString(),
    elapsedS,
    git: gitDescription(),
    machine: {
      cpus: CPUS,
      loadAverageAtStart: loadAtStart,
      cpuModel: cpus()[0]?.model ?? null,
      totalMemMb: Math.round(totalmem() / 2 ** 20),
      node: process.version,
      platform: `${process.platform} ${process.arch}`,
    },
    config: { ...config, host: HOST, targets: TARGETS },
    method: {
      load: 'autocannon (programmatic) in the benchmark process; server and raw server are child processes',
      latency:
        "from autocannon's per-response 'response' event (sub-ms); autocannonLatencyMs is its whole-ms histogram",
      ratio:
        'req/s ÷ req/s of a bare node:http server replaying, for the same requests, the answers the server gave (status, headers, body bytes), measured just before each row',
      ratioToRawStatistics: "req/s ÷ that raw server's req/s on the statistics row",
      buildTime: "buildMs of the first 'read model built' log line of a start at LOG_LEVEL=info",
      memory: '/proc/PID/status VmRSS and VmHWM of the server process',
      otherCpu: 'machine busy time (/proc/stat) minus the CPU time of the benchmark, server and raw server',
    },
    scales: reports,
  };
  const file = writeResult('http', startedAt, result);
  const failed = reports.flatMap((report) => report.targets.filter((check) => !check.pass));
  const busyRows = reports
    .flatMap((report) => [...report.raw, ...report.server.rows])
    .filter((row) => row.otherCpu > BUSY_MACHINE);
  if (busyRows.length > 0) {
    process.stdout.write(
      `\nwarning: other processes used more than ${BUSY_MACHINE * 100}% of the CPU during ${busyRows.length} ` +
        `row(s) (marked !): those figures are disturbed; run again on a quiet machine\n`,
    );
  }
  process.stdout.write(
    `\nwhole run: ${(elapsedS / 60).toFixed(1)} min; ${failed.length} target check(s) failed; ` +
      `results in bench/results/${file} (and http-latest.json)\n`,
  );
}

runBenchmark(main);
