import { GLOBAL_YEAR, type CategoryId } from '../categories.js';
import { compareSpanish } from '../collation.js';
import { statisticSummaries as summaries, type LongestNameFigure, type RankedFigure } from './summaries.js';
import type { ParticipantRecord, StatisticRow, StatisticScope } from '../types.js';
import { FULL_LIMIT, PUBLIC_LIMIT, rankByScore } from './ranking.js';
import { mergeTallies, tallyByYear, type ScopeTally, type YearTally } from './tally.js';
import type { CountedWord } from './word-counts.js';

/*
 * Data kept per row (DESIGN §3 leaves `full_data` open):
 * - array categories: `public_data` = the first 15 items, `full_data` = the first 250
 *   (the whole list when shorter), both in the same order;
 * - `totalParticipants` and `totalParticipantsByYear` are per-year series: every year is
 *   kept in both (never cut at 15);
 * - scalar categories (`namesDiversity*`, `surnamesDiversity*`): `full_data` is null;
 * - `intro` / `outro`: `public_data` and `full_data` are null, the text is the summary.
 */

/** Category order of each year's rows (and of the global rows below). */
export const YEARLY_CATEGORY_ORDER: readonly CategoryId[] = [
  'intro',
  'totalParticipantsByYear',
  'topNamesByYear',
  'namesDiversityByYear',
  'topSurnamesByYear',
  'surnamesDiversityByYear',
  'topSchoolsByYear',
  'commonNameBySchoolByYear',
  'newNamesByYear',
  'newSchoolsByYear',
  'outro',
];

export const GLOBAL_CATEGORY_ORDER: readonly CategoryId[] = [
  'intro',
  'totalParticipants',
  'topNames',
  'namesDiversity',
  'topSurnames',
  'surnamesDiversity',
  'topSchools',
  'commonNameBySchool',
  'longestNames',
  'schoolsEvolution',
  'mostConstantSchools',
  'outro',
];

interface YearCount {
  year: number;
  count: number;
}

/** `[{name, count}]`, count desc, ties in Spanish order of the name. */
function rank(items: readonly RankedFigure[]): RankedFigure[] {
  return rankByScore(
    items,
    FULL_LIMIT,
    (item) => item.count,
    (item) => item.name,
  );
}

const asFigure = (word: CountedWord): RankedFigure => ({ name: word.name, count: word.count });

function figures(counts: ReadonlyMap<string, number>): RankedFigure[] {
  return [...counts].map(([name, count]) => ({ name, count }));
}

interface CommonNames {
  /** `[{name, school}]` for every school with named records, by school. */
  items: { name: string; school: string }[];
  /** The name that is the most frequent in the most schools (count = schools). */
  leader: RankedFigure | null;
}

/** The most frequent first name of each school, shown as the scope writes it most. */
function commonNameBySchool(scope: ScopeTally, shown: ReadonlyMap<string, string>): CommonNames {
  const items: { name: string; school: string }[] = [];
  for (const [school, counts] of scope.firstNamesBySchool) {
    const names = [...counts].map(([key, count]) => ({ name: shown.get(key)!, count }));
    items.push({ name: rank(names)[0]!.name, school });
  }
  items.sort((a, b) => compareSpanish(a.school, b.school));
  const schoolsWon = new Map<string, number>();
  for (const { name } of items) schoolsWon.set(name, (schoolsWon.get(name) ?? 0) + 1);
  const leader = rank(figures(schoolsWon))[0] ?? null;
  return { items, leader };
}

/** The rankings every scope has, a year or all of them. */
interface ScopeRankings {
  /** Every first name, unranked. */
  names: CountedWord[];
  topNames: RankedFigure[];
  topSurnames: RankedFigure[];
  distinctSurnames: number;
  topSchools: RankedFigure[];
  common: CommonNames;
}

function rankScope(scope: ScopeTally): ScopeRankings {
  const names = scope.firstNames.words();
  const shown = new Map(names.map((word) => [word.key, word.name]));
  return {
    names,
    topNames: rank(names.map(asFigure)),
    topSurnames: rank(scope.surnames.words().map(asFigure)),
    distinctSurnames: scope.surnames.size,
    topSchools: rank(figures(scope.schools)),
    common: commonNameBySchool(scope, shown),
  };
}

/** Characters as a reader counts them: spaces included, one per code point. */
function characterCount(name: string): number {
  return [...name].length;
}

