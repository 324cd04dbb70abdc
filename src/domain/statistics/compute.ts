import type { YearCount } from '../answer-shapes.js';
import { categoriesOf, GLOBAL_YEAR, type CategoryId } from '../categories.js';
import { compareSpanish } from '../collation.js';
import type { ParticipantRecord, StatisticRow, StatisticScope } from '../types.js';
import { basqueSummaries } from './summaries-eu.js';
import { statisticSummaries, type RankedFigure, type Withheld } from './summaries.js';
import {
  shownForm,
  tallyRecords,
  type Bearers,
  type Counts,
  type NestedCounts,
  type ScopeTally,
  type YearTally,
} from './tally.js';

/*
 * Data kept per row (DESIGN §3 leaves `full_data` open):
 * - array categories: `public_data` = the first 15 items, `full_data` = the first 250
 *   (the whole list when shorter), both in the same order;
 * - `totalParticipants` and `totalParticipantsByYear` are per-year series: every year is
 *   kept in both (never cut at 15);
 * - scalar categories (`namesDiversity*`, `surnamesDiversity*`): `full_data` is null;
 * - `intro` / `outro`: `public_data` and `full_data` are null, the text is the summary.
 */
const PUBLIC_LIMIT = 15;
const FULL_LIMIT = 250;

// Defined beside the tally, which a build worker loads without this engine.
export { DEFAULT_MIN_PUBLISHED_COUNT } from './tally.js';

/** Category order of each year's rows and of the global rows: the registry's. */
export const YEARLY_CATEGORY_ORDER = categoriesOf('yearly');
export const GLOBAL_CATEGORY_ORDER = categoriesOf('global');

/** Most counted first, ties in Spanish order of the name (sorts in place). */
function rank<T extends RankedFigure>(items: T[]): T[] {
  return items.sort((a, b) => b.count - a.count || compareSpanish(a.name, b.name));
}

function figures(counts: Counts): RankedFigure[] {
  return [...counts].map(([name, count]) => ({ name, count }));
}

/** A word counted case-insensitively, shown as it is most often written. */
interface CountedWord extends RankedFigure {
  /** The lowercase form: two spellings with the same key are one word. */
  key: string;
}

/** Every word once, unranked; equally frequent written forms go to the first in Spanish order. */
function words(forms: NestedCounts): CountedWord[] {
  return [...forms].map(([key, written]) => {
    const count = [...written.values()].reduce((sum, records) => sum + records, 0);
    return { key, name: shownForm(written), count };
  });
}

/** Ranked items with those the small-count rule leaves out removed, and what that left out. */
function published<T extends RankedFigure>(
  ranked: readonly T[],
  reaches: (item: T) => boolean,
  k: number,
): { items: T[]; withheld: Withheld } {
  const items = ranked.filter(reaches);
  const first = items[0];
  const ahead = first !== undefined && ranked.some((item) => item.count >= first.count && !reaches(item));
  return { items, withheld: { k, count: ranked.length - items.length, ahead } };
}

const figure = ({ name, count }: RankedFigure): RankedFigure => ({ name, count });
const reachedBy = (bearers: Bearers) => (word: CountedWord) => bearers.reach(word.key);

/** The sentences of one language; Spanish and Basque tell the same figures. */
type Summaries = typeof statisticSummaries;
/** What a row's summary tells, in whichever language it is given. */
type Tell = (summaries: Summaries) => string;

/** The rows of one scope (a year, or `global`) in the making. */
class RowList {
  readonly rows: StatisticRow[] = [];
  constructor(private readonly year?: number) {}

  list(category: CategoryId, items: readonly unknown[], tell: Tell): void {
    this.add(category, items.slice(0, PUBLIC_LIMIT), items.slice(0, FULL_LIMIT), tell);
  }

  /** A row with its Spanish summary (the API's) and its Basque one, told from the same figures. */
  add(category: CategoryId, publicData: unknown, fullData: unknown, tell: Tell): void {
    const scope: StatisticScope = this.year === undefined ? 'global' : 'yearly';
    const year = this.year === undefined ? GLOBAL_YEAR : String(this.year);
    const [summary, basqueSummary] = [tell(statisticSummaries), tell(basqueSummaries)];
    this.rows.push({ category, scope, year, publicData, fullData, summary, basqueSummary });
  }

