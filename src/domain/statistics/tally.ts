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

/** A first name or surname in one edition: borne there by at least `k` children. */
export interface NameCell {
  /** Lowercase: two spellings with the same key are one name (DESIGN §3). */
  key: string;
  /** Each written form with its records, so that a name is shown as it is most often written. */
  forms: [form: string, records: number][];
  records: number;
  /** Distinct children (by whole name, case-insensitive) behind the records. */
  children: number;
}

/** A first name or surname within one school in one edition: borne there by at least `k` of its children. */
export interface SchoolNameCell {
  key: string;
  records: number;
  children: number;
}

/** One school in one edition: its records (exact), and its names that reach `k`. */
export interface SchoolCell {
  school: string;
  records: number;
  firstNames: SchoolNameCell[];
  surnames: SchoolNameCell[];
}

/**
 * What one edition publishes, and nothing under the small-count rule (DESIGN §5): its
 * participants and schools' records exactly, how many distinct first names and surnames
 * it had, and only the names (and names within a school) that at least `k` children bore
 * there. Made from the edition's list when the list is imported and kept as it is from
 * then on: every statistic and every name page is made from these, so that a removal
 * changes no published figure (docs/security.md, "Published figures are final").
 */
export interface EditionTally {
  year: number;
  /** Every cell is borne by at least this many children. */
  k: number;
  participants: number;
  distinctFirstNames: number;
  distinctSurnames: number;
  firstNames: NameCell[];
  surnames: NameCell[];
  /** Schools by name (byte order), each with at least one record. */
  schools: SchoolCell[];
}

