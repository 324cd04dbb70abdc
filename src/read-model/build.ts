/**
 * The build of the whole read model from one snapshot of the store, which hands the parts
 * over as they are made: each school's shelf, progress now and then, and the outcome. It
 * runs in a worker thread (build-worker.ts) or, before the server listens, on the server's
 * own (build-runner.ts says why).
 */
import type { StoreLocation } from '../config/index.js';
import { GLOBAL_YEAR } from '../domain/categories.js';
import { nameFactsOf, recordsFingerprint } from '../domain/statistics/name-facts.js';
import { DEFAULT_MIN_PUBLISHED_COUNT } from '../domain/statistics/tally.js';
import { openReadStore } from '../store/open-store.js';
import { ShelfCollector, type SchoolShelf } from './participant-index.js';
import { statisticsData } from './statistics-records.js';

/** Rows read so far, and while indexing the schools indexed so far, of `schoolCount`. */
export interface BuildProgress {
  phase: 'reading' | 'indexing';
  rows: number;
  schools?: number;
  schoolCount?: number;
}

/** The result of a build, apart from the shelves (handed over one by one as they are built). */
export type BuildOutcome = Awaited<ReturnType<typeof buildReadModel>>;

/** Where a build hands its parts: each school's shelf as it is built, and its progress. */
export interface BuildSink {
  shelf(shelf: SchoolShelf): void;
  progress(progress: BuildProgress): void;
}

/** CPU time of this thread since `start`, in ms (Node 23.9+). */
function cpuMsSince(start: NodeJS.CpuUsage | undefined): number | undefined {
  const cpu = start && process.threadCpuUsage(start);
  return cpu && (cpu.user + cpu.system) / 1000;
}

export async function buildReadModel(location: StoreLocation, sink: BuildSink) {
  const started = performance.now();
  let lastProgress = started;
  const report = (progress: BuildProgress) => {
    if (performance.now() - lastProgress < 1000) return; // once a second at most
    lastProgress = performance.now();
    sink.progress(progress);
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
    // A look at the clock every few thousand rows only.
    if (collector.rows % 8192 === 0) report({ phase: 'reading', rows: collector.rows });
  };
  const read = await store
    .readSnapshot(async (snapshot) => {
      const version = await snapshot.readVersion();
      const years = await snapshot.readYears();
      const statistics = await snapshot.readStatistics();
      const rule = await snapshot.readStatisticsRule();
      const storedNames = await snapshot.readNameFacts();
      // Not the years flagged not ready (unpublished); a year without a flag (plain SQL) is served.
      const withheld = years.filter((row) => !row.isReady && /^[0-9]{4}$/.test(row.year));
      await snapshot.readParticipants(
        withheld.map((row) => Number(row.year)),
        take,
      );
      return { version, years, statistics, rule, storedNames };
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
  // Made with the statistics, they are read; made here only when none fit what is served
  // (statistics loaded by plain SQL or by an older version, rows or a year's flag changed
  // by plain SQL since).
  const stored = read.storedNames;
  const namesMade = !(
    stored &&
    stored.minPublishedCount === k &&
    stored.editions === editions.join(',') &&
    stored.recordsFingerprint === recordsFingerprint(collector.records(), editions)
  );
  // As text: a string crosses from a worker in one copy, an object graph is cloned.
  const names = namesMade ? JSON.stringify(nameFactsOf(collector.records(), editions, k)) : stored!.json;
  const namesCpuMs = cpuMsSince(namesStarted);
  const schoolCount = collector.bySchool.size;
  let schools = 0;
  for (const shelf of collector.shelve()) {
    sink.shelf(shelf);
    report({ phase: 'indexing', rows: collector.rows, schools: ++schools, schoolCount });
  }
  const indexMs = performance.now() - started - readMs;
  const cpuMs = cpuMsSince(cpuAtStart);
  return {
    /** The store's version as read inside the snapshot: the version of what was built. */
    version: read.version,
    statistics,
    /** The name pages' facts (`NameFactsData`) as JSON. */
    names,
    /** True when no stored name facts fitted and the build made them. */
    namesMade,
    rowsRead: collector.rows,
    readMs,
    indexMs,
    /** CPU time of this thread for the build (wall times mislead on a busy machine); Node 23.9+. */
    cpuMs,
    /** CPU time of this thread for the name facts, read or made (a part of `cpuMs`). */
    namesCpuMs,
  };
}
