import type { ParticipantRecord } from '../types.js';
import { normalizeName } from '../names.js';
import { locateNameParts, newNameParts } from './split-name.js';

/** A growable array of counters indexed by a small integer id. */
export class Counts {
  data = new Int32Array(256);

  increment(id: number): void {
    if (id >= this.data.length) {
      let size = this.data.length * 2;
      while (size <= id) size *= 2;
      const grown = new Int32Array(size);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[id]!++;
  }

  get(id: number): number {
    return id < this.data.length ? this.data[id]! : 0;
  }
}

/**
 * Words counted case-insensitively (first names or surname units). Every distinct
 * written form gets a form id, every distinct lowercase key a key id; counting is done
 * per form so that the most frequent written form can be shown.
 */
export class Vocabulary {
  private readonly formIds = new Map<string, number>();
  private readonly keyIds = new Map<string, number>();
  /** Written form of each form id. */
  readonly formText: string[] = [];
  /** Key id of each form id. */
  readonly formKey: number[] = [];
  /** Number of distinct keys. */
  keyCount = 0;

  formId(text: string): number {
    const id = this.formIds.get(text);
    return id === undefined ? this.add(text) : id;
  }

  private add(text: string): number {
    const lower = text.toLowerCase();
    let key = this.keyIds.get(lower);
    if (key === undefined) {
      key = this.keyCount++;
      this.keyIds.set(lower, key);
    }
    const id = this.formText.length;
    this.formText.push(text);
    this.formKey.push(key);
    this.formIds.set(text, id);
    return id;
  }
}

/** What one year's records add up to. */
export interface YearTally {
  year: number;
  participants: number;
  /** Records per first-name form id. */
  firstNames: Counts;
  /** Records per surname form id (a record bearing the same surname twice counts once). */
  surnames: Counts;
  /** Records per school id. */
  schools: Counts;
  /** Per school id: records per first-name key id. */
  namesBySchool: Map<number, number>[];
}

export interface Tallies {
  /** Years with at least one record, ascending. */
  years: YearTally[];
  firstNames: Vocabulary;
  surnames: Vocabulary;
  /** Trimmed school name of each school id. */
  schoolNames: string[];
}

function isStoredYear(year: number): boolean {
  return Number.isInteger(year) && year >= 1000 && year <= 9999;
}

/**
 * One pass over the records. Records whose year is not a 4-digit integer are ignored;
 * a record whose name is empty (after normalisation) still counts as a participant of
 * its year and school; a record whose school is empty (after trimming) still counts
 * for the year and for names, but not for any school statistic.
 */
export function tallyRecords(records: readonly ParticipantRecord[]): Tallies {
  const firstNames = new Vocabulary();
  const surnames = new Vocabulary();
  const schoolNames: string[] = [];
  const schoolIdByTrimmed = new Map<string, number>();
  const schoolIdByRaw = new Map<string, number>();
  const talliesByYear = new Map<number, YearTally>();
  const parts = newNameParts();

  const schoolId = (raw: string): number => {
    const trimmed = raw.trim();
    let id: number | undefined = -1;
    if (trimmed !== '') {
      id = schoolIdByTrimmed.get(trimmed);
      if (id === undefined) {
        id = schoolNames.length;
        schoolNames.push(trimmed);
        schoolIdByTrimmed.set(trimmed, id);
      }
    }
    schoolIdByRaw.set(raw, id);
    return id;
  };

  let currentYear = Number.NaN;
  let tally: YearTally | undefined;

  for (let i = 0; i < records.length; i++) {
    const record = records[i]!;
    const year = record.year;
    if (year !== currentYear) {
      currentYear = year;
      tally = talliesByYear.get(year);
      if (tally === undefined && isStoredYear(year)) {
        tally = {
          year,
          participants: 0,
          firstNames: new Counts(),
          surnames: new Counts(),
          schools: new Counts(),
          namesBySchool: [],
        };
        talliesByYear.set(year, tally);
      }
    }
    if (tally === undefined) continue;
    tally.participants++;

    const rawSchool = typeof record.school === 'string' ? record.school : '';
    const school = schoolIdByRaw.get(rawSchool) ?? schoolId(rawSchool);
    if (school >= 0) tally.schools.increment(school);

    const rawName = record.name;
    if (typeof rawName !== 'string') continue;
    const name = normalizeName(rawName);
    if (name === '') continue;
    locateNameParts(name, parts);

    const firstForm = firstNames.formId(
      parts.firstNameEnd === name.length ? name : name.slice(0, parts.firstNameEnd),
    );
    tally.firstNames.increment(firstForm);
    if (school >= 0) {
      let byName = tally.namesBySchool[school];
      if (byName === undefined) {
        // Fill any hole first so that the array stays packed.
        while (tally.namesBySchool.length < school) tally.namesBySchool.push(new Map());
        byName = new Map();
        tally.namesBySchool[school] = byName;
      }
      const key = firstNames.formKey[firstForm]!;
      byName.set(key, (byName.get(key) ?? 0) + 1);
    }

    if (parts.surnameCount === 2) {
      const previous = surnames.formId(name.slice(parts.previousSurnameStart, parts.previousSurnameEnd));
      const last = surnames.formId(name.slice(parts.lastSurnameStart, parts.lastSurnameEnd));
      tally.surnames.increment(previous);
      // The same surname twice (any case) counts once for the record.
      if (surnames.formKey[last] !== surnames.formKey[previous]) tally.surnames.increment(last);
    } else if (parts.surnameCount === 1) {
      tally.surnames.increment(surnames.formId(name.slice(parts.lastSurnameStart, parts.lastSurnameEnd)));
    }
  }

  const years = [...talliesByYear.values()].sort((a, b) => a.year - b.year);
  return { years, firstNames, surnames, schoolNames };
}
