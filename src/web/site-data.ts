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
    /** The ready years in the order of `/api/years`; the figures' date (`2026-11-27`), if the store says. */
    years: statistics.years,
    yearSet: statistics.yearSet,
    dataDate: statistics.computedOn,
    /** The first record of each statistic of a year (what `/api/category` lists first). */
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
    /** A served school's children (distinct names). */
    childrenOf: (school: string) => participants.childrenOf(school),
    /** What the API's search finds of an already normalised name in a school. */
    search: (normalizedName: string, school: string): readonly ParticipantRecord[] =>
      participants.search(normalizedName, school)?.matches ?? [],
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
