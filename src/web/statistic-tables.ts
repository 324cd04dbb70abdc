import type { z } from 'zod';
import { statisticOf, type CategoryId, type Statistic } from '../domain/categories.js';
import type { NameKind } from '../domain/statistics/name-facts.js';
import { PUBLIC_DATA_SHAPES as SHAPES, type YearCount } from '../domain/answer-shapes.js';
import { changeBetween, editionsOf, type SchoolYears } from '../domain/statistics/school-change.js';
import { es, type CategoryTexts, type Texts } from './texts/es.js';
import type { Column } from './data-table.js';
import type { CsvTable } from './open-data.js';
import { parsed, type StatisticRecord } from './year-statistics.js';

/** A column of a statistic's table: its heading on the page (in lower case in the CSV file). */
export interface TableColumn extends Column {
  /** A school's name, linked to its page. */
  school?: boolean;
  /** A first name or surname, linked to its page when it has one. */
  name?: NameKind;
}

/** The kind of name a statistic lists, if it lists first names or surnames. */
type Items = NonNullable<Statistic['items']>;
const NAME_OF_ITEMS: Partial<Record<Items, NameKind>> = { firstNames: 'firstName', surnames: 'surname' };
const nameKindOf = (statistic: Statistic) => statistic.items && NAME_OF_ITEMS[statistic.items];

/** A statistic's list as plain values, the same on the page and in its CSV file. */
export interface StatisticTable {
  columns: readonly TableColumn[];
  rows: readonly (readonly (string | number)[])[];
}

/** `data` made a table when it has `shape`, else `undefined`. */
const shaped = <T, R>(shape: z.ZodType<T>, data: unknown, make: (data: T) => R): R | undefined => {
  const items = parsed(shape, data);
  return items === undefined ? undefined : make(items);
};

export const yearCountsTable = (points: readonly YearCount[], { table: words }: Texts): StatisticTable => ({
  columns: [
    { label: words.year, short: true },
    { label: words.participants, numeric: true },
  ],
  rows: [...points].sort((a, b) => a.year - b.year).map((point) => [point.year, point.count]),
});

/** The table a page shows of a statistic that lists something, from its data (`undefined`: another shape). */
export function pageTable(
  statistic: Statistic,
  texts: CategoryTexts,
  data: unknown,
  all: Texts,
): StatisticTable | undefined {
  const { item = '', count = '' } = texts;
  const words = all.table;
  switch (statistic.shape) {
    case 'yearCounts':
      return shaped(SHAPES.yearCounts, data, (points) => yearCountsTable(points, all));
    case 'ranked':
      return shaped(SHAPES.ranked, data, (items) => ({
        columns: [
          { label: item, school: statistic.items === 'schools', name: nameKindOf(statistic) },
          { label: count, numeric: true },
        ],
        rows: items.map((entry) => [entry.name, entry.count]),
      }));
    case 'names':
      // A list of names, or with their lengths in characters.
      return shaped(SHAPES.names, data, (names) =>
        statistic.view === 'lengths'
          ? {
              columns: [
                { label: item, name: nameKindOf(statistic) },
                { label: count, numeric: true },
              ],
              rows: names.map((name) => [name, [...name].length]),
            }
          : { columns: [{ label: item, name: nameKindOf(statistic) }], rows: names.map((name) => [name]) },
      );
    case 'newSchools':
      return shaped(SHAPES.newSchools, data, (items) => ({
        columns: [{ label: item, school: true }],
        rows: items.map((entry) => [entry.school]),
      }));
    case 'nameBySchool':
      return shaped(SHAPES.nameBySchool, data, (items) => ({
        columns: [
          { label: words.school, school: true },
          { label: words.commonName, name: 'firstName' },
        ],
        rows: items.map((entry) => [entry.school, entry.name]),
      }));
  }
  return undefined;
}

/** One row per school and edition: the shape a spreadsheet or a chart tool reads best. */
const schoolYears = (
  items: readonly { school: string; years: readonly YearCount[] }[],
  { table: words }: Texts,
): CsvTable => ({
  columns: [words.school, words.year, words.participants].map((label) => label.toLowerCase()),
  rows: items.flatMap(({ school, years }) => years.map((point) => [school, point.year, point.count])),
});

/**
 * The evolution's rows, each with its change since the series' first edition, absolute and
 * in per cent (empty where the school had none there): one base keeps the file narrow.
 */
function schoolYearsWithChange(items: readonly SchoolYears[], all: Texts): CsvTable {
  // No school, no row: the first edition is then never read.
  const [first = 0] = editionsOf(items);
  const words = all.table.change;
  return {
    columns: [
      ...schoolYears([], all).columns,
      words.sinceFirst.toLowerCase(),
      words.shareSinceFirst.toLowerCase(),
    ],
    rows: items.flatMap(({ school, years }) =>
      years.map((point) => {
        const { change, share } = changeBetween(years, first, point.year);
        const percent = share === undefined ? '' : Math.round(share * 10_000) / 100;
        return [school, point.year, point.count, change, percent];
      }),
    ),
  };
}

/** The CSV file of a statistic the page shows without a table: a big number, or a school per row and edition. */
function csvOnly(statistic: Statistic, data: unknown, all: Texts, title: string): CsvTable | undefined {
  switch (statistic.shape) {
    case 'figure':
      return shaped(SHAPES.figure, data, (value) => ({ columns: [title], rows: [[value]] }));
    case 'evolution':
      return shaped(SHAPES.evolution, data, (items) => schoolYearsWithChange(items, all));
    case 'constant':
      return shaped(SHAPES.constant, data, (items) =>
        schoolYears(
          items.map((entry) => ({ school: entry.school, years: entry.yearsActive })),
          all,
        ),
      );
  }
  return undefined;
}

/**
 * A statistic as CSV: its whole list (`full_data` when there); `undefined` for a text or a
 * wrong shape. One file for both languages: its column names are the Spanish headings in
 * lower case, names to read by programs like the API's keys (docs/decisions.md). Made with
 * another catalogue (`all`), the same table with that language's headings: the titles of
 * its columns in the data package.
 */
export function statisticTable(
  category: CategoryId,
  record: StatisticRecord,
  all: Texts = es,
): CsvTable | undefined {
  const statistic = statisticOf(category);
  const texts: CategoryTexts = all.categories[category];
  const table = (data: unknown): CsvTable | undefined => {
    const shown = pageTable(statistic, texts, data, all);
    if (shown === undefined) return csvOnly(statistic, data, all, texts.title);
    return { columns: shown.columns.map((column) => column.label.toLowerCase()), rows: shown.rows };
  };
  return table(record.fullData ?? record.publicData) ?? table(record.publicData);
}
