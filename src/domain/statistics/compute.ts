import type { YearCount } from '../answer-shapes.js';
import { categoriesOf, GLOBAL_YEAR, type CategoryId } from '../categories.js';
import { compareSpanish } from '../collation.js';
import type { StatisticRow } from '../types.js';
import { basqueSummaries } from './summaries-eu.js';
import { statisticSummaries, type RankedFigure, type Withheld } from './summaries.js';
import { publishedFacts } from './name-facts.js';
import { addTo, type Counts, type Distinct, type EditionTally } from './tally.js';

// `public_data` keeps a list's first 15 items, `full_data` its first 250 (DESIGN §3 leaves it open).
const PUBLIC_LIMIT = 15;
const FULL_LIMIT = 250;

export const YEARLY_CATEGORY_ORDER = categoriesOf('yearly');
export const GLOBAL_CATEGORY_ORDER = categoriesOf('global');

/** Most counted first, ties in Spanish order of the name (sorts in place). */
function rank<T extends RankedFigure>(items: T[]): T[] {
  return items.sort((a, b) => b.count - a.count || compareSpanish(a.name, b.name));
}

const figures = (counts: Counts): RankedFigure[] => [...counts].map(([name, count]) => ({ name, count }));
const figure = ({ name, count }: RankedFigure): RankedFigure => ({ name, count });

/** What a row's summary tells, in either language. */
type Tell = (summaries: typeof statisticSummaries) => string;

class RowList {
  readonly rows: StatisticRow[] = [];
  constructor(private readonly year?: number) {}

  list(category: CategoryId, items: readonly unknown[], tell: Tell): void {
    this.add(category, items.slice(0, PUBLIC_LIMIT), items.slice(0, FULL_LIMIT), tell);
  }

  add(category: CategoryId, publicData: unknown, fullData: unknown, tell: Tell): void {
    const [scope, year] =
      this.year === undefined ? ['global' as const, GLOBAL_YEAR] : ['yearly' as const, String(this.year)];
    const [summary, basqueSummary] = [tell(statisticSummaries), tell(basqueSummaries)];
    this.rows.push({ category, scope, year, publicData, fullData, summary, basqueSummary });
  }

  ordered(order: readonly CategoryId[]): StatisticRow[] {
    const position = (row: StatisticRow): number => order.indexOf(row.category as CategoryId);
    return this.rows.sort((a, b) => position(a) - position(b));
  }
}

/** The most frequent published first name of each school that has one, schools in Spanish order. */
function commonNames(tallies: readonly EditionTally[], names: readonly (RankedFigure & { key: string })[]) {
  const shown = new Map(names.map((word) => [word.key, word.name]));
  const bySchool = new Map<string, Counts>();
  for (const tally of tallies)
    for (const { school, firstNames } of tally.schools) {
      const counts = bySchool.get(school) ?? new Map<string, number>();
      bySchool.set(school, counts);
      for (const cell of firstNames) addTo(counts, shown.get(cell.key)!, cell.records);
    }
  const common = [...bySchool]
    .filter(([, counts]) => counts.size > 0)
    .map(([school, counts]) => ({ name: rank(figures(counts))[0]!.name, school }))
    .sort((a, b) => compareSpanish(a.school, b.school));
  const schoolsWon: Counts = new Map();
  for (const { name } of common) addTo(schoolsWon, name, 1);
  return { common, leader: rank(figures(schoolsWon))[0] ?? null };
}

/**
 * The rows a year and the series both have, and the figures their intro and outro tell.
 * A name counts its records over the editions where it is published only: its total tells
 * nothing of those under k (docs/security.md, "No count under k by arithmetic").
 */
function rankingRows(rows: RowList, tallies: readonly EditionTally[], distinct: Distinct, year?: number) {
  const facts = publishedFacts(tallies, tallies[0]!.k);
  const { k } = facts;
  const words = (kind: 'firstNames' | 'surnames') =>
    rank(
      facts[kind].map(({ key, name, editions }) => {
        const count = editions.reduce((sum, edition) => sum + (edition.count ?? 0), 0);
        return { key, name, count };
      }),
    );
  const series = new Map(facts.schools.map(({ school, counts }) => [school, counts]));
  const names = words('firstNames');
  const surnames = words('surnames');
  const withheldOf = (all: number, listed: number): Withheld => ({ k, count: all - listed, ahead: false });
  const namesWithheld = withheldOf(distinct.firstNames, names.length);
  const surnamesWithheld = withheldOf(distinct.surnames, surnames.length);
  const topNames = names.map(figure);
  const topSurnames = surnames.map(figure);
  const topSchools = rank(
    [...series].map(([name, counts]) => ({ name, count: counts.reduce((a, b) => a + b) })),
  );
  const byYear = year === undefined ? '' : 'ByYear';
  const participants = tallies.reduce((sum, tally) => sum + tally.participants, 0);

  rows.list(`topNames${byYear}`, topNames, (s) => s.ranking('names', topNames, year, namesWithheld));
  rows.add(`namesDiversity${byYear}`, distinct.firstNames, null, (s) =>
    s.diversity('names', distinct.firstNames, year, year === undefined ? undefined : participants),
  );
  rows.list(`topSurnames${byYear}`, topSurnames, (s) =>
    s.ranking('surnames', topSurnames, year, surnamesWithheld),
  );
  rows.add(`surnamesDiversity${byYear}`, distinct.surnames, null, (s) =>
    s.diversity('surnames', distinct.surnames, year),
  );
  rows.list(`topSchools${byYear}`, topSchools, (s) => s.ranking('schools', topSchools, year));

  const { common, leader } = commonNames(tallies, names);
  const withheldSchools = withheldOf(topSchools.length, common.length);
  rows.list(`commonNameBySchool${byYear}`, common, (s) =>
    s.commonNameBySchool(common.length, leader, year, withheldSchools),
  );

  return {
    names,
    yearsOf: (school: string): YearCount[] =>
      series.get(school)!.flatMap((count, e) => (count === 0 ? [] : [{ year: facts.editions[e]!, count }])),
    topNames,
    topSurnames,
    namesWithheld,
    surnamesWithheld,
    topSchools,
    participants,
    schools: topSchools.length,
    distinctNames: distinct.firstNames,
  };
}

