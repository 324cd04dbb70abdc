/**
 * `npm run soak`: sustained mixed load on every operation of the real server, then two
 * verdicts: no errors, and memory that stops growing after the warm-up.
 *
 * What it does (after `npm run build`):
 * 1. `tamborrada demo` into a temporary SQLite file (SOAK_SCALE, default 1: ~30,000 rows).
 * 2. `tamborrada serve` on it as a child process, at LOG_LEVEL=info with its output going
 *    to a file (one line per request, as in production).
 * 3. For SOAK_MINUTES (default 2), autocannon drives every operation at once, each case on
 *    its own connections (SOAK_CONNECTIONS per case, default 2): ping, years, statistics
 *    (brotli/gzip), category, companies, participant searches that find someone, searches
 *    that find no one (the spec's 500) and requests that are wrong on purpose (the spec's
 *    400/404).
 * 4. The server's VmRSS is read from /proc/PID/status every second.
 *
 * Verdicts (exit code 1 when either fails):
 * - errors = answers whose status is not the one the spec gives for that request, plus
 *   connection errors and timeouts: must be 0. The expected 500s (not found) and 4xx
 *   (wrong on purpose) are counted apart.
 * - memory growth after warm-up = mean RSS of the last 10 s against the mean RSS of the
 *   10 s that follow the warm-up (SOAK_WARMUP_S, default a quarter of the run, at most
 *   60 s), both without V8's young generation (new space, read from the server's
 *   /metrics), which grows to its configured size in the first minutes under load:
 *   must stay under 10 %.
 * Also checked: no searched name appears in the server's log.
 *
 * Figures go to stdout and to bench/results/soak-latest.json.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import {
  createReadStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { envNumber } from './http-lib/env.js';
import { isSearchable } from './http-lib/demo-store.js';
import { drive } from './http-lib/load.js';
import { freePort } from './http-lib/process.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = join(ROOT, 'dist/cli/main.js');
const HOST = '127.0.0.1';

const minutes = envNumber('SOAK_MINUTES', 2);
const durationS = Math.round(minutes * 60);
const warmupS = envNumber('SOAK_WARMUP_S', Math.min(60, Math.round(durationS / 4)));
const connectionsPerCase = Math.round(envNumber('SOAK_CONNECTIONS', 2));
const scale = envNumber('SOAK_SCALE', 1);
/** Extra Node flags for the server (to measure a flag's effect), e.g. "--max-semi-space-size=16". */
const nodeFlags = (process.env.SOAK_NODE_FLAGS ?? '').split(' ').filter((flag) => flag !== '');
const WINDOW_S = 10;
const MAX_GROWTH = 0.1;

