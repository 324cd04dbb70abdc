import type { ParticipantRecord } from '../types.js';
import { splitFullName } from './split-name.js';

/** Records per key. */
export type Counts = Map<string, number>;
/** Records per key and, within it, per a second key. */
export type NestedCounts = Map<string, Counts>;

/** What the records of one scope (a year, or every year) add up to. */
export interface ScopeTally {
  participants: number;
  /**
   * Records per first name, counted case-insensitively (DESIGN §3) while keeping every
   * written form: lowercase key → written form → records, so that a name is shown as it
   * is most often written (`Ane`, not `ANE`).
   */
  firstNames: NestedCounts;
  /** As `firstNames`; a record bearing the same surname twice counts once. */
  surnames: NestedCounts;
  /** Records per school (the trimmed name). */
  schools: Counts;
  /** School → first-name key → records. */
  firstNamesBySchool: NestedCounts;
}

export interface YearTally extends ScopeTally {
  year: number;
}

function emptyTally(): ScopeTally {
  return {
    participants: 0,
    firstNames: new Map(),
    surnames: new Map(),
    schools: new Map(),
    firstNamesBySchool: new Map(),
  };
}

function addTo(counts: Counts, key: string, records = 1): void {
  counts.set(key, (counts.get(key) ?? 0) + records);
}

function addNested(counts: NestedCounts, key: string, inner: string, records = 1): void {
  let inners = counts.get(key);
  if (inners === undefined) {
    inners = new Map();
    counts.set(key, inners);
  }
  addTo(inners, inner, records);
}

/** One record, already split, into a tally. */
function addRecord(tally: ScopeTally, school: string, firstName: string, surnames: readonly string[]): void {
  tally.participants++;
  if (school !== '') addTo(tally.schools, school);
  if (firstName === '') return;
  const key = firstName.toLowerCase();
  addNested(tally.firstNames, key, firstName);
  if (school !== '') addNested(tally.firstNamesBySchool, school, key);
  for (const surname of surnames) addNested(tally.surnames, surname.toLowerCase(), surname);
}

/** Records stored by hand may hold any number as a year: only 4-digit years are statistics. */
function isFourDigitYear(year: number): boolean {
  return Number.isInteger(year) && year >= 1000 && year <= 9999;
}

/**
 * The records tallied per year (years ascending) and all together. Records whose year
 * is not a 4-digit integer are left out; a record whose name is empty after
 * normalisation still counts as a participant of its year and school; a record whose
 * school is empty after trimming still counts for its year and its names, but for no
 * school.
 */
export function tallyRecords(records: readonly ParticipantRecord[]): { years: YearTally[]; all: ScopeTally } {
  const byYear = new Map<number, YearTally>();
  const all = emptyTally();
  for (const record of records) {
    if (!isFourDigitYear(record.year)) continue;
    let tally = byYear.get(record.year);
    if (tally === undefined) {
      tally = { year: record.year, ...emptyTally() };
      byYear.set(record.year, tally);
    }
    const school = typeof record.school === 'string' ? record.school.trim() : '';
    const { firstName, surnames } = splitFullName(typeof record.name === 'string' ? record.name : '');
    const [first, second] = surnames;
    const distinct = second?.toLowerCase() === first?.toLowerCase() ? surnames.slice(0, 1) : surnames;
    addRecord(tally, school, firstName, distinct);
  }
  const years = [...byYear.values()].sort((a, b) => a.year - b.year);
  for (const year of years) {
    all.participants += year.participants;
    for (const [school, records] of year.schools) addTo(all.schools, school, records);
    for (const field of ['firstNames', 'surnames', 'firstNamesBySchool'] as const) {
      for (const [key, inners] of year[field])
        for (const [inner, records] of inners) addNested(all[field], key, inner, records);
    }
  }
  return { years, all };
}