/** The rows of edition `e`; the editions before tell which names and schools are new. */
function yearRows(tallies: readonly EditionTally[], e: number): StatisticRow[] {
  const tally = tallies[e]!;
  const previous = tallies[e - 1] ?? null;
  const { year, participants, k } = tally;
  const rows = new RowList(year);
  const distinct = { firstNames: tally.distinctFirstNames, surnames: tally.distinctSurnames };
  const ranked = rankingRows(rows, [tally], distinct, year);
  const total = [{ year, count: participants }];
  rows.add('totalParticipantsByYear', total, total, (s) =>
    s.totalParticipantsByYear(year, participants, ranked.schools),
  );

  // Published for the first time: a name whose earlier editions had fewer than k children
  // is new here too, so that the list tells nothing of those editions (not even a 0).
  const before = tallies.slice(0, e);
  const seenNames = new Set(before.flatMap((earlier) => earlier.firstNames.map((cell) => cell.key)));
  const seenSchools = new Set(before.flatMap((earlier) => earlier.schools.map((cell) => cell.school)));
  const newNames = ranked.names.filter((word) => !seenNames.has(word.key));
  const newSchools = ranked.topSchools.map(({ name }) => name).filter((school) => !seenSchools.has(school));
  if (previous !== null) {
    rows.list(
      'newNamesByYear',
      newNames.map((word) => word.name),
      (s) => s.newNamesByYear(year, newNames.length, newNames[0], k),
    );
    rows.list(
      'newSchoolsByYear',
      newSchools.map((school) => ({ school })),
      (s) => s.newSchoolsByYear(year, newSchools),
    );
  }

  const told = {
    ...ranked,
    year,
    k,
    previous: previous && { year: previous.year, participants: previous.participants },
    newNames: previous === null ? 0 : newNames.length,
    newSchools: previous === null ? 0 : newSchools.length,
  };
  rows.add('intro', null, null, (s) => s.introByYear(told));
  rows.add('outro', null, null, (s) => s.outroByYear(told));
  return rows.ordered(YEARLY_CATEGORY_ORDER);
}

function globalRows(tallies: readonly EditionTally[], distinct: Distinct): StatisticRow[] {
  const rows = new RowList();
  const ranked = rankingRows(rows, tallies, distinct);
  const editions = tallies.length;
  const totals: YearCount[] = tallies.map((tally) => ({ year: tally.year, count: tally.participants }));
  const evolution = ranked.topSchools.map(({ name, count }) => ({
    total: count,
    school: name,
    years: ranked.yearsOf(name),
  }));
  const constant = [...evolution].sort(
    (a, b) => b.years.length - a.years.length || b.total - a.total || compareSpanish(a.school, b.school),
  );
  const told = {
    ...ranked,
    years: tallies.map((tally) => tally.year),
    participations: ranked.participants,
    busiest: totals.reduce((most, item) => (item.count > most.count ? item : most)),
    alwaysPresent: constant.filter((school) => school.years.length === editions).length,
    topSchool: ranked.topSchools[0] ?? null,
  };
  rows.add('totalParticipants', totals, totals, (s) => s.totalParticipants(told));

  // Only published names, so a name under k in every edition never leads; said when names were left out.
  const longest = rank(ranked.names.map((word) => ({ ...word, count: [...word.name].length })));
  const longestWithheld = { ...ranked.namesWithheld, ahead: ranked.namesWithheld.count > 0 };
  rows.list(
    'longestNames',
    longest.map((item) => item.name),
    (s) => s.longestNames(longest, longestWithheld),
  );
  rows.list('schoolsEvolution', evolution, (s) =>
    s.schoolsEvolution(ranked.schools, editions, ranked.topSchools[0]),
  );
  const top = constant[0] && { name: constant[0].school, count: constant[0].years.length };
  rows.list(
    'mostConstantSchools',
    constant.map(({ school, years }) => ({ school, yearsActive: years })),
    (s) => s.mostConstantSchools(editions, top, told.alwaysPresent),
  );
  rows.add('intro', null, null, (s) => s.introGlobal(told));
  rows.add('outro', null, null, (s) => s.outroGlobal(told));
  return rows.ordered(GLOBAL_CATEGORY_ORDER);
}

/**
 * Every statistic row of DESIGN §3 from the editions' tallies (ascending, one `k`);
 * `distinct`: the series' distinct first names and surnames, which no tally can add up.
 */
export function statisticsOfTallies(tallies: readonly EditionTally[], distinct: Distinct): StatisticRow[] {
  if (tallies.length === 0) return [];
  const rows = tallies.flatMap((_, e) => yearRows(tallies, e));
  return rows.concat(globalRows(tallies, distinct));
}
