import { Worker } from 'node:worker_threads';
import type { StoreLocation } from '../config/index.js';
import { GLOBAL_YEAR } from '../domain/categories.js';
import { editionFingerprints, publishedFacts } from '../domain/statistics/name-facts.js';
import { DEFAULT_MIN_PUBLISHED_COUNT, recordsByEdition, tallyEdition } from '../domain/statistics/tally.js';
import { standingTally } from '../import/recompute.js';
import type { StoredTally } from '../store/store.js';
import type { ParticipantRecord } from '../domain/types.js';
import { openReadStore } from '../store/open-store.js';
import { ShelfCollector, type SchoolShelf } from './participant-index.js';
import { statisticsData } from './statistics-records.js';

export interface BuildProgress {
  phase: 'reading' | 'indexing';
  rows: number;
  schools?: number;
  schoolCount?: number;
}

/** What the build worker says, in this order: shelves and progress, then `done` or `failed`. */
export type WorkerMessage =
  | { type: 'shelf'; shelf: SchoolShelf }
  | { type: 'progress'; progress: BuildProgress }
  | { type: 'done'; outcome: Awaited<ReturnType<typeof buildReadModel>> }
  | { type: 'failed'; details: string };

/** CPU time of this thread since `start`, in ms. */
function cpuMsSince(start: NodeJS.CpuUsage | undefined): number | undefined {
  const cpu = start && process.threadCpuUsage(start);
  return cpu && (cpu.user + cpu.system) / 1000;
}

/** The read model of the store at `location`: its shelves are handed to `post` one by one, with progress. */
export async function buildReadModel(location: StoreLocation, post: (part: WorkerMessage) => void) {
  const started = performance.now();
  let lastProgress = started;
  const report = (progress: BuildProgress) => {
    if (performance.now() - lastProgress < 1000) return;
    lastProgress = performance.now();
    post({ type: 'progress', progress });
  };
  const cpuAtStart = process.threadCpuUsage?.();
  // One connection, closed before the indexing, which needs no store.
  const store = await openReadStore(
    location.engine === 'postgres'
      ? { ...location, settings: { ...location.settings, poolMax: 1 } }
      : location,
  );
  const collector = new ShelfCollector();
  const take = (name: string, school: string, year: number) => {
    collector.take(name, school, year);
    if (collector.rows % 8192 === 0) report({ phase: 'reading', rows: collector.rows });
  };
  const read = await store
    .readSnapshot(async (snapshot) => {
      const version = await snapshot.readVersion();
      const years = await snapshot.readYears();
      const statistics = await snapshot.readStatistics();
      const rule = await snapshot.readStatisticsRule();
      const tallies = await snapshot.readEditionTallies();
      const schoolLabels = await snapshot.readSchoolLabels();
      // A year without a flag (plain SQL) is served.
      const withheld = years.filter((row) => !row.isReady && /^[0-9]{4}$/.test(row.year));
      await snapshot.readParticipants(
        withheld.map((row) => Number(row.year)),
        take,
      );
      return { version, years, statistics, rule, tallies, schoolLabels };
    })
    .finally(() => store.close().catch(() => undefined));
  const readMs = performance.now() - started;

  const statistics = statisticsData(read.years, read.statistics);
  const namesStarted = process.threadCpuUsage?.();
  const editions = statistics.years
    .filter((year) => year !== GLOBAL_YEAR)
    .map(Number)
    .sort((a, b) => a - b);
  // Statistics stored without our rule (plain SQL): the default k, the careful side.
  const k = read.rule?.minPublishedCount ?? DEFAULT_MIN_PUBLISHED_COUNT;
  const { facts, namesMade } = factsOfEditions(read.tallies, () => collector.records(), editions, k);
  // As text: a string crosses from a worker in one copy, an object graph is cloned.
  const names = JSON.stringify(facts);
  const namesCpuMs = cpuMsSince(namesStarted);
  const schoolCount = collector.bySchool.size;
  let schools = 0;
  for (const shelf of collector.shelve()) {
    post({ type: 'shelf', shelf });
    report({ phase: 'indexing', rows: collector.rows, schools: ++schools, schoolCount });
  }
  const indexMs = performance.now() - started - readMs;
  const cpuMs = cpuMsSince(cpuAtStart);
  // `version`: as read inside the snapshot; `names`: `PublishedFacts` as JSON; `namesMade`: a stored
  // tally did not fit the rows served; `cpuMs` (wall times mislead on a busy machine) holds `namesCpuMs`.
  const { version, schoolLabels } = read;
  return {
    version,
    statistics,
    names,
    schoolLabels,
    namesMade,
    rowsRead: collector.rows,
    readMs,
    indexMs,
    cpuMs,
    namesCpuMs,
  };
}

/**
 * The published facts of the editions served: from their stored tallies where those still
 * stand for the rows read (they are final), else (plain SQL, an older version) from the rows.
 */
function factsOfEditions(
  stored: readonly StoredTally[],
  records: () => Iterable<ParticipantRecord>,
  editions: readonly number[],
  k: number,
) {
  const byYear = new Map(stored.map((row) => [row.year, row]));
  const fingerprints = editionFingerprints(records());
  let byEdition: Map<number, ParticipantRecord[]> | undefined;
  let namesMade = false;
  const tallies = editions.map((year) => {
    const tally = standingTally(byYear.get(year), fingerprints.get(year), k);
    if (tally) return tally;
    namesMade = true;
    byEdition ??= recordsByEdition(records());
    return tallyEdition(year, byEdition.get(year) ?? [], k);
  });
  return { facts: publishedFacts(tallies, k), namesMade };
}

/** From the TypeScript sources the worker registers tsx first: `--import` hooks do not reach workers. */
function spawnWorker(): Worker {
  return import.meta.url.endsWith('.ts')
    ? new Worker(
        `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(new URL('./build-worker.ts', import.meta.url).href)}); });`,
        { eval: true },
      )
    : new Worker(new URL('./build-worker.js', import.meta.url));
}

/**
 * Builds the read model in a worker that ends with the build (or `signal`); without `signal`, on this thread
 * (before anything is served: what a worker leaves when it ends stays resident, 15 MB of the idle demo).
 */
export async function runBuild(
  location: StoreLocation,
  onProgress: (progress: BuildProgress) => void,
  signal?: AbortSignal,
) {
  const shelves = new Map<string, SchoolShelf>();
  const take = (message: WorkerMessage) => {
    if (message.type === 'shelf') shelves.set(message.shelf.school, message.shelf);
    else if (message.type === 'progress') onProgress(message.progress);
  };
  if (!signal) return { ...(await buildReadModel(location, take)), shelves };
  signal.throwIfAborted();
  const worker = spawnWorker();
  const end = () => void worker.terminate();
  signal.addEventListener('abort', end);
  try {
    return await new Promise<Awaited<ReturnType<typeof buildReadModel>> & { shelves: typeof shelves }>(
      (resolve, reject) => {
        worker.on('message', (message: WorkerMessage) => {
          if (message.type === 'failed') reject(new Error(message.details));
          else if (message.type === 'done') resolve({ ...message.outcome, shelves });
          else take(message);
        });
        worker.on('error', reject);
        worker.on('exit', (code) => reject(new Error(`the build worker stopped (exit code ${code})`)));
        worker.postMessage(location);
      },
    );
  } finally {
    signal.removeEventListener('abort', end);
    end();
  }
}
