import { createHmac } from 'node:crypto';
import { searchKey } from '../domain/names.js';
import { sameChildKey, sameSchoolKey } from '../domain/same-child-key.js';
import type { ParticipantRecord } from '../domain/types.js';
import type { Removal, WriteStore, WriteTransaction } from '../store/store.js';
import { NO_PROGRESS, type Progress } from './progress.js';
import { keepingPublishedFigures } from './recompute.js';
import { transactionOrDryRun } from './year-changes.js';

/** What marks a key of `sameChildKey` in `tamborrada_removals` (an earlier version's keys have no prefix). */
const ACROSS_SPELLINGS = 'v2:';

const keyedHash = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

/**
 * The store keeps no name of a removed child: HMAC-SHA256 of `sameChildKey` (the name and
 * the school however spelt), keyed with the store's secret. Without the secret a list of
 * likely names cannot be tried against it.
 */
export function removalKey(secret: string, name: string, school: string): string {
  return ACROSS_SPELLINGS + keyedHash(secret, sameChildKey(name, school));
}

/**
 * The key an earlier version recorded: the name as the search compares it and the school
 * exactly as typed. Its entries cannot be keyed anew (the store keeps no name): they are
 * honoured as they were, and no new one is written.
 */
export function exactSpellingRemovalKey(secret: string, name: string, school: string): string {
  return keyedHash(secret, `${searchKey(name)}\n${school}`);
}

/** Whether a removal holds across spellings (false: recorded by an earlier version, for its exact spellings). */
export const holdsAcrossSpellings = (removal: Pick<Removal, 'nameKey'>) =>
  removal.nameKey.startsWith(ACROSS_SPELLINGS);

/** A family's request: one child, by whole name and school, in one year or every year. */
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
  /** Whether any participant of any year is in the school, however spelt. */
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

/** The child's stored records: its name in its school, each however spelt (`sameChildKey`). */
async function readChildRecords(tx: WriteTransaction, name: string, school: string) {
  const wanted = sameChildKey(name, school);
  const schools = (await tx.readSchools()).filter(
    (stored) => sameSchoolKey(stored) === sameSchoolKey(school),
  );
  const records: ParticipantRecord[] = [];
  for (const stored of schools)
    for (const record of await tx.readSchoolParticipants(stored))
      if (sameChildKey(record.name, record.school) === wanted) records.push(record);
  return { records, schoolKnown: schools.length > 0 };
}

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
  const report = await transactionOrDryRun(store, dryRun, async (tx): Promise<RemovalReport> => {
    const child = await readChildRecords(tx, name, school);
    const matches = child.records.filter((record) => covers(year, record.year));
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
      schoolKnown: child.schoolKnown,
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
 * Whether a list's record is a removed child's (in that year): a removal of this version
 * matches its name and school however spelt, one of an earlier version as it did then.
 * Only the rows of a school some removal names are hashed.
 */
function removalMatcher(secret: string, removals: readonly Removal[]) {
  const years = new Map<string, (number | undefined)[]>();
  for (const { nameKey, year } of removals) years.set(nameKey, [...(years.get(nameKey) ?? []), year]);
  const removed = (nameKey: string, year: number) =>
    years.get(nameKey)?.some((removalYear) => covers(removalYear, year)) ?? false;
  const schoolsOf = (across: boolean) =>
    removals.filter((removal) => holdsAcrossSpellings(removal) === across).map((removal) => removal.school);
  const spelt = new Set(schoolsOf(true).map(sameSchoolKey));
  const exact = new Set(schoolsOf(false));
  // A list names few schools, each on many rows: each school's key is made once.
  const schoolNamed = new Map<string, boolean>();
  const spellingNamed = (school: string) =>
    schoolNamed.get(school) ?? schoolNamed.set(school, spelt.has(sameSchoolKey(school))).get(school)!;
  return ({ name, school, year }: ParticipantRecord) =>
    (spellingNamed(school) && removed(removalKey(secret, name, school), year)) ||
    (exact.has(school) && removed(exactSpellingRemovalKey(secret, name, school), year));
}

/** Where the removals are read from: an import's transaction, or the store itself for a dry run. */
export type RemovalsSource = Pick<WriteTransaction, 'readRemovals' | 'readRemovalSecret'>;

/**
 * The import's records but those of children whose removal was asked for (in that school,
 * for that year or every year); `withheld`: the indexes of the others in `records`, ascending.
 */
export async function withholdRemoved(
  source: RemovalsSource,
  records: readonly ParticipantRecord[],
): Promise<{ kept: readonly ParticipantRecord[]; withheld: number[] }> {
  const removals = await source.readRemovals();
  if (removals.length === 0) return { kept: records, withheld: [] };
  const isRemoved = removalMatcher(await source.readRemovalSecret(), removals);
  const kept: ParticipantRecord[] = [];
  const withheld: number[] = [];
  records.forEach((record, index) => (isRemoved(record) ? withheld.push(index) : kept.push(record)));
  return { kept, withheld };
}
