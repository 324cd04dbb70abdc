import { createHmac } from 'node:crypto';
import { searchKey } from '../domain/names.js';
import { sameChildKey, sameSchoolKey } from '../domain/same-child-key.js';
import type { ParticipantRecord } from '../domain/types.js';
import type { Removal, WriteStore, WriteTransaction } from '../store/store.js';
import { NO_PROGRESS, type Progress } from './progress.js';
import { keepingPublishedFigures } from './recompute.js';
import { transactionOrDryRun } from './year-changes.js';

/** Marks a key of `sameChildKey` (an earlier version's keys have no prefix). */
const ACROSS_SPELLINGS = 'v2:';

const keyedHash = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

/**
 * HMAC-SHA256 of `sameChildKey` (name and school however spelt) keyed with the store's
 * secret: without it, a list of likely names cannot be tried against the store.
 */
export function removalKey(secret: string, name: string, school: string): string {
  return ACROSS_SPELLINGS + keyedHash(secret, sameChildKey(name, school));
}

/** An earlier version's key (the name as searched, the school as typed): honoured, never written. */
export function exactSpellingRemovalKey(secret: string, name: string, school: string): string {
  return keyedHash(secret, `${searchKey(name)}\n${school}`);
}

/** False: recorded by an earlier version, for its exact spellings. */
export const holdsAcrossSpellings = (removal: Pick<Removal, 'nameKey'>) =>
  removal.nameKey.startsWith(ACROSS_SPELLINGS);

/** A family's request: one child, by whole name and school, in one year or every year. */
export interface RemovalRequest {
  name: string;
  school: string;
  year?: number;
}

export interface RemovalReport {
  store: string;
  school: string;
  year: number | undefined;
  records: number;
  years: number[];
  /** Whether any participant of any year is in the school, however spelt. */
  schoolKnown: boolean;
  /** False when the same removal was recorded before. */
  recorded: boolean;
  dryRun: boolean;
  /** Why the store's files may still hold the name. */
  notErased?: string;
}

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
 * Deletes the child's records and records the removal (even of nobody: later imports honour
 * it), every published figure kept; then overwrites what the rows left in the store's files.
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

/** Whether a list's record is a removed child's; only the rows of a school a removal names are hashed. */
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

/** The records but those of removed children; `withheld`: the lines and years of these. */
export async function withholdRemoved(
  source: Pick<WriteTransaction, 'readRemovals' | 'readRemovalSecret'>,
  records: readonly ParticipantRecord[],
  lines: readonly number[],
) {
  const removals = await source.readRemovals();
  const isRemoved = removals.length > 0 && removalMatcher(await source.readRemovalSecret(), removals);
  const kept: ParticipantRecord[] = [];
  const withheld: { line: number; year: number }[] = [];
  records.forEach((record, k) =>
    isRemoved && isRemoved(record)
      ? withheld.push({ line: lines[k]!, year: record.year })
      : kept.push(record),
  );
  return { kept, withheld, removalsUnchecked: false };
}
