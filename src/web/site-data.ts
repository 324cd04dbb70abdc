import { searchKey } from '../domain/names.js';
import { compareNames, compareSchools } from '../read-model/comparisons.js';
import type { ReadModel } from '../read-model/read-model.js';
import type { ParticipantRecord } from '../domain/types.js';
import type { ComparedKind } from './locale.js';

/** The one place the pages meet the read model: what they show of it, records and matches, never an answer's bytes. */
export function siteData({ statistics, participants, names }: ReadModel) {
  const schoolsByKey = new Map(participants.companies.map((school) => [searchKey(school), school]));
  return {
    /** The ready years in the order of `/api/years`. */
    years: statistics.years,
    yearSet: statistics.yearSet,
    /** The day the figures were computed (`2026-11-27`), when the store says: the data's date beside each chart. */
    dataDate: statistics.computedOn,
    /** The first record of each statistic of a year (what `/api/category` lists first); none for another year. */
    recordsOf: (year: string) => statistics.recordsOf(year),
    /** The schools served, in Spanish order. */
    companies: participants.companies,
    /** Participants per school and published edition, as published (final: a removal does not change them). */
    rowsBySchool: names.schoolCounts,
    /** The children of a school served (distinct names), or undefined when it is not served. */
    childrenOf: (school: string) => participants.childrenOf(school),
    /** What the API's search finds of an already normalised name in a school. */
    search: (normalizedName: string, school: string): readonly ParticipantRecord[] =>
      participants.search(normalizedName, school)?.matches ?? [],
    /** The first names and surnames with a page, and their facts. */
    names,
    /** Up to five names or schools as typed (a school's name folded like a name), compared. */
    compare: (kind: ComparedKind, typed: readonly string[]) =>
      kind === 'school'
        ? compareSchools(
            names,
            typed.map((school) => schoolsByKey.get(searchKey(school)) ?? school),
          )
        : compareNames(names, kind, typed),
  };
}

export type SiteData = ReturnType<typeof siteData>;
