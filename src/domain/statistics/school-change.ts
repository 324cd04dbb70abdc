import type { YearCount } from '../answer-shapes.js';

/** A school's participants in the editions it took part in, as the evolution statistic publishes them. */
export interface SchoolYears {
  school: string;
  years: readonly YearCount[];
}

/** A change in participants between two editions, and as a share of the first (none from 0). */
export interface Change {
  change: number;
  share: number | undefined;
}

// A school missing from an edition's list had no participants there: the lists name every school with one.
const countIn = (years: readonly YearCount[], year: number) =>
  years.find((point) => point.year === year)?.count ?? 0;

/** The change in a school's participants from edition `base` to edition `to`, from published counts only. */
export function changeBetween(years: readonly YearCount[], base: number, to: number): Change {
  const before = countIn(years, base);
  const change = countIn(years, to) - before;
  return { change, share: before === 0 ? undefined : change / before };
}

/** The editions the schools took part in, ascending. */
export const editionsOf = (schools: readonly SchoolYears[]): number[] =>
  [...new Set(schools.flatMap((school) => school.years.map((point) => point.year)))].sort((a, b) => a - b);

/**
 * The schools with their change from `base` to the last edition, the largest rise first;
 * equal changes keep the schools' order as given.
 */
export function orderedByChange<T extends SchoolYears>(
  schools: readonly T[],
  base: number,
): { school: T; change: Change }[] {
  const last = editionsOf(schools).at(-1) ?? base;
  return schools
    .map((school) => ({ school, change: changeBetween(school.years, base, last) }))
    .sort((a, b) => b.change.change - a.change.change);
}
