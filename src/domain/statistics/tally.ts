import type { ParticipantRecord } from '../types.js';
import { splitFullName } from './split-name.js';
import { WordCounts } from './word-counts.js';

/** What the records of one scope (a year, or every year) add up to. */
export interface ScopeTally {
  participants: number;
  firstNames: WordCounts;
  /** Records bearing each surname; a record bearing the same surname twice counts once. */
  surnames: WordCounts;
  /** Records per school (the trimmed name). */
  schools: Map<string, number>;
  /** Per school: records per first-name key. */
  firstNamesBySchool: Map<string, Map<string, number>>;
}

export interface YearTally extends ScopeTally {
  year: number;
}

function emptyTally(): ScopeTally {
  return {
    participants: 0,
    firstNames: new WordCounts(),
    surnames: new WordCounts(),
    schools: new Map(),
    firstNamesBySchool: new Map(),
  };
}

function addTo<K>(counts: Map<K, number>, key: K, amount = 1): void {
  counts.set(key, (counts.get(key) ?? 0) + amount);
}

function namesOfSchool(tally: ScopeTally, school: string): Map<string, number> {
  let names = tally.firstNamesBySchool.get(school);
  if (names === undefined) {
    names = new Map();
    tally.firstNamesBySchool.set(school, names);
  }
  return names;
}

/** Records stored by hand may hold any number as a year: only 4-digit years are statistics. */
function isFourDigitYear(year: number): boolean {
  return Number.isInteger(year) && year >= 1000 && year <= 9999;
}

function addRecord(tally: ScopeTally, record: ParticipantRecord): void {
  tally.participants++;
  const school = typeof record.school === 'string' ? record.school.trim() : '';
  if (school !== '') addTo(tally.schools, school);

  const { firstName, surnames } = splitFullName(typeof record.name === 'string' ? record.name : '');
  if (firstName === '') return;
  const nameKey = tally.firstNames.add(firstName);
  if (school !== '') addTo(namesOfSchool(tally, school), nameKey);
  const [first, second] = surnames;
  if (first !== undefined) tally.surnames.add(first);
  if (second !== undefined && second.toLowerCase() !== first!.toLowerCase()) tally.surnames.add(second);
}

/**
 * The records tallied per year, years ascending. Records whose year is not a 4-digit
 * integer are left out; a record whose name is empty after normalisation still counts
 * as a participant of its year and school; a record whose school is empty after
 * trimming still counts for its year and its names, but for no school.
 */
export function tallyByYear(records: readonly ParticipantRecord[]): YearTally[] {
  const byYear = new Map<number, YearTally>();
  for (const record of records) {
    if (!isFourDigitYear(record.year)) continue;
    let tally = byYear.get(record.year);
    if (tally === undefined) {
      tally = { year: record.year, ...emptyTally() };
      byYear.set(record.year, tally);
    }
    addRecord(tally, record);
  }
  return [...byYear.values()].sort((a, b) => a.year - b.year);
}

/** Every year's tally added up: the scope of the global statistics. */
export function mergeTallies(years: readonly ScopeTally[]): ScopeTally {
  const all = emptyTally();
  for (const year of years) {
    all.participants += year.participants;
    all.firstNames.addAll(year.firstNames);
    all.surnames.addAll(year.surnames);
    for (const [school, count] of year.schools) addTo(all.schools, school, count);
    for (const [school, names] of year.firstNamesBySchool) {
      const merged = namesOfSchool(all, school);
      for (const [key, count] of names) addTo(merged, key, count);
    }
  }
  return all;
}
