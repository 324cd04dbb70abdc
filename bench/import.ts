/**
 * `npm run bench:import`: the demo loaded through the import path (validate every row,
 * then replace, recompute and publish in one transaction) into a fresh SQLite file, at
 * scale 1 and 100. Each scale runs in its own child process, which reports its wall
 * time, the time of each step of the transaction and its peak RSS (getrusage maxrss).
 *
 *   BENCH_SCALES=1          only some scales (comma-separated; default 1,100)
 *   BENCH_SEED=7            another demo seed (default 1)
 *   BENCH_CPU_PROF=1        write a V8 CPU profile of each child to bench/results/
 *
 * Prints a table and writes bench/results/import.json.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = fileURLToPath(import.meta.url);
const ROOT = resolve(dirname(HERE), '..');
const RESULTS_DIR = join(ROOT, 'bench/results');
const CHILD_FLAG = '--child';
const RESULT_MARK = 'BENCH-RESULT ';

/** The import's targets (a 2-core machine). */
const TARGETS: Record<number, { seconds: number; rssMb?: number }> = {
  1: { seconds: 5 },
  100: { seconds: 180, rssMb: 2048 },
};

/** The steps of the import transaction, as the store sees them. */
const STEPS = [
  'deleteParticipantsOfYears',
  'insertParticipants',
  'readParticipants',
  'replaceStatistics',
  'publishYears',
] as const;

interface ChildResult {
  scale: number;
  seed: number;
  rows: number;
  /** From the call to the end of `loadDemo` (validation, transaction, commit, close), in ms. */
  wallMs: number;
  /** Generating and validating every row, before the store is written to. */
  validateMs: number;
  /** Each transaction step; `compute` is the engine between reading participants and writing statistics. */
  stepsMs: Record<string, number>;
  /** Resident set size at the end of validation and of each step, in MiB (the peak is in between). */
  rssMbAfter: Record<string, number>;
  commitMs: number;
  /** Peak resident set size of the child process, in MiB. */
  peakRssMb: number;
  dbMb: number;
  report: string;
}

// ---------------------------------------------------------------- child side

async function child(scale: number, seed: number, dbPath: string): Promise<void> {
  const { loadDemo } = await import('../src/cli/commands/demo.js');
  const { resolveStoreLocation } = await import('../src/config/index.js');
  const { SqliteStore } = await import('../src/store/sqlite-store.js');

  // Times each step of the real transaction without changing it.
  const stepsMs: Record<string, number> = {};
  const rssMbAfter: Record<string, number> = {};
  const rssMb = () => Math.round(process.memoryUsage.rss() / 1024 / 1024);
  let transactionStarted = 0;
  let lastStepEnd = 0;
  let commitMs = 0;
  const original = SqliteStore.prototype.transaction;
  SqliteStore.prototype.transaction = async function <T>(
    this: InstanceType<typeof SqliteStore>,
    work: Parameters<typeof original>[0],
  ): Promise<T> {
    transactionStarted = performance.now();
    rssMbAfter.validate = rssMb();
    const result = await original.call(this, (tx) =>
      work(
        new Proxy(tx, {
          get(target, property: string) {
            const step = Reflect.get(target, property) as (...args: unknown[]) => Promise<unknown>;
            return async (...args: unknown[]) => {
              const started = performance.now();
              if (property === 'replaceStatistics') {
                stepsMs.compute = started - lastStepEnd;
                rssMbAfter.compute = rssMb();
              }
              const value = await step.apply(target, args);
              lastStepEnd = performance.now();
              stepsMs[property] = (stepsMs[property] ?? 0) + (lastStepEnd - started);
              rssMbAfter[property] = rssMb();
              return value;
            };
          },
        }),
      ),
    );
    commitMs = performance.now() - lastStepEnd;
    return result as T;
  };

  const started = performance.now();
  const report = await loadDemo({ seed, scale }, resolveStoreLocation({ db: dbPath }, {}));
  const wallMs = performance.now() - started;
  const rows = Number(/imported\s+([\d,]+)/.exec(report)?.[1]?.replace(/,/g, '') ?? NaN);
  const result: ChildResult = {
    scale,
    seed,
    rows,
    wallMs,
    validateMs: transactionStarted - started,
    stepsMs,
    rssMbAfter,
    commitMs,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    dbMb: statSync(dbPath).size / 1024 / 1024,
    report,
  };
  process.stdout.write(`${RESULT_MARK}${JSON.stringify(result)}\n`);
}

// --------------------------------------------------------------- parent side

