import { GLOBAL_YEAR, type CategoryId } from '../categories.js';
import { compareSpanish } from '../collation.js';
import { statisticSummaries as summaries, type LongestNameFigure, type RankedFigure } from '../texts.js';
import type { ParticipantRecord, StatisticRow, StatisticScope } from '../types.js';
import { FULL_LIMIT, PUBLIC_LIMIT, rankByScore } from './ranking.js';
import { tallyRecords, type Tallies, type Vocabulary, type YearTally } from './tally.js';

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

/** Counts of a vocabulary's words in one scope (a year, or all years). */
interface WordView {
  vocabulary: Vocabulary;
  /** Records per key id. */
  keyCounts: Int32Array;
  /** Displayed form id per key id: its most frequent written form in the scope. */
  display: Int32Array;
  /** Key ids with at least one record in the scope, ascending. */
  keys: number[];
}

function viewWords(vocabulary: Vocabulary, formCounts: Int32Array): WordView {
  const keyCounts = new Int32Array(vocabulary.keyCount);
  const display = new Int32Array(vocabulary.keyCount).fill(-1);
  const { formText, formKey } = vocabulary;
  const forms = Math.min(formCounts.length, formText.length);
  for (let form = 0; form < forms; form++) {
    const count = formCounts[form]!;
    if (count === 0) continue;
    const key = formKey[form]!;
    keyCounts[key]! += count;
    const shown = display[key]!;
    if (shown < 0) {
      display[key] = form;
    } else {
      const shownCount = formCounts[shown]!;
      if (
        count > shownCount ||
        (count === shownCount && compareSpanish(formText[form]!, formText[shown]!) < 0)
      ) {
        display[key] = form;
      }
    }
  }
  const keys: number[] = [];
  for (let key = 0; key < keyCounts.length; key++) if (keyCounts[key]! > 0) keys.push(key);
  return { vocabulary, keyCounts, display, keys };
}

function label(view: WordView, key: number): string {
  return view.vocabulary.formText[view.display[key]!]!;
}

/** `[{name, count}]`, count desc, ties by Spanish order of the displayed form. */
function rankWords(view: WordView, keys: readonly number[] = view.keys): RankedFigure[] {
  return rankByScore(
    keys,
    FULL_LIMIT,
    (key) => view.keyCounts[key]!,
    (key) => label(view, key),
  ).map((key) => ({ name: label(view, key), count: view.keyCounts[key]! }));
}

function rankSchools(
  ids: readonly number[],
  counts: Int32Array,
  schoolNames: readonly string[],
): RankedFigure[] {
  return rankByScore(
    ids,
    FULL_LIMIT,
    (id) => counts[id]!,
    (id) => schoolNames[id]!,
  ).map((id) => ({ name: schoolNames[id]!, count: counts[id]! }));
}

interface CommonNames {
  /** `[{name, school}]` for every school with names, by school. */
  items: { name: string; school: string }[];
  /** The name that is the most frequent in the most schools (count = schools). */
  leader: RankedFigure | null;
}

function commonNameBySchool(
  namesBySchool: readonly (ReadonlyMap<number, number> | undefined)[],
  names: WordView,
  schoolNames: readonly string[],
): CommonNames {
  const items: { name: string; school: string }[] = [];
  const wins = new Map<string, number>();
  for (let school = 0; school < namesBySchool.length; school++) {
    const byName = namesBySchool[school];
    if (byName === undefined || byName.size === 0) continue;
    let bestKey = -1;
    let bestCount = 0;
    for (const [key, count] of byName) {
      if (
        count > bestCount ||
        (count === bestCount && compareSpanish(label(names, key), label(names, bestKey)) < 0)
      ) {
        bestKey = key;
        bestCount = count;
      }
    }
    const name = label(names, bestKey);
    items.push({ name, school: schoolNames[school]! });
    wins.set(name, (wins.get(name) ?? 0) + 1);
  }
  items.sort((a, b) => compareSpanish(a.school, b.school));
  let leader: RankedFigure | null = null;
  for (const [name, count] of wins) {
    if (
      leader === null ||
      count > leader.count ||
      (count === leader.count && compareSpanish(name, leader.name) < 0)
    ) {
      leader = { name, count };
    }
  }
  return { items, leader };
}

/** Letters of a name (spaces, hyphens and other signs are not counted). */
function letterCount(name: string): number {
  let letters = 0;
  for (let i = 0; i < name.length; i++) {
    const code = name.charCodeAt(i) | 0x20;
    if (code >= 0x61 && code <= 0x7a) letters++;
    else if (name.charCodeAt(i) > 0x7f)
      letters += /\p{L}/u.test(String.fromCodePoint(name.codePointAt(i)!)) ? 1 : 0;
    // A character outside the BMP takes two code units: count it once.
    if (name.charCodeAt(i) >= 0xd800 && name.charCodeAt(i) <= 0xdbff) i++;
  }
  return letters;
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
    const rank = (row: StatisticRow): number => order.indexOf(row.category as CategoryId);
    return [...this.rows].sort((a, b) => rank(a) - rank(b));
  }
}

