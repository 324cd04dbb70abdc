import type { StoreLocation } from '../config/index.js';
import { GLOBAL_YEAR } from '../domain/categories.js';
import { openWriteStore, sqliteFileExists, type StoreUse } from '../store/open-store.js';
import { NO_PROGRESS, type Progress } from './progress.js';
import { recomputeInside } from './recompute.js';
import { withholdRemoved } from './removals.js';
import { collectParticipants, festivalYears, type RawParticipantRow } from './validate-rows.js';

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

const count = new Intl.NumberFormat('en-US');

/** A mistyped SQLite path is reported before a large file is read (StoreNotFoundError). */
export function expectStore(location: StoreLocation, use: StoreUse): void {
  if (location.engine === 'sqlite') sqliteFileExists(location.path, use);
}

/** What an import did; `store`: without credentials. */
export type ImportReport = Awaited<ReturnType<typeof importParticipants>>;

/**
 * Every row validated first (ImportRejected: nothing written); then, in one transaction,
 * the rows' years replaced, every statistic recomputed, those years and `global` published.
 */
export async function importParticipants(
  source: string,
  rows: Iterable<RawParticipantRow>,
  location: StoreLocation,
  /**
   * `use`: `write` when the store must exist, `create` to create a missing one; `expectedRows`:
   * for the time left; `minPublishedCount`: the small-count rule's `k` (else the one in force).
   */
  {
    use,
    expectedRows,
    progress = NO_PROGRESS,
    minPublishedCount,
  }: { use: 'write' | 'create'; expectedRows?: number; progress?: Progress; minPublishedCount?: number },
) {
  expectStore(location, use);
  progress.phase('validating', expectedRows);
  const collected = collectParticipants(rows, festivalYears(new Date().getFullYear()), (read) =>
    progress.update(read),
  );
  const { errors, years, records } = collected;
  if (errors.length > 0) {
    const lines = errors.slice(0, LISTED_ERRORS).map((error) => `${source}:${error.line}: ${error.reason}`);
    if (errors.length > LISTED_ERRORS)
      lines.push(`… and ${count.format(errors.length - LISTED_ERRORS)} more bad rows`);
    throw new ImportRejected([...lines, `${count.format(errors.length)} bad row(s): nothing was written`]);
  }
  if (records.length === 0) throw new ImportRejected([`${source}: no participant rows: nothing was written`]);

  progress.update(collected.rowsRead);
  progress.phase('opening the store');
  const store = await openWriteStore(location, use);
  try {
    const { statistics, published, imported, withheld } = await store.transaction(async (tx) => {
      progress.phase(`replacing ${years.join(', ')}`);
      await tx.deleteParticipantsOfYears(years);
      const { kept, withheld } = await withholdRemoved(tx, records);
      progress.phase('writing', kept.length);
      await tx.insertParticipants(kept, (inserted) => progress.update(inserted));
      await tx.recordSource(years, source);
      // Published before the statistics are computed: a year an operator had withheld is
      // counted again once its list is imported again.
      const published = [...years.map(String), GLOBAL_YEAR];
      await tx.setReady(published, true);
      const statistics = await recomputeInside(tx, progress, minPublishedCount);
      progress.phase('committing');
      return { statistics, published, imported: kept.length, withheld };
    });
    const { rowsRead, duplicates } = collected;
    return {
      store: store.description,
      rowsRead,
      imported,
      /** Rows left out because a removal was asked for their child (src/import/removals.ts). */
      withheld,
      duplicates,
      years,
      statistics,
      published,
    };
  } finally {
    await store.close();
  }
}