  /** The rows in the given category order. */
  ordered(order: readonly CategoryId[]): StatisticRow[] {
    const position = (row: StatisticRow): number => order.indexOf(row.category as CategoryId);
    return this.rows.sort((a, b) => position(a) - position(b));
  }
}

/**
 * The rows a year and the series both have (`topNames`, `namesDiversity`… or their
 * `ByYear` forms), and the figures their intro and outro tell. Names and surnames that
 * fewer than `k` children bear in the scope are left out of every list (DESIGN §5);
 * the diversity figures count them all.
 */
function rankingRows(rows: RowList, scope: ScopeTally, k: number, year?: number) {
  const byYear = year === undefined ? '' : 'ByYear';
  const { bearers } = scope;
  const names = words(scope.firstNames);
  const namesListed = published(rank([...names]), reachedBy(bearers.firstNames), k);
  const surnamesListed = published(rank(words(scope.surnames)), reachedBy(bearers.surnames), k);
  const topNames = namesListed.items.map(figure);
  const topSurnames = surnamesListed.items.map(figure);
  const topSchools = rank(figures(scope.schools));

  const namesRanking: Tell = (s) => s.ranking('names', topNames, year, namesListed.withheld);
  rows.list(`topNames${byYear}`, topNames, namesRanking);
  const participants = year === undefined ? undefined : scope.participants;
  const namesSummary: Tell = (s) => s.diversity('names', names.length, year, participants);
  rows.add(`namesDiversity${byYear}`, names.length, null, namesSummary);
  const surnamesRanking: Tell = (s) => s.ranking('surnames', topSurnames, year, surnamesListed.withheld);
  rows.list(`topSurnames${byYear}`, topSurnames, surnamesRanking);
  const surnamesSummary: Tell = (s) => s.diversity('surnames', scope.surnames.size, year);
  rows.add(`surnamesDiversity${byYear}`, scope.surnames.size, null, surnamesSummary);
  rows.list(`topSchools${byYear}`, topSchools, (s) => s.ranking('schools', topSchools, year));

  // The most frequent first name of each school, shown as the scope writes it most, when
  // at least k children of the school bear it.
  const shown = new Map(names.map((word) => [word.key, word.name]));
  const leaders = [...scope.firstNamesBySchool]
    .map(([school, counts]) => {
      const ranked = rank(
        figures(counts).map(({ name: key, count }) => ({ name: shown.get(key)!, count, key })),
      );
      return { school, ...ranked[0]! };
    })
    .sort((a, b) => compareSpanish(a.school, b.school));
  const common = leaders
    .filter(({ school, key }) => bearers.bySchool.get(school)!.reach(key))
    .map(({ name, school }) => ({ name, school }));
  const schoolsWon: Counts = new Map();
  for (const { name } of common) schoolsWon.set(name, (schoolsWon.get(name) ?? 0) + 1);
  const leader = rank(figures(schoolsWon))[0] ?? null;
  const withheldSchools = { k, count: leaders.length - common.length, ahead: false };
  const commonSummary: Tell = (s) => s.commonNameBySchool(common.length, leader, year, withheldSchools);
  rows.list(`commonNameBySchool${byYear}`, common, commonSummary);

  return {
    names,
    topNames,
    topSurnames,
    namesWithheld: namesListed.withheld,
    surnamesWithheld: surnamesListed.withheld,
    topSchools,
    participants: scope.participants,
    schools: scope.schools.size,
  };
}

/** First names (lowercase keys) and schools of the years before the one being computed. */
interface SeenBefore {
  names: Set<string>;
  schools: Set<string>;
}

