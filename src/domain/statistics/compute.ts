import type { YearCount } from '../answer-shapes.js';
import { categoriesOf, GLOBAL_YEAR, type CategoryId } from '../categories.js';
import { compareSpanish } from '../collation.js';
import type { ParticipantRecord, StatisticRow, StatisticScope } from '../types.js';
import { basqueSummaries } from './summaries-eu.js';
import { statisticSummaries, type RankedFigure, type Withheld } from './summaries.js';
import { publishedFacts, type NameFact } from './name-facts.js';
import { distinctNames, tallyEditions, type Counts, type EditionTally } from './tally.js';

// A list keeps its first 15 items in `public_data` and its first 250 in `full_data`
// (DESIGN §3 leaves `full_data` open); the yearly series keep every year.
const PUBLIC_LIMIT = 15;
const FULL_LIMIT = 250;

export const YEARLY_CATEGORY_ORDER = categoriesOf('yearly');
export const GLOBAL_CATEGORY_ORDER = categoriesOf('global');

/** Most counted first, ties in Spanish order of the name (sorts in place). */
function rank<T extends RankedFigure>(items: T[]): T[] {
  return items.sort((a, b) => b.count - a.count || compareSpanish(a.name, b.name));
}

function figures(counts: Counts): RankedFigure[] {
  return [...counts].map(([name, count]) => ({ name, count }));
}

/** A word counted by its lowercase `key`, shown as it is most often written. */
interface CountedWord extends RankedFigure {
  key: string;
}

const figure = ({ name, count }: RankedFigure): RankedFigure => ({ name, count });

function addTo(counts: Counts, key: string, records: number): void {
  counts.set(key, (counts.get(key) ?? 0) + records);
}

/**
 * Each name's records added over the editions where it is published: its total tells
 * nothing of the editions under k (docs/security.md, "No count under k by arithmetic").
 */
function publishedWords(facts: readonly NameFact[]): CountedWord[] {
  return facts.map(({ key, name, editions }) => {
    const count = editions.reduce((sum, edition) => sum + (edition.count ?? 0), 0);
    return { key, name, count };
  });
}

/** What a year, or the series (no `year`), publishes: what its rows are made from. */
interface Scope {
  year?: number;
  k: number;
  participants: number;
  distinctFirstNames: number;
  distinctSurnames: number;
  firstNames: CountedWord[];
  surnames: CountedWord[];
  schools: Counts;
  firstNamesBySchool: Map<string, Counts>;
}

function scopeOf(
  tallies: readonly EditionTally[],
  distinct: { firstNames: number; surnames: number },
  year?: number,
): Scope {
  const schools: Counts = new Map();
  const firstNamesBySchool = new Map<string, Counts>();
  for (const tally of tallies) {
    for (const school of tally.schools) {
      addTo(schools, school.school, school.records);
      let names = firstNamesBySchool.get(school.school);
      if (names === undefined) firstNamesBySchool.set(school.school, (names = new Map()));
      for (const cell of school.firstNames) addTo(names, cell.key, cell.records);
    }
  }
  const facts = publishedFacts(tallies, tallies[0]!.k);
  return {
    year,
    k: facts.k,
    participants: tallies.reduce((sum, tally) => sum + tally.participants, 0),
    distinctFirstNames: distinct.firstNames,
    distinctSurnames: distinct.surnames,
    firstNames: publishedWords(facts.firstNames),
    surnames: publishedWords(facts.surnames),
    schools,
    firstNamesBySchool,
  };
}

const withheldOf = (k: number, distinct: number, listed: number, ahead = false): Withheld => ({
  k,
  count: distinct - listed,
  ahead,
});

type Summaries = typeof statisticSummaries;
/** What a row's summary tells, in either language. */
type Tell = (summaries: Summaries) => string;

class RowList {
  readonly rows: StatisticRow[] = [];
  constructor(private readonly year?: number) {}

  list(category: CategoryId, items: readonly unknown[], tell: Tell): void {
    this.add(category, items.slice(0, PUBLIC_LIMIT), items.slice(0, FULL_LIMIT), tell);
  }

  add(category: CategoryId, publicData: unknown, fullData: unknown, tell: Tell): void {
    const scope: StatisticScope = this.year === undefined ? 'global' : 'yearly';
    const year = this.year === undefined ? GLOBAL_YEAR : String(this.year);
    const [summary, basqueSummary] = [tell(statisticSummaries), tell(basqueSummaries)];
    this.rows.push({ category, scope, year, publicData, fullData, summary, basqueSummary });
  }

  ordered(order: readonly CategoryId[]): StatisticRow[] {
    const position = (row: StatisticRow): number => order.indexOf(row.category as CategoryId);
    return this.rows.sort((a, b) => position(a) - position(b));
  }
}

/** The most frequent published first name of each school that has one, schools in Spanish order. */
function commonNames(scope: Scope): { name: string; school: string }[] {
  const shown = new Map(scope.firstNames.map((word) => [word.key, word.name]));
  return [...scope.firstNamesBySchool]
    .flatMap(([school, counts]) => {
      const top = rank(figures(counts).map(({ name: key, count }) => ({ name: shown.get(key)!, count })))[0];
      return top === undefined ? [] : [{ name: top.name, school }];
    })
    .sort((a, b) => compareSpanish(a.school, b.school));
}

