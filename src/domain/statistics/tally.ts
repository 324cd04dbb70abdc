import { compareSpanish } from '../collation.js';
import { searchKey } from '../names.js';
import type { ParticipantRecord } from '../types.js';
import { splitFullName, type SplitName } from './split-name.js';

/** The small-count rule's k when none is set (DESIGN §5); 1 publishes every name. */
export const DEFAULT_MIN_PUBLISHED_COUNT = 3;

/** Records per key. */
export type Counts = Map<string, number>;

/** A first name or surname (by lowercase `key`, DESIGN §3) that `children` ≥ k bore in one edition. */
export interface NameCell {
  key: string;
  forms: [form: string, records: number][];
  records: number;
  children: number;
}

/** The same within one school, without its written forms. */
type SchoolNameCell = Omit<NameCell, 'forms'>;

/** One school in one edition: its records (exact), and its names that reach `k`. */
interface SchoolCell {
  school: string;
  records: number;
  firstNames: SchoolNameCell[];
  surnames: SchoolNameCell[];
}

/**
 * What one edition publishes, and nothing under the small-count rule (DESIGN §5). Made
 * when its list is imported and kept: every statistic and name page is made from these,
 * so a removal changes no published figure (docs/security.md, "Published figures are final").
 */
export interface EditionTally {
  year: number;
  k: number;
  participants: number;
  distinctFirstNames: number;
  distinctSurnames: number;
  firstNames: NameCell[];
  surnames: NameCell[];
  /** By name, in byte order. */
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

/** A stored name as the statistics read it; `child`: its search key, which tells one child. */
interface ReadName extends SplitName {
  firstKey: string;
  surnameKeys: string[];
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
function isFourDigitYear(year: number): boolean {
  return Number.isInteger(year) && year >= 1000 && year <= 9999;
}

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

class SchoolTally {
  records = 0;
  readonly children = new Set<string>();
  readonly firstNames = new Map<string, Tallied>();
  readonly surnames = new Map<string, Tallied>();
}

/** `newChild`: the first record of this child in the scope. */
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
 * One edition's tally under `k`. An empty name still counts as a participant, an empty
 * school for no school. Two records with the same whole name are one child (so the rule
 * may hold back a name it could show, never the other way round).
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

/** The same tally under a rule at least as strict; a lower `k` needs the edition's list again. */
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

/** Distinct first names and surnames over every record: the series' diversity figures. */
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
