import { byteOrder, compareSpanish } from '../collation.js';
import { searchKey } from '../names.js';
import type { ParticipantRecord } from '../types.js';
import { splitFullName, type SplitName } from './split-name.js';

/** The small-count rule's k when none is set (DESIGN §5); 1 publishes every name. */
export const DEFAULT_MIN_PUBLISHED_COUNT = 3;

/** Records per key. */
export type Counts = Map<string, number>;

export function addTo(counts: Counts, key: string, records: number): void {
  counts.set(key, (counts.get(key) ?? 0) + records);
}

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

/** Records stored by hand may hold any number as a year: only 4-digit years are statistics. */
const isFourDigitYear = (year: number): boolean => Number.isInteger(year) && year >= 1000 && year <= 9999;

type Tallied = { records: number; children: number; forms: Counts };

/** The records of an edition, or of one school in it, and the names they bear. */
interface Group {
  records: number;
  children: Set<string>;
  firstNames: Map<string, Tallied>;
  surnames: Map<string, Tallied>;
}

const group = (): Group => ({ records: 0, children: new Set(), firstNames: new Map(), surnames: new Map() });

/** `newChild`: the first record of this child in the group. */
function addName(names: Map<string, Tallied>, key: string, form: string, newChild: boolean): void {
  let name = names.get(key);
  if (name === undefined) names.set(key, (name = { records: 0, children: 0, forms: new Map() }));
  name.records++;
  if (newChild) name.children++;
  addTo(name.forms, form, 1);
}

/** An empty name still counts as a record. */
function count(group: Group, name: ReadName): void {
  group.records++;
  if (name.firstName === '') return;
  const newChild = !group.children.has(name.child);
  group.children.add(name.child);
  addName(group.firstNames, name.firstKey, name.firstName, newChild);
  name.surnames.forEach((surname, i) => addName(group.surnames, name.surnameKeys[i]!, surname, newChild));
}

/** The names `k` children reached, by key in byte order. */
const reached = (names: Map<string, Tallied>, k: number): [string, Tallied][] =>
  [...names].filter(([, name]) => name.children >= k).sort(([a], [b]) => byteOrder(a, b));

const nameCells = (names: Map<string, Tallied>, k: number): NameCell[] =>
  reached(names, k).map(([key, { forms, ...counts }]) => ({ key, forms: [...forms], ...counts }));

const schoolCells = (names: Map<string, Tallied>, k: number): SchoolNameCell[] =>
  reached(names, k).map(([key, { records, children }]) => ({ key, records, children }));

/**
 * One edition's tally under `k`. An empty school counts for no school. Two records with
 * the same whole name are one child (so the rule may hold back a name it could show,
 * never the other way round).
 */
export function tallyEdition(year: number, records: Iterable<ParticipantRecord>, k: number): EditionTally {
  const edition = group();
  const schools = new Map<string, Group>();
  for (const record of records) {
    const name = readName(record.name);
    count(edition, name);
    const school = typeof record.school === 'string' ? record.school.trim() : '';
    if (school === '') continue;
    let atSchool = schools.get(school);
    if (atSchool === undefined) schools.set(school, (atSchool = group()));
    count(atSchool, name);
  }
  return {
    year,
    k,
    participants: edition.records,
    distinctFirstNames: edition.firstNames.size,
    distinctSurnames: edition.surnames.size,
    firstNames: nameCells(edition.firstNames, k),
    surnames: nameCells(edition.surnames, k),
    schools: [...schools.keys()].sort().map((school) => {
      const { records, firstNames, surnames } = schools.get(school)!;
      return { school, records, firstNames: schoolCells(firstNames, k), surnames: schoolCells(surnames, k) };
    }),
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

/** The series' diversity figures. */
export type Distinct = { firstNames: number; surnames: number };

/** Distinct first names and surnames over every record. */
export function distinctNames(records: Iterable<ParticipantRecord>): Distinct {
  const all = group();
  for (const { name, year } of records) if (isFourDigitYear(year)) count(all, readName(name));
  return { firstNames: all.firstNames.size, surnames: all.surnames.size };
}
