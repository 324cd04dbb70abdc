import { createHmac } from 'node:crypto';
import { searchKey } from '../domain/names.js';
import type { ParticipantRecord } from '../domain/types.js';
import type { Removal, WriteStore, WriteTransaction } from '../store/store.js';
import { NO_PROGRESS, type Progress } from './progress.js';
import { keepingPublishedFigures } from './recompute.js';
import { transactionOrDryRun } from './year-changes.js';

/**
 * The store keeps no name of a removed child: HMAC-SHA256 of the name's search key
 * (normalised, lower case: what the search compares) and the exact school, keyed with
 * the store's secret. Without the secret a list of likely names cannot be tried against it.
 */
export function removalKey(secret: string, name: string, school: string): string {
  return createHmac('sha256', secret)
    .update(`${searchKey(name)}\n${school}`)
    .digest('hex');
}

/** A family's request: one child, by whole name and exact school, in one year or every year. */
export interface RemovalRequest {
  name: string;
  school: string;
  year?: number;
}

export interface RemovalReport {
  /** Without credentials. */
  store: string;
  school: string;
  year: number | undefined;
  /** Records deleted, and their years (ascending). */
  records: number;
  years: number[];
  /** Whether any participant of any year is in the school as written. */
  schoolKnown: boolean;
  /** False when the same removal was recorded before. */
  recorded: boolean;
  dryRun: boolean;
  /** After a committed removal: why the store's files may still hold the name (undefined: they do not). */
  notErased?: string;
}

/** Whether a removal of `removalYear` (undefined: every year) covers a record of `year`. */
const covers = (removalYear: number | undefined, year: number) =>
  removalYear === undefined || removalYear === year;

/**
 * Deletes the child's records and records the removal, in one transaction, leaving every
 * published figure as it was (`keepingPublishedFigures`); then overwrites what the deleted
 * rows left in the store's files.
 * A removal that matches nobody is recorded all the same: later imports honour it.
 */
export async function removeParticipant(
  store: WriteStore,
  { name, school, year }: RemovalRequest,
  { dryRun = false, progress = NO_PROGRESS }: { dryRun?: boolean; progress?: Progress } = {},
): Promise<RemovalReport> {
  const wanted = searchKey(name);
  const report = await transactionOrDryRun(store, dryRun, async (tx): Promise<RemovalReport> => {
    const inSchool = await tx.readSchoolParticipants(school);
    const matches = inSchool.filter(
      (record) => covers(year, record.year) && searchKey(record.name) === wanted,
    );
    const years = [...new Set(matches.map((record) => record.year))].sort((a, b) => a - b);
    const records = await keepingPublishedFigures(tx, years, async () => {
      let deleted = 0;
      for (const record of matches) deleted += await tx.deleteParticipant(record);
      return deleted;
    });
    const nameKey = removalKey(await tx.readRemovalSecret(), name, school);
    const recorded = await tx.recordRemoval({ nameKey, school, year, records });
    return {
      store: store.description,
      school,
      year,
      records,
      years,
      schoolKnown: inSchool.length > 0,
      recorded,
      dryRun,
    };
  });
  if (dryRun) return report;
  progress.phase('overwriting the deleted rows in the store');
  // The removal is committed: a failure here is reported with it, not as a failed command.
  const notErased = await store
    .eraseDeletedRows()
    .catch((error: unknown) => `${(error as Error).message} (run this command again)`);
  return notErased === undefined ? report : { ...report, notErased };
}

/**
 * The import's records but those of children whose removal was asked for (in that school,
 * for that year or every year); only rows of a school with a removal are hashed.
 */
export async function withholdRemoved(
  tx: WriteTransaction,
  records: readonly ParticipantRecord[],
): Promise<{ kept: readonly ParticipantRecord[]; withheld: number }> {
  const removals = await tx.readRemovals();
  if (removals.length === 0) return { kept: records, withheld: 0 };
  const secret = await tx.readRemovalSecret();
  const bySchool = new Map<string, Removal[]>();
  for (const removal of removals)
    bySchool.set(removal.school, [...(bySchool.get(removal.school) ?? []), removal]);
  const kept = records.filter((record) => {
    const ofSchool = bySchool.get(record.school);
    if (ofSchool === undefined) return true;
    const key = removalKey(secret, record.name, record.school);
    return !ofSchool.some((removal) => removal.nameKey === key && covers(removal.year, record.year));
  });
  return { kept, withheld: records.length - kept.length };
}
