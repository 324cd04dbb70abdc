import type { CategoryId } from '../domain/categories.js';
import type { NameIndex } from '../read-model/name-index.js';
import { searchKey } from '../domain/names.js';
import { compareNames, compareSchools, type Comparison } from '../read-model/comparisons.js';
import type { ReadModel } from '../read-model/read-model.js';
import type { Match } from '../read-model/participant-index.js';
import type { ComparedKind } from './locale.js';
import type { StatisticRecord } from './year-statistics.js';

/** Everything the pages show of one read model: records and matches, never an answer's bytes. */
export interface SiteData {
  /** The ready years in the order of `/api/years`. */
  years: readonly string[];
  yearSet: ReadonlySet<string>;
  /** The day the figures were computed (`2026-11-27`), when the store says: the data's date beside each chart. */
  dataDate: string | undefined;
  /** The first record of each statistic of a year (what `/api/category` lists first); none for another year. */
  recordsOf(year: string): ReadonlyMap<CategoryId, StatisticRecord>;
  /** The schools served, in Spanish order. */
  companies: readonly string[];
  /** Participants served, per school and year. */
  rowsBySchool: ReadonlyMap<string, ReadonlyMap<number, number>>;
  /** The children of a school served (distinct names), or undefined when it is not served. */
  childrenOf(school: string): number | undefined;
  /** What the API's search finds of an already normalised name in a school. */
  search(normalizedName: string, school: string): readonly Match[];
  /** The first names and surnames with a page, and their facts. */
  names: NameIndex;
  /** Up to five names or schools as typed (a school's name folded like a name), compared. */
  compare(kind: ComparedKind, typed: readonly string[]): Comparison;
}

/** The one place the pages meet the read model. */
export function siteData({ statistics, participants, names }: ReadModel): SiteData {
  const schoolsByKey = new Map(participants.companies.map((school) => [searchKey(school), school]));
  return {
    years: statistics.years,
    yearSet: statistics.yearSet,
    dataDate: statistics.computedOn,
    recordsOf: (year) => statistics.recordsOf(year),
    companies: participants.companies,
    rowsBySchool: participants.rowsBySchool,
    childrenOf: (school) => participants.childrenOf(school),
    search: (normalizedName, school) => participants.search(normalizedName, school)?.matches ?? [],
    names,
    compare: (kind, typed) =>
      kind === 'school'
        ? compareSchools(
            names,
            participants,
            typed.map((school) => schoolsByKey.get(searchKey(school)) ?? school),
          )
        : compareNames(names, kind, typed),
  };
}