function presentSchools(counts: Int32Array): number[] {
  const ids: number[] = [];
  for (let id = 0; id < counts.length; id++) if (counts[id]! > 0) ids.push(id);
  return ids;
}

function yearRows(
  tally: YearTally,
  previous: YearTally | null,
  tallies: Tallies,
  nameSeen: Uint8Array,
  schoolSeen: Uint8Array,
): StatisticRow[] {
  const { year } = tally;
  const rows = new RowList('yearly', String(year));
  const names = viewWords(tallies.firstNames, tally.firstNames.data);
  const surnames = viewWords(tallies.surnames, tally.surnames.data);
  const schoolCounts = tally.schools.data;
  const schoolIds = presentSchools(schoolCounts);

  const total = [{ year, count: tally.participants }];
  rows.add(
    'totalParticipantsByYear',
    total,
    total,
    summaries.totalParticipantsByYear({ year, participants: tally.participants, schools: schoolIds.length }),
  );

  const topNames = rankWords(names);
  rows.list('topNamesByYear', topNames, summaries.topNamesByYear({ year, top: topNames }));
  rows.add(
    'namesDiversityByYear',
    names.keys.length,
    null,
    summaries.namesDiversityByYear({ year, distinct: names.keys.length, participants: tally.participants }),
  );

  const topSurnames = rankWords(surnames);
  rows.list('topSurnamesByYear', topSurnames, summaries.topSurnamesByYear({ year, top: topSurnames }));
  rows.add(
    'surnamesDiversityByYear',
    surnames.keys.length,
    null,
    summaries.surnamesDiversityByYear({ year, distinct: surnames.keys.length }),
  );

  const topSchools = rankSchools(schoolIds, schoolCounts, tallies.schoolNames);
  rows.list('topSchoolsByYear', topSchools, summaries.topSchoolsByYear({ year, top: topSchools }));

  const common = commonNameBySchool(tally.namesBySchool, names, tallies.schoolNames);
  rows.list(
    'commonNameBySchoolByYear',
    common.items,
    summaries.commonNameBySchoolByYear({ year, schools: common.items.length, leader: common.leader }),
  );

  let newNameCount: number | null = null;
  let newSchoolCount: number | null = null;
  if (previous !== null) {
    const newKeys = names.keys.filter((key) => nameSeen[key] === 0);
    const newNames = rankWords(names, newKeys);
    newNameCount = newKeys.length;
    rows.list(
      'newNamesByYear',
      newNames.map((item) => item.name),
      summaries.newNamesByYear({ year, count: newKeys.length, top: newNames[0] ?? null }),
    );

    const newIds = schoolIds.filter((id) => schoolSeen[id] === 0);
    const newSchools = rankSchools(newIds, schoolCounts, tallies.schoolNames);
    newSchoolCount = newIds.length;
    rows.list(
      'newSchoolsByYear',
      newSchools,
      summaries.newSchoolsByYear({ year, count: newIds.length, top: newSchools }),
    );
  }
  for (const key of names.keys) nameSeen[key] = 1;
  for (const id of schoolIds) schoolSeen[id] = 1;

  const intro = summaries.introByYear({
    year,
    participants: tally.participants,
    schools: schoolIds.length,
    previous: previous === null ? null : { year: previous.year, participants: previous.participants },
    topNames,
    topSurnames,
  });
  rows.add('intro', null, null, intro);
  const outro = summaries.outroByYear({
    year,
    participants: tally.participants,
    distinctNames: names.keys.length,
    schools: schoolIds.length,
    newSchools: newSchoolCount,
    newNames: newNameCount,
  });
  rows.add('outro', null, null, outro);
  return rows.ordered(YEARLY_CATEGORY_ORDER);
}

function sumForms(
  years: readonly YearTally[],
  pick: (tally: YearTally) => Int32Array,
  size: number,
): Int32Array {
  const sum = new Int32Array(size);
  for (const tally of years) {
    const counts = pick(tally);
    const length = Math.min(counts.length, size);
    for (let i = 0; i < length; i++) sum[i]! += counts[i]!;
  }
  return sum;
}