class RowList {
  readonly rows: StatisticRow[] = [];
  constructor(
    private readonly scope: StatisticScope,
    private readonly year: string,
  ) {}

  list(category: CategoryId, items: readonly unknown[], summary: string): void {
    this.add(category, items.slice(0, PUBLIC_LIMIT), items.slice(0, FULL_LIMIT), summary);
  }

  add(category: CategoryId, publicData: unknown, fullData: unknown, summary: string): void {
    this.rows.push({ category, scope: this.scope, year: this.year, publicData, fullData, summary });
  }

  /** The rows in the given category order. */
  ordered(order: readonly CategoryId[]): StatisticRow[] {
    const position = (row: StatisticRow): number => order.indexOf(row.category as CategoryId);
    return [...this.rows].sort((a, b) => position(a) - position(b));
  }
}

/** First names and schools of the years before the one being computed (lowercase keys, school names). */
interface SeenBefore {
  names: Set<string>;
  schools: Set<string>;
}

function yearRows(tally: YearTally, previous: YearTally | null, seen: SeenBefore): StatisticRow[] {
  const { year, participants } = tally;
  const rows = new RowList('yearly', String(year));
  const ranked = rankScope(tally);
  const schools = tally.schools.size;
  const distinctNames = ranked.names.length;

  const total = [{ year, count: participants }];
  rows.add(
    'totalParticipantsByYear',
    total,
    total,
    summaries.totalParticipantsByYear({ year, participants, schools }),
  );

  rows.list('topNamesByYear', ranked.topNames, summaries.topNamesByYear({ year, top: ranked.topNames }));
  rows.add(
    'namesDiversityByYear',
    distinctNames,
    null,
    summaries.namesDiversityByYear({ year, distinct: distinctNames, participants }),
  );

  rows.list(
    'topSurnamesByYear',
    ranked.topSurnames,
    summaries.topSurnamesByYear({ year, top: ranked.topSurnames }),
  );
  rows.add(
    'surnamesDiversityByYear',
    ranked.distinctSurnames,
    null,
    summaries.surnamesDiversityByYear({ year, distinct: ranked.distinctSurnames }),
  );

  rows.list(
    'topSchoolsByYear',
    ranked.topSchools,
    summaries.topSchoolsByYear({ year, top: ranked.topSchools }),
  );

  const { common } = ranked;
  rows.list(
    'commonNameBySchoolByYear',
    common.items,
    summaries.commonNameBySchoolByYear({ year, schools: common.items.length, leader: common.leader }),
  );

  let newNameCount: number | null = null;
  let newSchoolCount: number | null = null;
  if (previous !== null) {
    const newWords = ranked.names.filter((word) => !seen.names.has(word.key));
    const newNames = rank(newWords.map(asFigure));
    newNameCount = newWords.length;
    rows.list(
      'newNamesByYear',
      newNames.map((item) => item.name),
      summaries.newNamesByYear({ year, count: newNameCount, top: newNames[0] ?? null }),
    );

    const newSchoolFigures = figures(tally.schools).filter((school) => !seen.schools.has(school.name));
    const newSchools = rank(newSchoolFigures);
    newSchoolCount = newSchoolFigures.length;
    rows.list(
      'newSchoolsByYear',
      newSchools.map((item) => ({ school: item.name })),
      summaries.newSchoolsByYear({
        year,
        count: newSchoolCount,
        schools: newSchools.map((item) => item.name),
      }),
    );
  }
  for (const word of ranked.names) seen.names.add(word.key);
  for (const school of tally.schools.keys()) seen.schools.add(school);

  const intro = summaries.introByYear({
    year,
    participants,
    schools,
    previous: previous === null ? null : { year: previous.year, participants: previous.participants },
    topNames: ranked.topNames,
    topSurnames: ranked.topSurnames,
  });
  rows.add('intro', null, null, intro);
  const outro = summaries.outroByYear({
    year,
    participants,
    distinctNames,
    schools,
    newSchools: newSchoolCount,
    newNames: newNameCount,
  });
  rows.add('outro', null, null, outro);
  return rows.ordered(YEARLY_CATEGORY_ORDER);
}

