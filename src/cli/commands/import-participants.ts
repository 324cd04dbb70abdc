import type { StoreLocation } from '../../config/index.js';
import {
  collectParticipants,
  festivalYears,
  type RawParticipantRow,
  type RowError,
} from '../../import/validate-rows.js';
import { replaceYearsAndPublish } from '../../import/publish.js';
import { openWriteStore, sqliteFileExists, type StoreUse } from '../../store/open-store.js';
import { endProgress, formatCount, formatSeconds, progress, table } from '../output.js';

/** How many bad rows are listed before the rest are only counted. */
export const LISTED_ERRORS = 50;

export class ImportRejected extends Error {
  constructor(readonly lines: string[]) {
    super(lines.join('\n'));
  }
}

export function describeRowErrors(source: string, errors: readonly RowError[]): string[] {
  const lines = errors.slice(0, LISTED_ERRORS).map((error) => `${source}:${error.line}: ${error.reason}`);
  if (errors.length > LISTED_ERRORS)
    lines.push(`… and ${formatCount(errors.length - LISTED_ERRORS)} more bad rows`);
  lines.push(`${formatCount(errors.length)} bad row(s): nothing was written`);
  return lines;
}

/** A mistyped SQLite path is reported before a large file is read (StoreNotFoundError). */
export function expectStore(location: StoreLocation, use: StoreUse): void {
  if (location.engine === 'sqlite') sqliteFileExists(location.path, use);
}

/**
 * The import path shared by `import` and `demo`: validate every row, then replace
 * the file's years, recompute and publish in one transaction. Returns the report.
 */
export async function importRows(
  source: string,
  rows: Iterable<RawParticipantRow>,
  location: StoreLocation,
  use: Extract<StoreUse, 'write' | 'create'>,
): Promise<string> {
  expectStore(location, use);
  const started = performance.now();
  const collected = collectParticipants(rows, festivalYears(new Date().getFullYear()), (read) =>
    progress(`validating… ${formatCount(read)} rows`),
  );
  endProgress();
  if (collected.errors.length > 0) throw new ImportRejected(describeRowErrors(source, collected.errors));
  if (collected.records.length === 0)
    throw new ImportRejected([`${source}: no participant rows: nothing was written`]);

  progress(`writing ${formatCount(collected.records.length)} participants and computing statistics…`);
  const store = await openWriteStore(location, use);
  try {
    const outcome = await replaceYearsAndPublish(store, collected.records, collected.years);
    endProgress();
    return [
      `imported ${source} into ${store.description}`,
      table([
        ['rows read', formatCount(collected.rowsRead)],
        ['imported', formatCount(collected.records.length)],
        ['duplicates', formatCount(collected.duplicates)],
        ['years', collected.years.join(', ')],
        ['statistics', `${formatCount(outcome.statistics)} rows`],
        ['published', outcome.published.join(', ')],
        ['time', formatSeconds(performance.now() - started)],
      ]),
    ].join('\n');
  } finally {
    endProgress();
    await store.close();
  }
}