/** The rows a year and the series both have, and the figures their intro and outro tell. */
function rankingRows(rows: RowList, scope: Scope) {
  const { year, k } = scope;
  const byYear = year === undefined ? '' : 'ByYear';
  const names = rank([...scope.firstNames]);
  const namesWithheld = withheldOf(k, scope.distinctFirstNames, names.length);
  const surnamesWithheld = withheldOf(k, scope.distinctSurnames, scope.surnames.length);
  const topNames = names.map(figure);
  const topSurnames = rank([...scope.surnames]).map(figure);
  const topSchools = rank(figures(scope.schools));

  rows.list(`topNames${byYear}`, topNames, (s) => s.ranking('names', topNames, year, namesWithheld));
  const participants = year === undefined ? undefined : scope.participants;
  const namesSummary: Tell = (s) => s.diversity('names', scope.distinctFirstNames, year, participants);
  rows.add(`namesDiversity${byYear}`, scope.distinctFirstNames, null, namesSummary);
  const surnamesRanking: Tell = (s) => s.ranking('surnames', topSurnames, year, surnamesWithheld);
  rows.list(`topSurnames${byYear}`, topSurnames, surnamesRanking);
  const surnamesSummary: Tell = (s) => s.diversity('surnames', scope.distinctSurnames, year);
  rows.add(`surnamesDiversity${byYear}`, scope.distinctSurnames, null, surnamesSummary);
  rows.list(`topSchools${byYear}`, topSchools, (s) => s.ranking('schools', topSchools, year));

  const common = commonNames(scope);
  const schoolsWon: Counts = new Map();
  for (const { name } of common) addTo(schoolsWon, name, 1);
  const leader = rank(figures(schoolsWon))[0] ?? null;
  const withheldSchools = withheldOf(k, scope.schools.size, common.length);
  const commonSummary: Tell = (s) => s.commonNameBySchool(common.length, leader, year, withheldSchools);
  rows.list(`commonNameBySchool${byYear}`, common, commonSummary);

  return {
    names,
    topNames,
    topSurnames,
    namesWithheld,
    surnamesWithheld,
    topSchools,
    participants: scope.participants,
    schools: scope.schools.size,
    distinctNames: scope.distinctFirstNames,
  };
}

/** First-name keys published, and schools present, in the editions before. */
interface SeenBefore {
  names: Set<string>;
  schools: Set<string>;
}

function yearRows(tally: EditionTally, previous: EditionTally | null, seen: SeenBefore): StatisticRow[] {
  const { year, participants, k } = tally;
  const rows = new RowList(year);
  const scope = scopeOf(
    [tally],
    { firstNames: tally.distinctFirstNames, surnames: tally.distinctSurnames },
    year,
  );
  const ranked = rankingRows(rows, scope);
  const total = [{ year, count: participants }];
  const totalSummary: Tell = (s) => s.totalParticipantsByYear(year, participants, ranked.schools);
  rows.add('totalParticipantsByYear', total, total, totalSummary);

  // Published for the first time: a name whose earlier editions had fewer than k children
  // is new here too, so that the list tells nothing of those editions (not even a 0).
  const newNames = ranked.names.filter((word) => !seen.names.has(word.key));
  const newSchools = rank(figures(scope.schools).filter((school) => !seen.schools.has(school.name)));
  if (previous !== null) {
    const namesSummary: Tell = (s) => s.newNamesByYear(year, newNames.length, newNames[0], k);
    rows.list(
      'newNamesByYear',
      newNames.map((word) => word.name),
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
  for (const school of scope.schools.keys()) seen.schools.add(school);

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

function globalRows(
  tallies: readonly EditionTally[],
  distinct: { firstNames: number; surnames: number },
): StatisticRow[] {
  const rows = new RowList();
  const scope = scopeOf(tallies, distinct);
  const ranked = rankingRows(rows, scope);
  const editions = tallies.length;

  const totals: YearCount[] = tallies.map((tally) => ({ year: tally.year, count: tally.participants }));
  const busiest = totals.reduce((most, item) => (item.count > most.count ? item : most));
  const yearsOf = new Map<string, YearCount[]>();
  for (const { year, schools } of tallies) {
    for (const { school, records } of schools)
      yearsOf.set(school, [...(yearsOf.get(school) ?? []), { year, count: records }]);
  }
  const constant = ranked.topSchools
    .map(({ name, count }) => ({ name, count: yearsOf.get(name)!.length, total: count }))
    .sort((a, b) => b.count - a.count || b.total - a.total || compareSpanish(a.name, b.name));
  const told = {
    ...ranked,
    years: tallies.map((tally) => tally.year),
    participations: scope.participants,
    busiest,
    alwaysPresent: constant.filter((school) => school.count === editions).length,
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
 * Every statistic row of DESIGN §3 from the editions' tallies (ascending, one `k`);
 * `distinct`: the series' distinct first names and surnames, which no tally can add up.
 */
export function statisticsOfTallies(
  tallies: readonly EditionTally[],
  distinct: { firstNames: number; surnames: number },
): StatisticRow[] {
  if (tallies.length === 0) return [];
  const seen: SeenBefore = { names: new Set(), schools: new Set() };
  const rows = tallies.flatMap((tally, i) => yearRows(tally, tallies[i - 1] ?? null, seen));
  return rows.concat(globalRows(tallies, distinct));
}

/** Every statistic row from the participant records, under the small-count rule's `k` (DESIGN §5). */
export function computeStatistics(
  records: readonly ParticipantRecord[],
  minPublishedCount: number,
): StatisticRow[] {
  return statisticsOfTallies(tallyEditions(records, minPublishedCount), distinctNames(records));
}
