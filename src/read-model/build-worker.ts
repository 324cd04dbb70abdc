/**
 * A worker thread that builds the whole read model from one snapshot of the store and
 * hands the parts over as they are made: each school's shelf (its typed arrays moved, not
 * copied), progress now and then, and the outcome.
 */
import { parentPort } from 'node:worker_threads';
import type { StoreLocation } from '../config/index.js';
import { openReadStore } from '../store/open-store.js';
import { describeStoreError } from '../store/store-errors.js';
import type { StoreVersion } from '../store/store.js';
import type { WorkerMessage } from './build-runner.js';
import { shelfBuffers, ShelfCollector } from './participant-index.js';
import { statisticsData, type StatisticsData } from './statistics-records.js';

/** Rows read so far, and while indexing the schools indexed so far, of `schoolCount`. */
export interface BuildProgress {
  phase: 'reading' | 'indexing';
  rows: number;
  schools?: number;
  schoolCount?: number;
}

/** The result of a build, apart from the shelves (handed over one by one as they are built). */
export interface BuildOutcome {
  /** The store's version as read inside the snapshot: the version of what was built. */
  version: StoreVersion;
  statistics: StatisticsData;
  rowsRead: number;
  readMs: number;
  indexMs: number;
  /** CPU time of this thread for the build (wall times mislead on a busy machine); Node 23.9+. */
  cpuMs: number | undefined;
}

const post = (message: WorkerMessage, transfer: ArrayBuffer[] = []) =>
  parentPort!.postMessage(message, transfer);
let lastProgress = performance.now();
const report = (progress: BuildProgress) => {
  if (performance.now() - lastProgress < 1000) return; // once a second at most
  lastProgress = performance.now();
  post({ type: 'progress', progress });
};

async function build(location: StoreLocation): Promise<BuildOutcome> {
  const started = (lastProgress = performance.now());
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
    // A look at the clock every few thousand rows only.
    if (collector.rows % 8192 === 0) report({ phase: 'reading', rows: collector.rows });
  };
  const read = await store
    .readSnapshot(async (snapshot) => {
      const version = await snapshot.readVersion();
      const years = await snapshot.readYears();
      const statistics = await snapshot.readStatistics();
      // Not the years flagged not ready (unpublished); a year without a flag (plain SQL) is served.
      const withheld = years.filter((row) => !row.isReady && /^[0-9]{4}$/.test(row.year));
      await snapshot.readParticipants(
        withheld.map((row) => Number(row.year)),
        take,
      );
      return { version, years, statistics };
    })
    .finally(() => store.close().catch(() => undefined));
  const readMs = performance.now() - started;

  const statistics = statisticsData(read.years, read.statistics);
  const schoolCount = collector.bySchool.size;
  let schools = 0;
  for (const shelf of collector.shelve()) {
    post({ type: 'shelf', shelf }, shelfBuffers(shelf));
    report({ phase: 'indexing', rows: collector.rows, schools: ++schools, schoolCount });
  }
  const indexMs = performance.now() - started - readMs;
  const cpu = cpuAtStart && process.threadCpuUsage(cpuAtStart);
  const cpuMs = cpu && (cpu.user + cpu.system) / 1000;
  return { version: read.version, statistics, rowsRead: collector.rows, readMs, indexMs, cpuMs };
}

// One build per worker, of the store the first message locates.
parentPort!.once('message', (location: StoreLocation) => {
  build(location).then(
    (outcome) => post({ type: 'done', outcome }),
    (error: unknown) => post({ type: 'failed', details: describeStoreError(error) }),
  );
});
