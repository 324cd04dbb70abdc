import { describe, expect, it } from 'vitest';
import { generateDemoRows } from '../../../src/demo/index.js';
import { normalizeName } from '../../../src/domain/names.js';
import { DEMO_FIRST_NAMES, DEMO_SURNAMES } from '../../support/demo-pools.js';
import { DEFAULT_MIN_PUBLISHED_COUNT } from '../../../src/domain/statistics/index.js';
import type { StatisticRow } from '../../../src/domain/types.js';
import { computeStatistics } from '../../support/statistics.js';

/**
 * The demo dataset as its statistics read: the lists must look like a real festival's,
 * and every summary must say what its data says.
 */

function statisticsOfDemo(seed: number, k = DEFAULT_MIN_PUBLISHED_COUNT): StatisticRow[] {
  return computeStatistics(
    [...generateDemoRows({ seed, scale: 1 })].map((row) => ({
      name: normalizeName(row.name),
      school: row.school,
      year: Number(row.year),
    })),
    k,
  );
}

type Item = Record<string, unknown>;
/** The whole list of a row (`full_data`), or its value. */
const full = (row: StatisticRow): unknown => row.fullData ?? row.publicData;
const items = (row: StatisticRow): Item[] => (Array.isArray(full(row)) ? (full(row) as Item[]) : []);

/** The rows of one year (or global) by category. */
class Scope {
  constructor(private readonly rows: readonly StatisticRow[]) {}

  row(category: string): StatisticRow {
    const found = this.rows.find((row) => row.category === category);
    if (found === undefined) throw new Error(`no ${category} row`);
    return found;
  }

  has(category: string): boolean {
    return this.rows.some((row) => row.category === category);
  }

  list(category: string): Item[] {
    return this.has(category) ? items(this.row(category)) : [];
  }

  /** `[{name, count}]` lists as name → count. */
  counts(category: string): Map<string, number> {
    return new Map(this.list(category).map((item) => [item.name as string, item.count as number]));
  }
}

/** The first names a row shows (none for other rows). */
function firstNamesShown(row: StatisticRow): string[] {
  switch (row.category) {
    case 'topNamesByYear':
    case 'topNames':
    case 'commonNameBySchoolByYear':
    case 'commonNameBySchool':
      return items(row).map((item) => item.name as string);
    case 'newNamesByYear':
    case 'longestNames':
      return full(row) as string[];
    default:
      return [];
  }
}

/** The surnames a row shows (none for other rows). */
function surnamesShown(row: StatisticRow): string[] {
  const lists = ['topSurnamesByYear', 'topSurnames'];
  return lists.includes(row.category) ? items(row).map((item) => item.name as string) : [];
}

