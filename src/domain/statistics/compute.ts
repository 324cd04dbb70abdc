import type { YearCount } from '../answer-shapes.js';
import { categoriesOf, GLOBAL_YEAR, type CategoryId } from '../categories.js';
import { compareSpanish } from '../collation.js';
import type { ParticipantRecord, StatisticRow, StatisticScope } from '../types.js';
import { basqueSummaries } from './summaries-eu.js';
import { statisticSummaries, type RankedFigure, type Withheld } from './summaries.js';
import {
  distinctNames,
  shownForm,
  tallyEditions,
  type Counts,
  type EditionTally,
  type NameCell,
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

const figure = ({ name, count }: RankedFigure): RankedFigure => ({ name, count });

function addTo(counts: Counts, key: string, records: number): void {
  counts.set(key, (counts.get(key) ?? 0) + records);
}

/**
 * The published names of some editions: each name's records added over the editions
 * where its cell is published, shown as written most often there. A name's total is thus
 * the sum of the figures published for it, and tells nothing of the editions where fewer
 * than k children bore it (docs/security.md, "No count under k by arithmetic").
 */
function publishedWords(cellsOfEditions: readonly (readonly NameCell[])[]): CountedWord[] {
  const records: Counts = new Map();
  const forms = new Map<string, Counts>();
  for (const cells of cellsOfEditions) {
    for (const cell of cells) {
      addTo(records, cell.key, cell.records);
      let written = forms.get(cell.key);
      if (written === undefined) forms.set(cell.key, (written = new Map()));
      for (const [form, count] of cell.forms) addTo(written, form, count);
    }
  }
  return [...records].map(([key, count]) => ({ key, name: shownForm(forms.get(key)!), count }));
}

/** What a year, or the series, publishes: what its rows are made from. */
interface Scope {
  /** Undefined for the series. */
  year?: number;
  k: number;
  participants: number;
  distinctFirstNames: number;
  distinctSurnames: number;
  firstNames: CountedWord[];
  surnames: CountedWord[];
  /** Records per school. */
  schools: Counts;
  /** Per school, the records of each first name it publishes (key → records). */
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
  return {
    year,
    k: tallies[0]!.k,
    participants: tallies.reduce((sum, tally) => sum + tally.participants, 0),
    distinctFirstNames: distinct.firstNames,
    distinctSurnames: distinct.surnames,
    firstNames: publishedWords(tallies.map((tally) => tally.firstNames)),
    surnames: publishedWords(tallies.map((tally) => tally.surnames)),
    schools,
    firstNamesBySchool,
  };
}

/** What the rule left out of a list of `listed` names among `distinct`: the summaries tell it. */
const withheldOf = (k: number, distinct: number, listed: number, ahead = false): Withheld => ({
  k,
  count: distinct - listed,
  ahead,
});

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
 * The most frequent published first name of each school (Spanish order of the schools),
 * shown as the scope writes it most; a school none of whose names k of its children bore
 * is left out.
 */
function commonNames(scope: Scope): { name: string; school: string }[] {
  const shown = new Map(scope.firstNames.map((word) => [word.key, word.name]));
  return [...scope.firstNamesBySchool]
    .flatMap(([school, counts]) => {
      const top = rank(figures(counts).map(({ name: key, count }) => ({ name: shown.get(key)!, count })))[0];
      return top === undefined ? [] : [{ name: top.name, school }];
    })
    .sort((a, b) => compareSpanish(a.school, b.school));
}

/**
 * The rows a year and the series both have (`topNames`, `namesDiversity`… or their
 * `ByYear` forms), and the figures their intro and outro tell. Only the names at least
 * `k` children bore in an edition are listed (DESIGN §5); the diversity figures count
 * them all.
 */
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

/** First names (lowercase keys) published, and schools present, in the editions before the one being computed. */
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
  /** The years each school took part in, ascending, with its records of each. */
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
 * Every statistic row of DESIGN §3 from the published editions' tallies (ascending, all
 * under one `k`): each edition's yearly rows, then the global rows; `distinct`: the
 * distinct first names and surnames over those editions (the series' diversity, which
 * no tally can add up). No tallies: no rows. No list names a name that fewer than `k`
 * children bore in an edition, and a name's total adds only its published editions.
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

/**
 * Every statistic row from the participant records, each 4-digit year tallied under the
 * small-count rule's `minPublishedCount` (`k`, DESIGN §5): `statisticsOfTallies` of them.
 */
export function computeStatistics(
  records: readonly ParticipantRecord[],
  minPublishedCount: number,
): StatisticRow[] {
  return statisticsOfTallies(tallyEditions(records, minPublishedCount), distinctNames(records));
}
