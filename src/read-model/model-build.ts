import type { ChangeVersions, ReadStore } from '../store/store.js';
import { planBuild, type BuildMode, type ServedSummary } from './build-plan.js';
import { ShelfCollector } from './participant-index.js';
import type { SchoolShelf } from './school-shelf.js';
import { buildStatisticsCatalog, type StatisticsCatalog } from './statistics-catalog.js';

/** How often a long build says how far it got. */
export const PROGRESS_EVERY_MS = 1000;
/** Rows read between two looks at the clock. */
const ROWS_PER_CLOCK_CHECK = 8192;

export interface BuildRequest {
  mode: BuildMode;
  /** The model in service; undefined for the first one. */
  served: ServedSummary | undefined;
}

/** What became of the participant directory: kept, rebuilt from every row, or some years read again. */
export type DirectoryChange = { kind: 'kept' } | { kind: 'full' } | { kind: 'overlay'; years: number[] };

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
  /** The versions read in the build's snapshot. */
  versions: ChangeVersions;
  /** The new catalogue, or undefined when the one in service stays. */
  catalog: StatisticsCatalog | undefined;
  directory: DirectoryChange;
  rowsRead: number;
  readMs: number;
  indexMs: number;
}

export interface BuildOutput {
  shelf(shelf: SchoolShelf): void;
  progress(progress: BuildProgress): void;
}

/**
 * One build of what changed in the read model, from one snapshot of the store: what to
 * read is decided inside the snapshot (comparing its versions with the model in service),
 * and everything is read in it. The snapshot is let go before the indexing, which needs
 * no store. Runs in a worker thread (build-worker.ts); it reads nothing of the server's.
 */
export async function buildModelPart(
  store: ReadStore,
  request: BuildRequest,
  output: BuildOutput,
): Promise<BuildOutcome> {
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
    const versions = await snapshot.readChangeVersions();
    const plan = planBuild(request.served, versions, request.mode);
    const catalogRows = plan.catalog
      ? {
          years: await snapshot.readYears(),
          statistics: await snapshot.readStatistics(),
          updating: await snapshot.readUpdating(),
        }
      : undefined;
    const years = typeof plan.participants === 'object' ? plan.participants.years : undefined;
    if (plan.participants !== 'keep') await snapshot.readParticipants(years, take);
    const directory: DirectoryChange =
      plan.participants === 'keep'
        ? { kind: 'kept' }
        : years === undefined
          ? { kind: 'full' }
          : { kind: 'overlay', years };
    return { versions, catalogRows, directory };
  });
  const readMs = performance.now() - started;

  const catalog =
    read.catalogRows &&
    buildStatisticsCatalog(read.catalogRows.years, read.catalogRows.statistics, read.catalogRows.updating);
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
    versions: read.versions,
    catalog,
    directory: read.directory,
    rowsRead: collector.rows,
    readMs,
    indexMs: performance.now() - started - readMs,
  };
}
