import type { StoreLocation } from '../config/index.js';
import { GLOBAL_YEAR } from '../domain/categories.js';
import { englishFigure } from '../domain/english-words.js';
import { openWriteStore, sqliteFileExists, type StoreUse } from '../store/open-store.js';
import { isPostgresPermissionDenied } from '../store/store-errors.js';
import { NO_PROGRESS, type Progress } from './progress.js';
import { recomputeInside } from './recompute.js';
import type { ParticipantRecord } from '../domain/types.js';
import type { WriteTransaction, YearStatus } from '../store/store.js';
import { compareLists, storedListsTaker, type YearListChange } from './list-changes.js';
import {
  collectParticipants,
  DEFAULT_TEXT_LIMITS,
  festivalYears,
  type RawParticipantRow,
  type TextLimits,
} from './validate-rows.js';
import { withholdRemoved } from './removals.js';

/** How many bad rows are listed before the rest are only counted. */
const LISTED_ERRORS = 50;

/** A file refused before anything was written: the lines say why (`FILE:LINE: reason`). */
export class ImportRejected extends Error {
  constructor(readonly lines: string[]) {
    super(lines.join('\n'));
  }

  /** One bad line of a file. */
  static at(source: string, line: number, reason: string): ImportRejected {
    return new ImportRejected([`${source}:${line}: ${reason}`, 'nothing was written']);
  }
}

/** A mistyped SQLite path is reported before a large file is read. */
export function expectStore(location: StoreLocation, use: StoreUse): void {
  if (location.engine === 'sqlite') sqliteFileExists(location.path, use);
}

/** What an import did, or would do (`dryRun`); `store`: without credentials. */
export type ImportReport = Awaited<ReturnType<typeof importParticipants>>;

/** Importing would write nothing: the lists' years and `global` are published and hold exactly these children. */
function changesNothing(statuses: readonly YearStatus[], changes: readonly YearListChange[]): boolean {
  const published = (year: string) => statuses.some((status) => status.year === year && status.isReady);
  return (
    [...changes.map((change) => String(change.year)), GLOBAL_YEAR].every(published) &&
    changes.every((change) => change.added === 0 && change.removed === 0)
  );
}

/** Whether the store holds these lists already, under the same rule (counts first: a changed list reads no more). */
async function holdsAlready(
  tx: WriteTransaction,
  records: readonly ParticipantRecord[],
  years: readonly number[],
  minPublishedCount: number | undefined,
): Promise<boolean> {
  if (minPublishedCount !== undefined) {
    const rule = await tx.readStatisticsRule();
    if (rule?.minPublishedCount !== minPublishedCount) return false;
  }
  const statuses = await tx.readYearStatuses();
  const storedCount = new Map(statuses.map((status) => [status.year, status.participants]));
  const listedCount = new Map<number, number>();
  for (const { year } of records) listedCount.set(year, (listedCount.get(year) ?? 0) + 1);
  if ([...listedCount].some(([year, count]) => storedCount.get(String(year)) !== count)) return false;
  const { stored, take } = storedListsTaker(years);
  for (const { name, school, year } of await tx.readParticipants()) take(name, school, year);
  return changesNothing(statuses, compareLists(records, stored));
}

/** Every row validated; ImportRejected (nothing written) names the first bad lines. */
function validatedRows(
  source: string,
  rows: Iterable<RawParticipantRow>,
  progress: Progress,
  expectedRows: number | undefined,
  limits: TextLimits,
) {
  progress.phase('validating', expectedRows);
  const { errors, ...collected } = collectParticipants(
    rows,
    festivalYears(new Date().getFullYear()),
    (read) => progress.update(read),
    limits,
  );
  if (errors.length > 0) {
    const lines = errors.slice(0, LISTED_ERRORS).map((error) => `${source}:${error.line}: ${error.reason}`);
    if (errors.length > LISTED_ERRORS)
      lines.push(`… and ${englishFigure(errors.length - LISTED_ERRORS)} more bad rows`);
    throw new ImportRejected([...lines, `${englishFigure(errors.length)} bad row(s): nothing was written`]);
  }
  if (collected.records.length === 0)
    throw new ImportRejected([`${source}: no participant rows: nothing was written`]);
  progress.update(collected.rowsRead);
  return collected;
}

/** A list's records and the line each came from (by index). */
type ListedRecords = { records: readonly ParticipantRecord[]; lines: readonly number[] };

const NOTHING_WRITTEN = { statistics: 0, published: [] };