function globalRows(tallies: Tallies): StatisticRow[] {
  const { years, schoolNames } = tallies;
  const rows = new RowList('global', GLOBAL_YEAR);
  const editions = years.length;

  const totals = years.map((tally) => ({ year: tally.year, count: tally.participants }));
  const participations = totals.reduce((sum, item) => sum + item.count, 0);
  let busiest = totals[0]!;
  for (const item of totals) if (item.count > busiest.count) busiest = item;
  const yearList = years.map((tally) => tally.year);
  rows.add(
    'totalParticipants',
    totals,
    totals,
    summaries.totalParticipants({ years: yearList, participations, busiest }),
  );

  const names = viewWords(
    tallies.firstNames,
    sumForms(years, (tally) => tally.firstNames.data, tallies.firstNames.formText.length),
  );
  const topNames = rankWords(names);
  rows.list('topNames', topNames, summaries.topNames({ top: topNames }));
  rows.add(
    'namesDiversity',
    names.keys.length,
    null,
    summaries.namesDiversity({ distinct: names.keys.length }),
  );

  const surnames = viewWords(
    tallies.surnames,
    sumForms(years, (tally) => tally.surnames.data, tallies.surnames.formText.length),
  );
  const topSurnames = rankWords(surnames);
  rows.list('topSurnames', topSurnames, summaries.topSurnames({ top: topSurnames }));
  rows.add(
    'surnamesDiversity',
    surnames.keys.length,
    null,
    summaries.surnamesDiversity({ distinct: surnames.keys.length }),
  );

  const schoolTotals = sumForms(years, (tally) => tally.schools.data, schoolNames.length);
  const schoolIds = presentSchools(schoolTotals);
  const topSchools = rankSchools(schoolIds, schoolTotals, schoolNames);
  rows.list('topSchools', topSchools, summaries.topSchools({ top: topSchools }));

  const namesBySchool: Map<number, number>[] = [];
  for (const tally of years) {
    tally.namesBySchool.forEach((byName, school) => {
      let merged = namesBySchool[school];
      if (merged === undefined) {
        while (namesBySchool.length < school) namesBySchool.push(new Map());
        merged = new Map();
        namesBySchool[school] = merged;
      }
      for (const [key, count] of byName) merged.set(key, (merged.get(key) ?? 0) + count);
    });
  }
  const common = commonNameBySchool(namesBySchool, names, schoolNames);
  rows.list(
    'commonNameBySchool',
    common.items,
    summaries.commonNameBySchool({ schools: common.items.length, leader: common.leader }),
  );

  const letters = new Int32Array(names.vocabulary.keyCount);
  for (const key of names.keys) letters[key] = letterCount(label(names, key));
  const longest: LongestNameFigure[] = rankByScore(
    names.keys,
    FULL_LIMIT,
    (key) => letters[key]!,
    (key) => label(names, key),
  ).map((key) => ({ name: label(names, key), letters: letters[key]! }));
  rows.list(
    'longestNames',
    longest.map((item) => item.name),
    summaries.longestNames({ top: longest }),
  );

  const schoolYears = (id: number): { year: number; count: number }[] => {
    const list: { year: number; count: number }[] = [];
    for (const tally of years) {
      const count = tally.schools.get(id);
      if (count > 0) list.push({ year: tally.year, count });
    }
    return list;
  };
  const evolution = rankByScore(
    schoolIds,
    FULL_LIMIT,
    (id) => schoolTotals[id]!,
    (id) => schoolNames[id]!,
  ).map((id) => ({ total: schoolTotals[id]!, school: schoolNames[id]!, years: schoolYears(id) }));
  const top = evolution[0];
  rows.list(
    'schoolsEvolution',
    evolution,
    summaries.schoolsEvolution({
      schools: schoolIds.length,
      editions,
      top: top === undefined ? null : { name: top.school, count: top.total },
    }),
  );

  const activeYears = new Int32Array(schoolNames.length);
  for (const tally of years) for (const id of presentSchools(tally.schools.data)) activeYears[id]!++;
  const constant = [...schoolIds]
    .sort(
      (a, b) =>
        activeYears[b]! - activeYears[a]! ||
        schoolTotals[b]! - schoolTotals[a]! ||
        compareSpanish(schoolNames[a]!, schoolNames[b]!),
    )
    .slice(0, FULL_LIMIT)
    .map((id) => ({ school: schoolNames[id]!, yearsActive: activeYears[id]!, years: schoolYears(id) }));
  const alwaysPresent = schoolIds.filter((id) => activeYears[id] === editions).length;
  const mostConstant = constant[0];
  rows.list(
    'mostConstantSchools',
    constant,
    summaries.mostConstantSchools({
      editions,
      top:
        mostConstant === undefined
          ? null
          : { school: mostConstant.school, yearsActive: mostConstant.yearsActive },
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
      participations,
      schools: schoolIds.length,
      busiest,
      topNames,
      topSurnames,
    }),
  );
  rows.add(
    'outro',
    null,
    null,
    summaries.outroGlobal({
      editions,
      schools: schoolIds.length,
      alwaysPresent,
      topSchool: topSchools[0] ?? null,
      distinctNames: names.keys.length,
    }),
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
  const tallies = tallyRecords(records);
  if (tallies.years.length === 0) return [];
  const nameSeen = new Uint8Array(tallies.firstNames.keyCount);
  const schoolSeen = new Uint8Array(tallies.schoolNames.length);
  const rows: StatisticRow[] = [];
  let previous: YearTally | null = null;
  for (const tally of tallies.years) {
    rows.push(...yearRows(tally, previous, tallies, nameSeen, schoolSeen));
    previous = tally;
  }
  rows.push(...globalRows(tallies));
  return rows;
}