/** How a name counted case-insensitively is shown: its most frequent written form, ties in Spanish order. */
export function shownForm(written: Iterable<readonly [string, number]>): string {
  let shown: readonly [string, number] | undefined;
  for (const form of written)
    if (!shown || form[1] > shown[1] || (form[1] === shown[1] && compareSpanish(form[0], shown[0]) < 0))
      shown = form;
  return shown![0];
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

/** Records stored by hand may hold any number as a year: only 4-digit years are statistics. */
export function isFourDigitYear(year: number): boolean {
  return Number.isInteger(year) && year >= 1000 && year <= 9999;
}

/** A name's records and children while an edition is counted. */
class Tallied {
  records = 0;
  children = 0;
  readonly forms: Counts = new Map();
}

function tallied(names: Map<string, Tallied>, key: string): Tallied {
  let found = names.get(key);
  if (found === undefined) names.set(key, (found = new Tallied()));
  return found;
}

/** One school while an edition is counted: the children seen there, by whole name. */
class SchoolTally {
  records = 0;
  readonly children = new Set<string>();
  readonly firstNames = new Map<string, Tallied>();
  readonly surnames = new Map<string, Tallied>();
}

/** Adds one record; `newChild`: the first record of this child in the scope. */
function addName(
  names: Map<string, Tallied>,
  key: string,
  form: string | undefined,
  newChild: boolean,
): void {
  const name = tallied(names, key);
  name.records++;
  if (newChild) name.children++;
  if (form !== undefined) name.forms.set(form, (name.forms.get(form) ?? 0) + 1);
}

const byKey = (a: { key: string }, b: { key: string }) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

function nameCells(names: Map<string, Tallied>, k: number): NameCell[] {
  const cells: NameCell[] = [];
  for (const [key, { records, children, forms }] of names)
    if (children >= k) cells.push({ key, forms: [...forms], records, children });
  return cells.sort(byKey);
}

function schoolNameCells(names: Map<string, Tallied>, k: number): SchoolNameCell[] {
  const cells: SchoolNameCell[] = [];
  for (const [key, { records, children }] of names) if (children >= k) cells.push({ key, records, children });
  return cells.sort(byKey);
}

/**
 * The tally of one edition's records under the small-count rule's `k`. A record whose
 * name is empty after normalisation still counts as a participant of its edition and
 * school; one whose school is empty after trimming counts for its edition and its names,
 * but for no school. A child is known by its whole name: two records with the same count
 * as one child (so the rule may hold back a name it could show, never the other way round).
 */
export function tallyEdition(year: number, records: Iterable<ParticipantRecord>, k: number): EditionTally {
  const read = new Map<string, ReadName>();
  const children = new Set<string>();
  const firstNames = new Map<string, Tallied>();
  const surnames = new Map<string, Tallied>();
  const schools = new Map<string, SchoolTally>();
  let participants = 0;
  for (const record of records) {
    participants++;
    const school = schoolOf(record.school);
    let atSchool: SchoolTally | undefined;
    if (school !== '') {
      atSchool = schools.get(school);
      if (atSchool === undefined) schools.set(school, (atSchool = new SchoolTally()));
      atSchool.records++;
    }
    let name = read.get(record.name);
    if (name === undefined) read.set(record.name, (name = readName(record.name)));
    if (name.firstName === '') continue;
    const newChild = !children.has(name.child);
    if (newChild) children.add(name.child);
    const newAtSchool = atSchool !== undefined && !atSchool.children.has(name.child);
    if (newAtSchool) atSchool!.children.add(name.child);
    addName(firstNames, name.firstKey, name.firstName, newChild);
    if (atSchool) addName(atSchool.firstNames, name.firstKey, undefined, newAtSchool);
    name.surnames.forEach((surname, i) => {
      addName(surnames, name.surnameKeys[i]!, surname, newChild);
      if (atSchool) addName(atSchool.surnames, name.surnameKeys[i]!, undefined, newAtSchool);
    });
  }
  return {
    year,
    k,
    participants,
    distinctFirstNames: firstNames.size,
    distinctSurnames: surnames.size,
    firstNames: nameCells(firstNames, k),
    surnames: nameCells(surnames, k),
    schools: [...schools]
      .map(([school, tally]) => ({
        school,
        records: tally.records,
        firstNames: schoolNameCells(tally.firstNames, k),
        surnames: schoolNameCells(tally.surnames, k),
      }))
      .sort((a, b) => (a.school < b.school ? -1 : a.school > b.school ? 1 : 0)),
  };
}

/**
 * The same tally under a rule at least as strict (`k` at least the tally's): the cells
 * fewer than `k` children bear are left out. A lower `k` needs the edition's list again.
 */
export function withThreshold(tally: EditionTally, k: number): EditionTally {
  if (k < tally.k) throw new RangeError(`a tally made under k = ${tally.k} cannot show names under ${k}`);
  if (k === tally.k) return tally;
  const reaches = (cell: { children: number }) => cell.children >= k;
  return {
    ...tally,
    k,
    firstNames: tally.firstNames.filter(reaches),
    surnames: tally.surnames.filter(reaches),
    schools: tally.schools.map((school) => ({
      ...school,
      firstNames: school.firstNames.filter(reaches),
      surnames: school.surnames.filter(reaches),
    })),
  };
}

/** Each 4-digit year's records, years ascending; records of other years are left out. */
export function recordsByEdition(records: Iterable<ParticipantRecord>): Map<number, ParticipantRecord[]> {
  const byYear = new Map<number, ParticipantRecord[]>();
  for (const record of records) {
    if (!isFourDigitYear(record.year)) continue;
    let list = byYear.get(record.year);
    if (list === undefined) byYear.set(record.year, (list = []));
    list.push(record);
  }
  return new Map([...byYear].sort(([a], [b]) => a - b));
}

/** Every edition's tally, years ascending. */
export function tallyEditions(records: Iterable<ParticipantRecord>, k: number): EditionTally[] {
  return [...recordsByEdition(records)].map(([year, list]) => tallyEdition(year, list, k));
}

/** Distinct first names and surnames over every record: the series' diversity figures (exact, naming no name). */
export function distinctNames(records: Iterable<ParticipantRecord>): {
  firstNames: number;
  surnames: number;
} {
  const seen = new Set<string>();
  const firstNames = new Set<string>();
  const surnames = new Set<string>();
  for (const { name, year } of records) {
    if (!isFourDigitYear(year) || seen.has(name)) continue;
    seen.add(name);
    const read = readName(name);
    if (read.firstName === '') continue;
    firstNames.add(read.firstKey);
    for (const key of read.surnameKeys) surnames.add(key);
  }
  return { firstNames: firstNames.size, surnames: surnames.size };
}
