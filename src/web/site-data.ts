import { searchKey } from '../domain/names.js';
import { compareNames, compareSchools } from '../read-model/comparisons.js';
import type { ReadModel } from '../read-model/read-model.js';
import type { ParticipantRecord } from '../domain/types.js';
import type { ComparedKind, Language } from './locale.js';

/** The one place the pages meet the read model: what they show of it, records and matches, never an answer's bytes. */
export function siteData({ statistics, participants, names, schoolLabels }: ReadModel) {
  const schoolsByKey = new Map(participants.companies.map((school) => [searchKey(school), school]));
  // A school's name in any language finds it too, unless another school is called so in the lists.
  for (const { school, label } of schoolLabels)
    if (!schoolsByKey.has(searchKey(label))) schoolsByKey.set(searchKey(label), school);
  const labelsIn = (language: Language) =>
    new Map(schoolLabels.filter((one) => one.lang === language).map((one) => [one.school, one.label]));
  return {
    /** The ready years in the order of `/api/years`. */
    years: statistics.years,
    yearSet: statistics.yearSet,
    /** The day the figures were computed (`2026-11-27`), when the store says: the data's date beside each chart. */
    dataDate: statistics.computedOn,
    /** The first record of each statistic of a year (what `/api/category` lists first); none for another year. */
    recordsOf: (year: string) => statistics.recordsOf(year),
    /** The schools served, in Spanish order, by the lists' names (the API's). */
    companies: participants.companies,
    /** The names the operator gave schools on the pages of each language (`school label`). */
    schoolLabels: { es: labelsIn('es'), eu: labelsIn('eu') } satisfies Record<
      Language,
      ReadonlyMap<string, string>
    >,
    /** Participants per school and published edition, as published (final: a removal does not change them). */
    rowsBySchool: names.schoolCounts,
    /** The children of a school served (distinct names), or undefined when it is not served. */
    childrenOf: (school: string) => participants.childrenOf(school),
    /** What the API's search finds of an already normalised name in a school. */
    search: (normalizedName: string, school: string): readonly ParticipantRecord[] =>
      participants.search(normalizedName, school)?.matches ?? [],
    /** The first names and surnames with a page, and their facts. */
    names,
    /** Up to five names or schools as typed (a school's name, in any language, folded like a name), compared. */
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
