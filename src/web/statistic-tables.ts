import type { z } from 'zod';
import { GLOBAL_YEAR, statisticOf, type CategoryId, type Statistic } from '../domain/categories.js';
import type { NameKind } from '../domain/statistics/name-facts.js';
import { PUBLIC_DATA_SHAPES as SHAPES, type YearCount } from '../domain/answer-shapes.js';
import { changeBetween, editionsOf, type SchoolYears } from '../domain/statistics/school-change.js';
import { es, type CategoryTexts, type Texts } from './texts/es.js';
import type { Column } from './data-table.js';
import { perCentCell, type ColumnName, type CsvTable } from './open-data.js';
import { parsed, type StatisticRecord } from './year-statistics.js';

/** A column of a statistic's table: its heading on the page, its name in the CSV file. */
export interface TableColumn extends Column {
  csv: ColumnName;
  /** A school's name, linked to its page. */
  school?: boolean;
  /** A first name or surname, linked to its page when it has one. */
  name?: NameKind;
}

/** The column of what a statistic lists: its CSV name, and the link of a school or a name. */
const ITEMS = {
  firstNames: { csv: 'nombre', name: 'firstName' },
  surnames: { csv: 'apellido', name: 'surname' },
  schools: { csv: 'compania', school: true },
} as const;
const itemColumn = (statistic: Statistic, label: string): TableColumn => ({
  label,
  ...ITEMS[statistic.items ?? 'firstNames'],
});

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
    { label: words.year, csv: 'edicion', short: true },
    { label: words.participants, csv: 'participantes', numeric: true },
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
        columns: [itemColumn(statistic, item), { label: count, csv: 'participantes', numeric: true }],
        rows: items.map((entry) => [entry.name, entry.count]),
      }));
    case 'names':
      // A list of names, or with their lengths in characters.
      return shaped(SHAPES.names, data, (names) =>
        statistic.view === 'lengths'
          ? {
              columns: [itemColumn(statistic, item), { label: count, csv: 'caracteres', numeric: true }],
              rows: names.map((name) => [name, [...name].length]),
            }
          : { columns: [itemColumn(statistic, item)], rows: names.map((name) => [name]) },
      );
    case 'newSchools':
      return shaped(SHAPES.newSchools, data, (items) => ({
        columns: [itemColumn(statistic, item)],
        rows: items.map((entry) => [entry.school]),
      }));
    case 'nameBySchool':
      return shaped(SHAPES.nameBySchool, data, (items) => ({
        columns: [
          { label: words.school, csv: 'compania', school: true },
          { label: words.commonName, csv: 'nombre', name: 'firstName' },
        ],
        rows: items.map((entry) => [entry.school, entry.name]),
      }));
  }
  return undefined;
}

/** One row per school and edition: the shape a spreadsheet or a chart tool reads best. */
const schoolYears = (items: readonly { school: string; years: readonly YearCount[] }[]): CsvTable => ({
  columns: ['compania', 'edicion', 'participantes'],
  rows: items.flatMap(({ school, years }) => years.map((point) => [school, point.year, point.count])),
});

/**
 * The evolution's rows, each with its change since the series' first edition, absolute and
 * in per cent (empty where the school had none there): one base keeps the file narrow.
 */
function schoolYearsWithChange(items: readonly SchoolYears[]): CsvTable {
  // No school, no row: the first edition is then never read.
  const [first = 0] = editionsOf(items);
  return {
    columns: [...schoolYears([]).columns, 'cambio', 'cambio_porcentaje'],
    rows: items.flatMap(({ school, years }) =>
      years.map((point) => {
        const { change, share } = changeBetween(years, first, point.year);
        return [school, point.year, point.count, change, perCentCell(share)];
      }),
    ),
  };
}

/** The CSV file of a statistic the page shows without a table: a big number, or a school per row and edition. */
function csvOnly(statistic: Statistic, data: unknown): CsvTable | undefined {
  switch (statistic.shape) {
    case 'figure': {
      const column = statistic.id.startsWith('surnames') ? 'apellidos_distintos' : 'nombres_distintos';
      return shaped(SHAPES.figure, data, (value) => ({ columns: [column], rows: [[value]] }));
    }
    case 'evolution':
      return shaped(SHAPES.evolution, data, schoolYearsWithChange);
    case 'constant':
      return shaped(SHAPES.constant, data, (items) =>
        schoolYears(items.map((entry) => ({ school: entry.school, years: entry.yearsActive }))),
      );
  }
  return undefined;
}

/** A year's file with the year as its first column (`edicion`), as every per-year file has. */
function withEdition(table: CsvTable, year: string): CsvTable {
  if (year === GLOBAL_YEAR || table.columns[0] === 'edicion') return table;
  return { columns: ['edicion', ...table.columns], rows: table.rows.map((row) => [Number(year), ...row]) };
}

/**
 * A statistic of a year as CSV: its whole list (`full_data` when there); `undefined` for a
 * text or a wrong shape. One file for both languages, its columns named as in every file
 * (docs/decisions.md).
 */
export function statisticTable(
  category: CategoryId,
  record: StatisticRecord,
  year: string,
): CsvTable | undefined {
  const statistic = statisticOf(category);
  const texts: CategoryTexts = es.categories[category];
  const table = (data: unknown): CsvTable | undefined => {
    const shown = pageTable(statistic, texts, data, es);
    if (shown === undefined) return csvOnly(statistic, data);
    return { columns: shown.columns.map((column) => column.csv), rows: shown.rows };
  };
  const made = table(record.fullData ?? record.publicData) ?? table(record.publicData);
  return made && withEdition(made, year);
}