describe.each([1, 2])('the demo statistics (seed %i)', (seed) => {
  const rows = statisticsOfDemo(seed);
  const scopes = new Map<string, Scope>();
  for (const year of new Set(rows.map((row) => row.year)))
    scopes.set(year, new Scope(rows.filter((row) => row.year === year)));
  /** The lists with every name (k = 1): the counts the summaries give stay theirs. */
  const everyName = statisticsOfDemo(seed, 1);
  const everyNameLength = (year: string, category: string) =>
    items(everyName.find((row) => row.year === year && row.category === category)!).length;
  const global = scopes.get('global')!;
  const totals = new Map(
    global.list('totalParticipants').map((item) => [item.year as number, item.count as number]),
  );
  const editions = totals.size;

  it('list first names in every name list, and surnames in the surname lists', () => {
    let shown = 0;
    for (const row of rows) {
      const where = `${row.year} ${row.category}`;
      expect(
        firstNamesShown(row).filter((name) => !DEMO_FIRST_NAMES.has(name)),
        where,
      ).toEqual([]);
      expect(
        surnamesShown(row).filter((name) => !DEMO_SURNAMES.has(name)),
        where,
      ).toEqual([]);
      shown += firstNamesShown(row).length + surnamesShown(row).length;
    }
    expect(shown).toBeGreaterThan(3000);
    expect(global.row('namesDiversity').publicData).toBeLessThanOrEqual(DEMO_FIRST_NAMES.size);
    expect(global.row('surnamesDiversity').publicData).toBeLessThanOrEqual(DEMO_SURNAMES.size);
  });

  it('lead longestNames with the longest first names of the pools', () => {
    const longest = full(global.row('longestNames')) as string[];
    const byLength = [...DEMO_FIRST_NAMES].sort((a, b) => b.length - a.length);
    expect(longest[0]).toBe(byLength[0]);
    expect(longest[0]).toBe('Francisco Javier');
    for (let i = 1; i < longest.length; i++)
      expect(longest[i - 1]!.length).toBeGreaterThanOrEqual(longest[i]!.length);
  });

  /** Names a summary may quote: those of its own data, and for intro and outro the year's top lists. */
  function quotableNames(row: StatisticRow, scope: Scope): Set<string> {
    const names = new Set<string>();
    for (const item of items(row)) {
      if (typeof item === 'string') names.add(item);
      else for (const key of ['name', 'school']) if (typeof item[key] === 'string') names.add(item[key]);
    }
    if (row.category === 'intro' || row.category === 'outro') {
      for (const list of ['topNamesByYear', 'topSurnamesByYear', 'topNames', 'topSurnames', 'topSchools'])
        for (const item of scope.list(list)) names.add(item.name as string);
    }
    return names;
  }

  /** The figure the data gives a quoted name (or year) in `**X**, con **N**` and `**X** (**N**)`. */
  function figureOf(row: StatisticRow, scope: Scope, quoted: string): number | undefined {
    if (/^\d{4}$/.test(quoted)) return totals.get(Number(quoted));
    switch (row.category) {
      case 'longestNames':
        return (full(row) as string[]).includes(quoted) ? [...quoted].length : undefined;
      case 'schoolsEvolution':
        return items(row).find((item) => item.school === quoted)?.total as number | undefined;
      case 'newNamesByYear':
        return scope.counts('topNamesByYear').get(quoted);
      case 'outro':
        return scope.counts('topSchools').get(quoted);
      default:
        return scope.counts(row.category).get(quoted);
    }
  }

  /** Every figure a summary of this category may quote, from the data of its scope. */
  function quotableFigures(row: StatisticRow, scope: Scope): Set<number> {
    const year = Number(row.year);
    const years = [...totals.keys()];
    // Global summaries name every year with data, and those without between them (2021).
    const allYears = Array.from({ length: years.at(-1)! - years[0]! + 1 }, (_, i) => years[0]! + i);
    // Where the small-count rule shortened a list, its summary may give the minimum.
    const figures = new Set<number>(row.year === 'global' ? allYears : [year]);
    if (row.category !== 'intro' && row.category !== 'outro') figures.add(DEFAULT_MIN_PUBLISHED_COUNT);
    const add = (...values: number[]): void => values.forEach((value) => figures.add(value));
    const schoolCount = (category: string): number => scope.list(category).length;
    /** How many items of a commonNameBySchool list name each name: the schools it leads. */
    const schoolsLed = (list: Item[]): number[] => {
      const led = new Map<string, number>();
      for (const item of list) led.set(item.name as string, (led.get(item.name as string) ?? 0) + 1);
      return [...led.values()];
    };
    const alwaysPresent = global
      .list('mostConstantSchools')
      .filter((item) => (item.yearsActive as unknown[]).length === editions).length;
    switch (row.category) {
      case 'totalParticipantsByYear':
        add(totals.get(year)!, schoolCount('topSchoolsByYear'));
        break;
      case 'namesDiversityByYear':
        add(row.publicData as number, totals.get(year)!);
        break;
      case 'surnamesDiversityByYear':
      case 'namesDiversity':
      case 'surnamesDiversity':
        add(row.publicData as number);
        break;
      case 'commonNameBySchoolByYear':
      case 'commonNameBySchool':
        // The schools listed, of every school with names.
        add(items(row).length, everyNameLength(row.year, row.category), ...schoolsLed(items(row)));
        break;
      case 'newNamesByYear':
        // The names published for the first time.
        add(items(row).length);
        add(scope.counts('topNamesByYear').get((full(row) as string[])[0]!) ?? 0);
        break;
      case 'newSchoolsByYear':
        add(items(row).length);
        break;
      case 'longestNames':
        add(...(full(row) as string[]).map((name) => [...name].length));
        break;
      case 'totalParticipants':
        add(
          ...totals.values(),
          editions,
          [...totals.values()].reduce((a, b) => a + b, 0),
        );
        break;
      case 'schoolsEvolution':
        add(items(row).length, editions, ...items(row).map((item) => item.total as number));
        break;
      case 'mostConstantSchools':
        add(editions, alwaysPresent, ...items(row).map((item) => (item.yearsActive as unknown[]).length));
        break;
      case 'intro':
      case 'outro':
        if (row.year === 'global') {
          const participations = [...totals.values()].reduce((a, b) => a + b, 0);
          add(editions, participations, ...totals.values(), schoolCount('topSchools'), alwaysPresent);
          add(global.row('namesDiversity').publicData as number, ...global.counts('topSchools').values());
        } else {
          const previous = years[years.indexOf(year) - 1];
          add(
            totals.get(year)!,
            schoolCount('topSchoolsByYear'),
            scope.row('namesDiversityByYear').publicData as number,
          );
          add(scope.list('newSchoolsByYear').length);
          // The names published for the first time, and the minimum they reached.
          if (scope.has('newNamesByYear'))
            add(scope.list('newNamesByYear').length, DEFAULT_MIN_PUBLISHED_COUNT);
          if (previous !== undefined) add(previous, Math.abs(totals.get(year)! - totals.get(previous)!));
        }
        break;
      default:
        // The top* lists quote counts of their items.
        add(...items(row).map((item) => item.count as number));
    }
    return figures;
  }

  const BOLD = /\*\*([^*]+)\*\*/g;
  /** A name and its figure: `**Jon**, con **85**`, `**Ane** (**80**)`. */
  const NAME_PAIR = /\*\*(\D[^*]*)\*\*(?:, con | \()\*\*([\d.]+)\*\*/g;
  /** A year and its participants: `la de **2019**, con **4.781**` (not `de **2018** a **2025**, con` the series' total). */
  const YEAR_PAIR = /la de \*\*(\d{4})\*\*, con \*\*([\d.]+)\*\*/g;
  const NUMBER = /^\d{1,3}(?:\.\d{3})*$|^\d{4}$/;
  const parse = (figure: string): number => Number(figure.replace(/\./g, ''));

  it('quote in every summary only names that its data holds', () => {
    for (const row of rows) {
      const scope = scopes.get(row.year)!;
      const names = quotableNames(row, scope);
      const quoted = [...row.summary.matchAll(BOLD)]
        .map((match) => match[1]!)
        .filter((text) => !NUMBER.test(text));
      expect(
        quoted.filter((name) => !names.has(name)),
        `${row.year} ${row.category}: ${row.summary}`,
      ).toEqual([]);
    }
  });

  it('quote the first items of a ranking, in the order of its data', () => {
    const rankings = /^(top|new|longestNames|schoolsEvolution|mostConstantSchools)/;
    let checked = 0;
    for (const row of rows.filter((candidate) => rankings.test(candidate.category))) {
      const shown = items(row).map((item) =>
        typeof item === 'string' ? item : ((item.name ?? item.school) as string),
      );
      const quoted = [...row.summary.matchAll(BOLD)]
        .map((match) => match[1]!)
        .filter((text) => !NUMBER.test(text));
      expect(
        quoted.map((name) => shown.indexOf(name)),
        `${row.year} ${row.category}: ${row.summary}`,
      ).toEqual(quoted.map((_, i) => i));
      checked += quoted.length;
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('quote in every summary only figures that its data gives, each name with its own figure', () => {
    let pairs = 0;
    for (const row of rows) {
      const scope = scopes.get(row.year)!;
      const where = `${row.year} ${row.category}: ${row.summary}`;
      const figures = quotableFigures(row, scope);
      const quoted = [...row.summary.matchAll(BOLD)]
        .map((match) => match[1]!)
        .filter((text) => NUMBER.test(text));
      expect(
        quoted.filter((figure) => !figures.has(parse(figure))),
        where,
      ).toEqual([]);
      for (const [, name, figure] of [
        ...row.summary.matchAll(NAME_PAIR),
        ...row.summary.matchAll(YEAR_PAIR),
      ]) {
        expect(figureOf(row, scope, name!), `${name} in ${where}`).toBe(parse(figure!));
        pairs++;
      }
    }
    expect(pairs).toBeGreaterThan(50);
  });
});