function globalRows(years: readonly YearTally[]): StatisticRow[] {
  const rows = new RowList('global', GLOBAL_YEAR);
  const all = mergeTallies(years);
  const ranked = rankScope(all);
  const editions = years.length;
  const schools = all.schools.size;
  const distinctNames = ranked.names.length;

  const totals: YearCount[] = years.map((tally) => ({ year: tally.year, count: tally.participants }));
  let busiest = totals[0]!;
  for (const item of totals) if (item.count > busiest.count) busiest = item;
  const yearList = years.map((tally) => tally.year);
  rows.add(
    'totalParticipants',
    totals,
    totals,
    summaries.totalParticipants({ years: yearList, participations: all.participants, busiest }),
  );

  rows.list('topNames', ranked.topNames, summaries.topNames({ top: ranked.topNames }));
  rows.add('namesDiversity', distinctNames, null, summaries.namesDiversity({ distinct: distinctNames }));

  rows.list('topSurnames', ranked.topSurnames, summaries.topSurnames({ top: ranked.topSurnames }));
  rows.add(
    'surnamesDiversity',
    ranked.distinctSurnames,
    null,
    summaries.surnamesDiversity({ distinct: ranked.distinctSurnames }),
  );

  rows.list('topSchools', ranked.topSchools, summaries.topSchools({ top: ranked.topSchools }));

  const { common } = ranked;
  rows.list(
    'commonNameBySchool',
    common.items,
    summaries.commonNameBySchool({ schools: common.items.length, leader: common.leader }),
  );

  const longest: LongestNameFigure[] = rankByScore(
    ranked.names.map((word) => ({ name: word.name, characters: characterCount(word.name) })),
    FULL_LIMIT,
    (item) => item.characters,
    (item) => item.name,
  );
  rows.list(
    'longestNames',
    longest.map((item) => item.name),
    summaries.longestNames({ top: longest }),
  );

  /** The years each school took part in, ascending, with its records of each. */
  const yearsOf = new Map<string, YearCount[]>();
  for (const tally of years) {
    for (const [school, count] of tally.schools) {
      const list = yearsOf.get(school) ?? [];
      list.push({ year: tally.year, count });
      yearsOf.set(school, list);
    }
  }

  const evolution = ranked.topSchools.map((item) => ({
    total: item.count,
    school: item.name,
    years: yearsOf.get(item.name)!,
  }));
  const top = ranked.topSchools[0] ?? null;
  rows.list('schoolsEvolution', evolution, summaries.schoolsEvolution({ schools, editions, top }));

  const constant = [...all.schools]
    .map(([school, total]) => ({ school, total, yearsActive: yearsOf.get(school)! }))
    .sort(
      (a, b) =>
        b.yearsActive.length - a.yearsActive.length ||
        b.total - a.total ||
        compareSpanish(a.school, b.school),
    );
  const alwaysPresent = constant.filter((item) => item.yearsActive.length === editions).length;
  const mostConstant = constant[0];
  rows.list(
    'mostConstantSchools',
    constant.map(({ school, yearsActive }) => ({ school, yearsActive })),
    summaries.mostConstantSchools({
      editions,
      top:
        mostConstant === undefined
          ? null
          : { school: mostConstant.school, editionsPresent: mostConstant.yearsActive.length },
      alwaysPresent,
    }),
  );

  const present = new Set(yearList);
  const missingYears: number[] = [];
  for (let year = yearList[0]!; year < yearList[editions - 1]!; year++)
    if (!present.has(year)) missingYears.push(year);
  rows.add(
    'intro',
    null,
    null,
    summaries.introGlobal({
      years: yearList,
      missingYears,
      participations: all.participants,
      schools,
      busiest,
      topNames: ranked.topNames,
      topSurnames: ranked.topSurnames,
    }),
  );
  rows.add(
    'outro',
    null,
    null,
    summaries.outroGlobal({ editions, schools, alwaysPresent, topSchool: top, distinctNames }),
  );
  return rows.ordered(GLOBAL_CATEGORY_ORDER);
}

/**
 * Every statistic row of DESIGN §3 from the participant records: for each 4-digit year
 * present (ascending) its yearly rows, then the global rows; nothing for years without
 * records. Rows come in a fixed category order (YEARLY_CATEGORY_ORDER,
 * GLOBAL_CATEGORY_ORDER). No records at all: no rows.
 */
export function computeStatistics(records: readonly ParticipantRecord[]): StatisticRow[] {
  const years = tallyByYear(records);
  if (years.length === 0) return [];
  const seen: SeenBefore = { names: new Set(), schools: new Set() };
  const rows: StatisticRow[] = [];
  let previous: YearTally | null = null;
  for (const tally of years) {
    rows.push(...yearRows(tally, previous, seen));
    previous = tally;
  }
  rows.push(...globalRows(years));
  return rows;
}