if (warmupS + 2 * WINDOW_S > durationS) {
  throw new Error(
    `SOAK_MINUTES too short: the warm-up (${warmupS} s) and two ${WINDOW_S} s windows must fit`,
  );
}
if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run npm run build first (npm run soak does)`);

function run(args: string[]): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('error', fail);
    child.on('exit', (code) =>
      code === 0 ? done() : fail(new Error(`tamborrada ${args[0]} exited with ${code}`)),
    );
  });
}

/** The size of V8's young generation (new space), from the server's own metrics. */
async function youngGenerationMb(metricsUrl: string): Promise<number | undefined> {
  try {
    const text = await (await fetch(metricsUrl)).text();
    const match = /^nodejs_heap_space_size_total_bytes\{space="new"\} (\d+)/m.exec(text);
    return match ? Number(match[1]) / 2 ** 20 : undefined;
  } catch {
    return undefined;
  }
}

function rssMb(pid: number): number | undefined {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

interface Case {
  name: string;
  paths: string[];
  headers?: Record<string, string>;
  /** Statuses the spec gives for these requests. */
  expected: number[];
}

interface CaseResult {
  name: string;
  requests: number;
  reqPerSec: number;
  statuses: Record<string, number>;
  /** Answers with a status the spec does not give for these requests. */
  unexpected: number;
  /** Non-2xx answers that the spec gives for these requests (sent on purpose). */
  expectedErrors: number;
  connectionErrors: number;
  timeouts: number;
  latencyMs: { p50: number; p99: number; max: number };
}

/** One case through the HTTP benchmark's driver, in the soak's terms. */
async function soakCase(url: string, load: Case): Promise<CaseResult> {
  const result = await drive(
    url,
    { operation: load.name, paths: load.paths, headers: load.headers, expectedStatuses: load.expected },
    { durationS, connections: connectionsPerCase },
  );
  return {
    name: load.name,
    requests: result.requests,
    reqPerSec: Math.round(result.reqPerSec),
    statuses: result.statusCounts,
    unexpected: result.unexpected,
    expectedErrors: result.expectedNon2xx,
    connectionErrors: result.errors - result.timeouts,
    timeouts: result.timeouts,
    latencyMs: result.autocannonLatencyMs,
  };
}

const encode = encodeURIComponent;
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);

async function main(): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'tamborrada-soak-'));
  const dbPath = join(dir, 'soak.db');
  const logPath = join(dir, 'serve.log');
  let server: ChildProcess | undefined;
  const stopServer = () => server?.kill('SIGKILL');
  process.once('SIGINT', () => {
    stopServer();
    process.exit(130);
  });
  try {
    console.log(
      `soak: ${minutes} min, warm-up ${warmupS} s, ${connectionsPerCase} connections per case, demo scale ${scale}`,
    );
    await run(['demo', '--db', dbPath, '--scale', String(scale)]);

    // What to ask for, from the store itself.
    const db = new Database(dbPath, { readonly: true, fileMustExist: true });
    const years = (
      db.prepare('SELECT year FROM available_years WHERE is_ready = 1').pluck().all() as string[]
    ).sort();
    const pairs = db
      .prepare(
        'SELECT DISTINCT year, category FROM statistics WHERE year IN (SELECT year FROM available_years WHERE is_ready = 1)',
      )
      .all() as { year: string; category: string }[];
    const total = (db.prepare('SELECT count(*) FROM participants').pluck().get() as number) || 1;
    const sample = db
      .prepare(`SELECT name, school FROM participants WHERE id % ? = 0 LIMIT 60`)
      .all(Math.max(1, Math.floor(total / 60)))
      .filter((row) => isSearchable((row as { name: string }).name)) as { name: string; school: string }[];
    db.close();
    const schools = [...new Set(sample.map((p) => p.school))];
    const search = (name: string, school: string) =>
      `/api/participants?name=${encode(name)}&company=${encode(school)}`;

    const cases: Case[] = [
      { name: 'ping', paths: ['/api/ping'], expected: [200] },
      { name: 'years', paths: ['/api/years'], expected: [200] },
      {
        name: 'statistics (br/gzip)',
        paths: years.map((year) => `/api/statistics?year=${year}`),
        headers: { 'accept-encoding': 'br, gzip' },
        expected: [200],
      },
      {
        name: 'category',
        paths: pairs.map(({ year, category }) => `/api/category?year=${year}&category=${category}`),
        expected: [200],
      },
      { name: 'companies', paths: ['/api/companies'], expected: [200] },
      {
        name: 'participants found',
        paths: sample.flatMap(({ name, school }) => [
          search(name, school),
          search(name.toLowerCase(), school),
        ]),
        expected: [200],
      },
      {
        name: 'participants not found',
        paths: schools.map((school, i) => search(`Nadie${i} Ninguno Tampoco`, school)),
        expected: [500],
      },
      {
        name: '4xx on purpose',
        paths: [
          '/api/statistics',
          '/api/statistics?year=abc',
          '/api/statistics?year=1999',
          '/api/category?year=2024',
          '/api/category?year=2024&category=nope',
          '/api/participants',
          `/api/participants?name=Ane&company=${encode(schools[0] ?? 'x')}`,
          '/nope',
        ],
        expected: [400, 404],
      },
    ];

    const port = await freePort();
    const metricsPort = await freePort();
    const metricsUrl = `http://${HOST}:${metricsPort}/metrics`;
    const logFd = openSync(logPath, 'w');
    server = spawn(
      process.execPath,
      [...nodeFlags, CLI, 'serve', '--db', dbPath, '--host', HOST, '--port', String(port)],
      {
        stdio: ['ignore', logFd, logFd],
        // One address asks for every search: the search budgets would refuse most of them.
        env: {
          ...process.env,
          LOG_LEVEL: 'info',
          METRICS_HOST: HOST,
          METRICS_PORT: String(metricsPort),
          SEARCH_BUDGETS: 'off',
        },
      },
    );
    const url = `http://${HOST}:${port}`;
    const deadline = performance.now() + 60_000;
    while (
      !(await fetch(`${url}/api/years`).then(
        (r) => r.status === 200,
        () => false,
      ))
    ) {
      if (server.exitCode !== null || performance.now() > deadline)
        throw new Error(`serve did not start; see ${logPath}`);
      await new Promise((wait) => setTimeout(wait, 100));
    }
    const pid = server.pid!;

    const started = performance.now();
    const samples: { t: number; rss: number; youngMb: number }[] = [];
    const sampler = setInterval(() => {
      const t = (performance.now() - started) / 1000;
      const rss = rssMb(pid);
      if (rss === undefined) return;
      void youngGenerationMb(metricsUrl).then((youngMb) => {
        if (youngMb !== undefined) samples.push({ t, rss, youngMb });
      });
    }, 1000);
    const progress = setInterval(() => {
      const last = samples.at(-1);
      process.stdout.write(
        `  ${Math.round((performance.now() - started) / 1000)} s, RSS ${last ? last.rss.toFixed(1) : '?'} MB\n`,
      );
    }, 15_000);
    const results = await Promise.all(cases.map((load) => soakCase(url, load)));
    clearInterval(sampler);
    clearInterval(progress);
    const exitedAlive = server.exitCode === null;

    // A clean stop under the same conditions as in production.
    const stopping = performance.now();
    const running = server;
    const exit = await new Promise<number | string>((done) => {
      const forced = setTimeout(() => running.kill('SIGKILL'), 20_000);
      running.once('exit', (code, signal) => {
        clearTimeout(forced);
        done(code ?? signal ?? 'unknown');
      });
      running.kill('SIGTERM');
    });
    const stopMs = Math.round(performance.now() - stopping);

    // The young generation fills its configured size (the semi-spaces)
    // during the first minutes: that is not growth of what the server keeps.
    const kept = (sample: (typeof samples)[number]) => sample.rss - sample.youngMb;
    const baseline = samples.filter((s) => s.t >= warmupS && s.t < warmupS + WINDOW_S).map(kept);
    const final = samples.filter((s) => s.t >= durationS - WINDOW_S).map(kept);
    const baselineMb = mean(baseline);
    const finalMb = mean(final);
    const growth = (finalMb - baselineMb) / baselineMb;
    const peakMb = Math.max(...samples.map((s) => s.rss));

    // Privacy: no searched name in the log.
    const names = sample.map((p) => p.name.toLowerCase());
    let leaked = 0;
    let logLines = 0;
    for await (const line of createInterface({ input: createReadStream(logPath) })) {
      logLines++;
      const lower = line.toLowerCase();
      if (names.some((name) => lower.includes(name))) leaked++;
    }

    const errors = results.reduce((sum, r) => sum + r.unexpected + r.connectionErrors + r.timeouts, 0);
    const expectedErrors = results.reduce((sum, r) => sum + r.expectedErrors, 0);
    const requests = results.reduce((sum, r) => sum + r.requests, 0);

    console.log('\ncase                        requests    req/s   p50 ms  p99 ms  statuses');
    for (const r of results) {
      console.log(
        `${r.name.padEnd(26)} ${String(r.requests).padStart(9)} ${String(r.reqPerSec).padStart(8)} ${String(r.latencyMs.p50).padStart(8)} ${String(r.latencyMs.p99).padStart(7)}  ${JSON.stringify(r.statuses)}` +
          (r.unexpected + r.connectionErrors + r.timeouts > 0
            ? `  ERRORS: ${r.unexpected} unexpected, ${r.connectionErrors} connection, ${r.timeouts} timeouts`
            : ''),
      );
    }
    const memoryOk = growth < MAX_GROWTH;
    const ok = errors === 0 && memoryOk && exitedAlive && leaked === 0 && exit === 0;
    console.log(`
requests:              ${requests} in ${durationS} s (${Math.round(requests / durationS)} req/s)
errors:                ${errors} (must be 0)
expected non-2xx:      ${expectedErrors} (not-found 500s and 4xx sent on purpose)
RSS after warm-up:     ${baselineMb.toFixed(1)} MB without the young generation (mean of ${warmupS}-${warmupS + WINDOW_S} s)
RSS at the end:        ${finalMb.toFixed(1)} MB without the young generation (mean of the last ${WINDOW_S} s); peak RSS ${peakMb.toFixed(1)} MB
memory growth:         ${(growth * 100).toFixed(2)} % (must stay under ${MAX_GROWTH * 100} %)
server alive:          ${exitedAlive ? 'yes' : 'NO'}; on SIGTERM it exited with ${exit} in ${stopMs} ms
log:                   ${logLines} lines, ${(statSync(logPath).size / 1e6).toFixed(1)} MB, searched names in it: ${leaked}
verdict:               ${ok ? 'PASS' : 'FAIL'}`);

    const resultsDir = join(ROOT, 'bench/results');
    mkdirSync(resultsDir, { recursive: true });
    writeFileSync(
      join(resultsDir, 'soak-latest.json'),
      `${JSON.stringify(
        {
          date: new Date().toISOString(),
          settings: { minutes, warmupS, connectionsPerCase, scale },
          requests,
          errors,
          expectedErrors,
          memory: { baselineMb, finalMb, peakMb, growth, samples },
          serverAlive: exitedAlive,
          shutdown: { exit, ms: stopMs },
          logLines,
          namesInLog: leaked,
          cases: results,
          verdict: ok ? 'pass' : 'fail',
        },
        null,
        2,
      )}\n`,
    );
    return ok ? 0 : 1;
  } finally {
    stopServer();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`soak: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
