import { compareSpanish } from '../collation.js';
import { searchKey } from '../names.js';
import type { ParticipantRecord } from '../types.js';
import { splitFullName, type SplitName } from './split-name.js';

/**
 * The small-count rule's threshold when an operator has set none (DESIGN §5): no list
 * names a name that fewer children bear in its scope. 1 publishes every name, as the
 * public project did.
 */
export const DEFAULT_MIN_PUBLISHED_COUNT = 3;

/** Records per key. */
export type Counts = Map<string, number>;
/** Records per key and, within it, per a second key. */
export type NestedCounts = Map<string, Counts>;

/**
 * Up to `cap` distinct children per key, a child known by its whole name (case-insensitive):
 * enough to tell whether a key reaches the small-count threshold (DESIGN §5) without
 * keeping every child of a scope. Merging capped lists still tells it: a key some year
 * gives `cap` children has them, and a key no year does has complete lists.
 */
export class Bearers {
  private readonly children = new Map<string, string[]>();
  constructor(private readonly cap: number) {}

  add(key: string, child: string): void {
    const known = this.children.get(key);
    if (known === undefined) this.children.set(key, [child]);
    else if (known.length < this.cap && !known.includes(child)) known.push(child);
  }

  addAll(other: Bearers): void {
    for (const [key, children] of other.children) for (const child of children) this.add(key, child);
  }

  /** Whether at least `cap` distinct children bear `key`. */
  reach(key: string): boolean {
    return (this.children.get(key)?.length ?? 0) >= this.cap;
  }
}

/** Who bears each first name, surname, and first name within a school, in one scope. */
export interface ScopeBearers {
  firstNames: Bearers;
  surnames: Bearers;
  /** School → first-name key. */
  bySchool: Map<string, Bearers>;
}

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
  /** The children behind the counts, as far as the small-count rule needs them. */
  bearers: ScopeBearers;
}

export interface YearTally extends ScopeTally {
  year: number;
}

/** How a name counted case-insensitively is shown: its most frequent written form, ties in Spanish order. */
export function shownForm(written: Counts): string {
  let shown: [string, number] | undefined;
  for (const form of written)
    if (!shown || form[1] > shown[1] || (form[1] === shown[1] && compareSpanish(form[0], shown[0]) < 0))
      shown = form;
  return shown![0];
}

function emptyTally(cap: number): ScopeTally {
  return {
    participants: 0,
    firstNames: new Map(),
    surnames: new Map(),
    schools: new Map(),
    firstNamesBySchool: new Map(),
    bearers: { firstNames: new Bearers(cap), surnames: new Bearers(cap), bySchool: new Map() },
  };
}

function schoolBearers(bearers: ScopeBearers, school: string, cap: number): Bearers {
  let found = bearers.bySchool.get(school);
  if (found === undefined) bearers.bySchool.set(school, (found = new Bearers(cap)));
  return found;
}

function addTo(counts: Counts, key: string, records = 1): void {
  counts.set(key, (counts.get(key) ?? 0) + records);
}

function addNested(counts: NestedCounts, key: string, inner: string, records = 1): void {
  let inners = counts.get(key);
  if (inners === undefined) counts.set(key, (inners = new Map()));
  addTo(inners, inner, records);
}

/** A stored name as the statistics read it: its first name, its distinct surnames, and the child it stands for. */
export interface ReadName extends SplitName {
  /** The lowercase forms of `firstName` and `surnames`: what they are counted by. */
  firstKey: string;
  surnameKeys: string[];
  /** The whole name, normalised and lowercase: two records with the same are one child. */
  child: string;
}

/** How the statistics read a stored name; a record bearing the same surname twice bears it once. */
export function readName(name: unknown): ReadName {
  const text = typeof name === 'string' ? name : '';
  const { firstName, surnames } = splitFullName(text);
  const surnameKeys = surnames.map((surname) => surname.toLowerCase());
  const twice = surnameKeys.length === 2 && surnameKeys[0] === surnameKeys[1];
  return {
    firstName,
    surnames: twice ? surnames.slice(0, 1) : surnames,
    firstKey: firstName.toLowerCase(),
    surnameKeys: twice ? surnameKeys.slice(0, 1) : surnameKeys,
    child: searchKey(text),
  };
}

/** The school a record counts for: its trimmed name; `''` for none. */
export function schoolOf(school: unknown): string {
  return typeof school === 'string' ? school.trim() : '';
}

/** One record, already read, into a tally. */
function addRecord(tally: ScopeTally, school: string, name: ReadName, cap: number): void {
  const { firstName, firstKey: key, surnames, surnameKeys, child } = name;
  tally.participants++;
  if (school !== '') addTo(tally.schools, school);
  if (firstName === '') return;
  const { bearers } = tally;
  addNested(tally.firstNames, key, firstName);
  bearers.firstNames.add(key, child);
  if (school !== '') {
    addNested(tally.firstNamesBySchool, school, key);
    schoolBearers(bearers, school, cap).add(key, child);
  }
  for (let i = 0; i < surnames.length; i++) {
    addNested(tally.surnames, surnameKeys[i]!, surnames[i]!);
    bearers.surnames.add(surnameKeys[i]!, child);
  }
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
 * school. `cap`: how many children each name's bearers are counted up to (the
 * small-count threshold).
 */
export function tallyRecords(
  records: readonly ParticipantRecord[],
  cap: number,
): { years: YearTally[]; all: ScopeTally } {
  const byYear = new Map<number, YearTally>();
  const all = emptyTally(cap);
  for (const record of records) {
    if (!isFourDigitYear(record.year)) continue;
    let tally = byYear.get(record.year);
    if (tally === undefined) byYear.set(record.year, (tally = { year: record.year, ...emptyTally(cap) }));
    addRecord(tally, schoolOf(record.school), readName(record.name), cap);
  }
  const years = [...byYear.values()].sort((a, b) => a.year - b.year);
  for (const year of years) {
    all.participants += year.participants;
    for (const [school, records] of year.schools) addTo(all.schools, school, records);
    for (const field of ['firstNames', 'surnames', 'firstNamesBySchool'] as const) {
      for (const [key, inners] of year[field])
        for (const [inner, records] of inners) addNested(all[field], key, inner, records);
    }
    all.bearers.firstNames.addAll(year.bearers.firstNames);
    all.bearers.surnames.addAll(year.bearers.surnames);
    for (const [school, bearers] of year.bearers.bySchool)
      schoolBearers(all.bearers, school, cap).addAll(bearers);
  }
  return { years, all };
}
