import type { ReadStore, StoreVersion, YearRow } from '../store/store.js';
import { ShelfCollector } from './participant-index.js';
import type { SchoolShelf } from './school-shelf.js';
import { buildStatisticsCatalog, type StatisticsCatalog } from './statistics-catalog.js';

/** How often a long build says how far it got. */
export const PROGRESS_EVERY_MS = 1000;
/** Rows read between two looks at the clock. */
const ROWS_PER_CLOCK_CHECK = 8192;

export interface BuildProgress {
  phase: 'reading' | 'indexing';
  /** Participant rows read so far. */
  rows: number;
  /** Schools indexed so far, of `schoolCount` (while indexing). */
  schools?: number;
  schoolCount?: number;
}

/** The result of a build, apart from the shelves (handed over one by one as they are built). */
export interface BuildOutcome {
  /** The version read in the build's snapshot. */
  version: StoreVersion;
  catalog: StatisticsCatalog;
  rowsRead: number;
  readMs: number;
  indexMs: number;
}

/**
 * The years flagged not ready (unpublished): withdrawn from the search and the schools
 * as from the statistics, and kept in the store. A year without a flag is served, as
 * rows written by plain SQL are.
 */
export function withheldYears(years: readonly YearRow[]): number[] {
  return years.filter((row) => !row.isReady && /^[0-9]{4}$/.test(row.year)).map((row) => Number(row.year));
}

export interface BuildOutput {
  shelf(shelf: SchoolShelf): void;
  progress(progress: BuildProgress): void;
}

/**
 * One build of the whole read model from one snapshot of the store. The snapshot is let
 * go before the indexing, which needs no store. Runs in a worker thread (build-worker.ts);
 * it reads nothing of the server's.
 */
export async function buildModel(store: ReadStore, output: BuildOutput): Promise<BuildOutcome> {
  const started = performance.now();
  const collector = new ShelfCollector();
  let lastProgress = started;
  const take = (name: string, school: string, year: number) => {
    collector.take(name, school, year);
    if (
      collector.rows % ROWS_PER_CLOCK_CHECK === 0 &&
      performance.now() - lastProgress >= PROGRESS_EVERY_MS
    ) {
      lastProgress = performance.now();
      output.progress({ phase: 'reading', rows: collector.rows });
    }
  };

  const read = await store.readSnapshot(async (snapshot) => {
    const version = await snapshot.readVersion();
    const years = await snapshot.readYears();
    const statistics = await snapshot.readStatistics();
    const updating = await snapshot.readUpdating();
    await snapshot.readParticipants(withheldYears(years), take);
    return { version, years, statistics, updating };
  });
  const readMs = performance.now() - started;

  const catalog = buildStatisticsCatalog(read.years, read.statistics, read.updating);
  const schoolCount = collector.schools;
  let schools = 0;
  for (const shelf of collector.shelve()) {
    output.shelf(shelf);
    schools++;
    if (performance.now() - lastProgress >= PROGRESS_EVERY_MS) {
      lastProgress = performance.now();
      output.progress({ phase: 'indexing', rows: collector.rows, schools, schoolCount });
    }
  }
  return {
    version: read.version,
    catalog,
    rowsRead: collector.rows,
    readMs,
    indexMs: performance.now() - started - readMs,
  };
}
