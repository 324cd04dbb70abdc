import type { StoreLocation } from '../config/index.js';
import { GLOBAL_YEAR } from '../domain/categories.js';
import { openWriteStore, sqliteFileExists, type StoreUse } from '../store/open-store.js';
import { NO_PROGRESS, type Progress } from './progress.js';
import { recomputeInside } from './recompute.js';
import {
  collectParticipants,
  festivalYears,
  type RawParticipantRow,
  type RowError,
} from './validate-rows.js';

/** How many bad rows are listed before the rest are only counted. */
export const LISTED_ERRORS = 50;

/** An import refused before anything was written: the lines say why (`FILE:LINE: reason`). */
export class ImportRejected extends Error {
  constructor(readonly lines: string[]) {
    super(lines.join('\n'));
  }
}

const count = new Intl.NumberFormat('en-US');

export function describeRowErrors(source: string, errors: readonly RowError[]): string[] {
  const lines = errors.slice(0, LISTED_ERRORS).map((error) => `${source}:${error.line}: ${error.reason}`);
  if (errors.length > LISTED_ERRORS)
    lines.push(`… and ${count.format(errors.length - LISTED_ERRORS)} more bad rows`);
  lines.push(`${count.format(errors.length)} bad row(s): nothing was written`);
  return lines;
}

/** A mistyped SQLite path is reported before a large file is read (StoreNotFoundError). */
export function expectStore(location: StoreLocation, use: StoreUse): void {
  if (location.engine === 'sqlite') sqliteFileExists(location.path, use);
}

/** What an import did. */
export interface ImportReport {
  /** Where the data went, without credentials. */
  store: string;
  rowsRead: number;
  imported: number;
  duplicates: number;
  years: number[];
  statistics: number;
  published: string[];
}

export interface ImportOptions {
  /** `write`: the store must exist; `create`: a missing store is created. */
  use: Extract<StoreUse, 'write' | 'create'>;
  /** How many rows to expect, when known: the progress then shows the time left. */
  expectedRows?: number;
  progress?: Progress;
  /** The current year (festival years go up to the next one); the clock's by default. */
  currentYear?: number;
}

/**
 * The import of `import` and `demo`: every row is validated first (ImportRejected when
 * any is bad: nothing is written); then, in one transaction, the participants of the
 * rows' years are replaced, every statistic is recomputed from all stored participants,
 * and those years and `global` are published. Any failure leaves the previous data intact.
 */
export async function importParticipants(
  source: string,
  rows: Iterable<RawParticipantRow>,
  location: StoreLocation,
  { use, expectedRows, progress = NO_PROGRESS, currentYear = new Date().getFullYear() }: ImportOptions,
): Promise<ImportReport> {
  expectStore(location, use);
  progress.phase('validating', expectedRows);
  const collected = collectParticipants(rows, festivalYears(currentYear), (read) => progress.update(read));
  if (collected.errors.length > 0) throw new ImportRejected(describeRowErrors(source, collected.errors));
  if (collected.records.length === 0)
    throw new ImportRejected([`${source}: no participant rows: nothing was written`]);

  progress.update(collected.rowsRead);
  progress.phase('opening the store');
  const store = await openWriteStore(location, use);
  try {
    const { years, records } = collected;
    const { statistics, published } = await store.transaction(async (tx) => {
      progress.phase(`replacing ${years.join(', ')}`);
      await tx.deleteParticipantsOfYears(years);
      progress.phase('writing', records.length);
      await tx.insertParticipants(records, (inserted) => progress.update(inserted));
      await tx.recordSource(years, source);
      // Published before the statistics are computed: a year an operator had withheld is
      // counted again once its list is imported again.
      const published = [...years.map(String), GLOBAL_YEAR];
      await tx.setReady(published, true);
      const statistics = await recomputeInside(tx, progress);
      progress.phase('committing');
      return { statistics, published };
    });
    return {
      store: store.description,
      rowsRead: collected.rowsRead,
      imported: records.length,
      duplicates: collected.duplicates,
      years,
      statistics,
      published,
    };
  } finally {
    await store.close();
  }
}