function yearRows(tally: YearTally, previous: YearTally | null, seen: SeenBefore, k: number): StatisticRow[] {
  const { year, participants } = tally;
  const rows = new RowList(year);
  const ranked = rankingRows(rows, tally, k, year);
  const total = [{ year, count: participants }];
  const totalSummary: Tell = (s) => s.totalParticipantsByYear(year, participants, ranked.schools);
  rows.add('totalParticipantsByYear', total, total, totalSummary);

  const newNames = rank(ranked.names.filter((word) => !seen.names.has(word.key)));
  const newSchools = rank(figures(tally.schools).filter((school) => !seen.schools.has(school.name)));
  if (previous !== null) {
    const listed = published(newNames, reachedBy(tally.bearers.firstNames), k);
    const namesSummary: Tell = (s) =>
      s.newNamesByYear(year, newNames.length, listed.items[0], listed.withheld);
    rows.list(
      'newNamesByYear',
      listed.items.map((word) => word.name),
      namesSummary,
    );
    const schools = newSchools.map((school) => school.name);
    const schoolsSummary: Tell = (s) => s.newSchoolsByYear(year, schools);
    rows.list(
      'newSchoolsByYear',
      schools.map((school) => ({ school })),
      schoolsSummary,
    );
  }
  for (const word of ranked.names) seen.names.add(word.key);
  for (const school of tally.schools.keys()) seen.schools.add(school);

  const told = {
    ...ranked,
    year,
    distinctNames: ranked.names.length,
    previous,
    newNames: previous === null ? 0 : newNames.length,
    newSchools: previous === null ? 0 : newSchools.length,
  };
  rows.add('intro', null, null, (s) => s.introByYear(told));
  rows.add('outro', null, null, (s) => s.outroByYear(told));
  return rows.ordered(YEARLY_CATEGORY_ORDER);
}

function globalRows(years: readonly YearTally[], all: ScopeTally, k: number): StatisticRow[] {
  const rows = new RowList();
  const ranked = rankingRows(rows, all, k);
  const editions = years.length;

  const totals: YearCount[] = years.map((tally) => ({ year: tally.year, count: tally.participants }));
  const busiest = totals.reduce((most, item) => (item.count > most.count ? item : most));
  /** The years each school took part in, ascending, with its records of each. */
  const yearsOf = new Map<string, YearCount[]>();
  for (const { year, schools } of years) {
    for (const [school, count] of schools)
      yearsOf.set(school, [...(yearsOf.get(school) ?? []), { year, count }]);
  }
  const constant = ranked.topSchools
    .map(({ name, count }) => ({ name, count: yearsOf.get(name)!.length, total: count }))
    .sort((a, b) => b.count - a.count || b.total - a.total || compareSpanish(a.name, b.name));
  const told = {
    ...ranked,
    years: years.map((tally) => tally.year),
    participations: all.participants,
    distinctNames: ranked.names.length,
    busiest,
    alwaysPresent: constant.filter((school) => school.count === editions).length,
    topSchool: ranked.topSchools[0] ?? null,
  };
  rows.add('totalParticipants', totals, totals, (s) => s.totalParticipants(told));

  const byLength = rank(ranked.names.map((word) => ({ ...word, count: [...word.name].length })));
  const longest = published(byLength, reachedBy(all.bearers.firstNames), k);
  rows.list(
    'longestNames',
    longest.items.map((item) => item.name),
    (s) => s.longestNames(longest.items, longest.withheld),
  );

  const evolution = ranked.topSchools.map(({ name, count }) => ({
    total: count,
    school: name,
    years: yearsOf.get(name)!,
  }));
  const evolutionSummary: Tell = (s) => s.schoolsEvolution(ranked.schools, editions, ranked.topSchools[0]);
  rows.list('schoolsEvolution', evolution, evolutionSummary);
  const constantSummary: Tell = (s) => s.mostConstantSchools(editions, constant[0], told.alwaysPresent);
  const constantItems = constant.map(({ name }) => ({ school: name, yearsActive: yearsOf.get(name)! }));
  rows.list('mostConstantSchools', constantItems, constantSummary);

  rows.add('intro', null, null, (s) => s.introGlobal(told));
  rows.add('outro', null, null, (s) => s.outroGlobal(told));
  return rows.ordered(GLOBAL_CATEGORY_ORDER);
}

/**
 * Every statistic row of DESIGN §3 from the participant records: for each 4-digit year
 * present (ascending) its yearly rows, then the global rows; nothing for years without
 * records. Rows come in a fixed category order (YEARLY_CATEGORY_ORDER,
 * GLOBAL_CATEGORY_ORDER). No records at all: no rows. `minPublishedCount` is the
 * small-count rule's `k` (DESIGN §5): no list names a first name, a surname or a school's
 * most frequent name that fewer children bear in the list's scope.
 */
export function computeStatistics(
  records: readonly ParticipantRecord[],
  minPublishedCount: number,
): StatisticRow[] {
  const k = minPublishedCount;
  const { years, all } = tallyRecords(records, k);
  if (years.length === 0) return [];
  const seen: SeenBefore = { names: new Set(), schools: new Set() };
  const rows = years.flatMap((tally, i) => yearRows(tally, years[i - 1] ?? null, seen, k));
  return rows.concat(globalRows(years, all, k));
}