/** A dry run: reads only, and says per year what the import would change. */
async function compareOnly(
  location: StoreLocation,
  missingFile: string | undefined,
  list: ListedRecords,
  years: readonly number[],
  progress: Progress,
) {
  const store = missingFile === undefined ? await openWriteStore(location, 'read') : undefined;
  try {
    progress.phase('reading the stored lists');
    const unchecked = { kept: list.records, withheld: [], removalsUnchecked: false };
    // Nothing is withheld from a store yet to be created; the servers' role reads the removals but not their key.
    const { kept, withheld, removalsUnchecked } = !store
      ? unchecked
      : await withholdRemoved(store, list.records, list.lines).catch((error: unknown) => {
          if (isPostgresPermissionDenied(error)) return { ...unchecked, removalsUnchecked: true };
          throw error;
        });
    const { stored, take } = storedListsTaker(years);
    await store?.readSnapshot((snapshot) => snapshot.readParticipants([], take));
    const statuses = (await store?.readYearStatuses()) ?? [];
    const changes = compareLists(kept, stored, withheld);
    return {
      ...NOTHING_WRITTEN,
      store: store?.description ?? `sqlite:${missingFile}`,
      imported: kept.length,
      withheld,
      removalsUnchecked,
      changes,
      unchanged: changesNothing(statuses, changes),
    };
  } finally {
    await store?.close();
  }
}

/** In one transaction: the rows' years replaced and published with `global`, every statistic recomputed. */
async function writeLists(
  tx: WriteTransaction,
  source: string,
  list: ListedRecords,
  years: readonly number[],
  progress: Progress,
  minPublishedCount: number | undefined,
) {
  // A child a family had removed is left out before the list is compared or written.
  const { kept, withheld, removalsUnchecked } = await withholdRemoved(tx, list.records, list.lines);
  progress.phase('comparing with the stored lists');
  if (await holdsAlready(tx, kept, years, minPublishedCount))
    return { ...NOTHING_WRITTEN, imported: kept.length, withheld, removalsUnchecked, unchanged: true };
  progress.phase(`replacing ${years.join(', ')}`);
  await tx.deleteParticipantsOfYears(years);
  progress.phase('writing', kept.length);
  await tx.insertParticipants(kept, (inserted) => progress.update(inserted));
  await tx.recordSource(years, source);
  // Published before the statistics are computed: a year withheld is counted again once reimported.
  const published = [...years.map(String), GLOBAL_YEAR];
  await tx.setReady(published, true);
  const statistics = await recomputeInside(tx, progress, minPublishedCount);
  progress.phase('committing');
  return { statistics, published, imported: kept.length, withheld, removalsUnchecked, unchanged: false };
}

/** Every row validated first (ImportRejected: nothing written), then written; a list held already writes nothing. */
export async function importParticipants(
  source: string,
  rows: Iterable<RawParticipantRow>,
  location: StoreLocation,
  {
    use,
    expectedRows,
    progress = NO_PROGRESS,
    limits = DEFAULT_TEXT_LIMITS,
    minPublishedCount,
    dryRun = false,
  }: {
    use: 'write' | 'create';
    expectedRows?: number;
    progress?: Progress;
    limits?: TextLimits;
    dryRun?: boolean;
    /** `k`, else the one in force. */
    minPublishedCount?: number;
  },
) {
  // A missing store is said before a long file is read; a dry run compares a file yet to be created with nothing.
  const missingFile =
    location.engine === 'sqlite' && !sqliteFileExists(location.path, use) ? location.path : undefined;
  const { records, lines, years, ...counts } = validatedRows(source, rows, progress, expectedRows, limits);
  const list = { records, lines };
  // The short names of rows a removal withholds are not imported: nothing to warn of.
  const reported = <T extends { withheld: { line: number }[] }>(outcome: T) => {
    const withheld = new Set(outcome.withheld.map((row) => row.line));
    const shortNames = counts.shortNames.filter((short) => !withheld.has(short.line));
    return { ...counts, shortNames, years, dryRun, ...outcome };
  };
  progress.phase('opening the store');
  if (dryRun) return reported(await compareOnly(location, missingFile, list, years, progress));
  const store = await openWriteStore(location, use);
  try {
    const written = await store.transaction((tx) =>
      writeLists(tx, source, list, years, progress, minPublishedCount),
    );
    return reported({ ...written, store: store.description, changes: [] });
  } finally {
    await store.close();
  }
}