function runChild(scale: number, seed: number, cpuProf: boolean): Promise<ChildResult> {
  const dir = mkdtempSync(join(tmpdir(), 'tamborrada-bench-import-'));
  const profile = cpuProf
    ? ['--cpu-prof', '--cpu-prof-dir', RESULTS_DIR, '--cpu-prof-name', `import-scale${scale}.cpuprofile`]
    : [];
  const child = spawn(
    process.execPath,
    [...profile, '--import', 'tsx', HERE, CHILD_FLAG, String(scale), String(seed), join(dir, 'bench.db')],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let stdout = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  return new Promise((done, fail) => {
    child.on('error', fail);
    child.on('close', (code, signal) => {
      rmSync(dir, { recursive: true, force: true });
      const line = stdout.split('\n').find((text) => text.startsWith(RESULT_MARK));
      if (code !== 0 || line === undefined)
        return fail(new Error(`scale ${scale}: the child ended with ${signal ?? code}\n${stdout}`));
      done(JSON.parse(line.slice(RESULT_MARK.length)) as ChildResult);
    });
  });
}

const seconds = (ms: number) => (ms / 1000).toFixed(1);

function verdict(result: ChildResult): string {
  const target = TARGETS[result.scale];
  if (!target) return '';
  const fast = result.wallMs / 1000 < target.seconds;
  const small = target.rssMb === undefined || result.peakRssMb < target.rssMb;
  const wanted = `< ${target.seconds} s${target.rssMb ? `, < ${(target.rssMb / 1024).toFixed(0)} GB` : ''}`;
  return `${fast && small ? 'ok' : 'MISSED'} (${wanted})`;
}

function printTable(results: readonly ChildResult[]): void {
  const header = [
    'scale',
    'rows',
    'wall s',
    'validate s',
    'insert s',
    'compute s',
    'other s',
    'peak RSS MiB',
    'db MiB',
    'target',
  ];
  const rows = results.map((r) => {
    const insert = (r.stepsMs.deleteParticipantsOfYears ?? 0) + (r.stepsMs.insertParticipants ?? 0);
    const compute = (r.stepsMs.readParticipants ?? 0) + (r.stepsMs.compute ?? 0);
    return [
      String(r.scale),
      r.rows.toLocaleString('en-US'),
      seconds(r.wallMs),
      seconds(r.validateMs),
      seconds(insert),
      seconds(compute),
      seconds(r.wallMs - r.validateMs - insert - compute),
      r.peakRssMb.toFixed(0),
      r.dbMb.toFixed(0),
      verdict(r),
    ];
  });
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i === cells.length - 1 ? cell : cell.padStart(widths[i]!))).join('  ');
  console.log(line(header));
  for (const row of rows) console.log(line(row));
  console.log(
    '\ninsert = delete + insert participants; compute = read participants + statistics engine; ' +
      'other = writing statistics, publishing, commit and close',
  );
}

async function main(): Promise<void> {
  const scales = (process.env.BENCH_SCALES ?? '1,100').split(',').map((text) => Number(text.trim()));
  if (scales.some((scale) => !Number.isFinite(scale) || scale <= 0))
    throw new Error(
      `BENCH_SCALES must be positive numbers separated by commas, got '${process.env.BENCH_SCALES}'`,
    );
  const seed = Number(process.env.BENCH_SEED ?? 1);
  const cpuProf = process.env.BENCH_CPU_PROF === '1';
  mkdirSync(RESULTS_DIR, { recursive: true });
  const machine = {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    memoryGb: Number((totalmem() / 1024 ** 3).toFixed(1)),
    node: process.version,
    loadAverageAtStart: loadavg().map((value) => Number(value.toFixed(2))),
  };
  console.log(
    `import benchmark: demo seed ${seed}, scales ${scales.join(', ')}; ${machine.cpus} CPUs, ` +
      `load average ${machine.loadAverageAtStart.join(' ')}, Node.js ${machine.node}\n`,
  );
  const results: ChildResult[] = [];
  for (const scale of scales) {
    process.stderr.write(`scale ${scale}…\n`);
    results.push(await runChild(scale, seed, cpuProf));
  }
  printTable(results);
  const file = join(RESULTS_DIR, 'import.json');
  writeFileSync(
    file,
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        machine,
        targets: TARGETS,
        steps: STEPS,
        results: results.map((result) => {
          const figures: Partial<ChildResult> = { ...result };
          delete figures.report;
          return { ...figures, verdict: verdict(result) };
        }),
      },
      null,
      2,
    )}\n`,
  );
  console.log(`\nresults in ${file}${cpuProf ? ' (CPU profiles next to it)' : ''}`);
  if (results.some((result) => verdict(result).startsWith('MISSED'))) process.exitCode = 1;
}

if (process.argv[2] === CHILD_FLAG) {
  const [scale, seed, dbPath] = process.argv.slice(3);
  await child(Number(scale), Number(seed), dbPath!);
} else {
  await main();
}
