import type { z } from 'zod';
import type { CategoryId } from '../domain/categories.js';
import { PUBLIC_DATA_SHAPES as SHAPES, type YearCount } from '../domain/answer-shapes.js';
import { webTexts, type CategoryTexts } from './copy.js';
import type { Column } from './data-table.js';
import type { CsvTable } from './open-data.js';
import { parsed, type StatisticRecord } from './year-statistics.js';

/** A column of a statistic's table: its heading on the page (in lower case in the CSV file). */
export interface TableColumn extends Column {
  /** A school's name, linked to its page. */
  school?: boolean;
}

/** A statistic's list as plain values, the same on the page and in its CSV file. */
export interface StatisticTable {
  columns: readonly TableColumn[];
  rows: readonly (readonly (string | number)[])[];
}

const words = webTexts.table;
const categories = webTexts.categories;

/** A table of one shape, or `undefined` when the data has another one. */
const shaped =
  <T, R>(shape: z.ZodType<T>, make: (data: T) => R) =>
  (data: unknown) => {
    const items = parsed(shape, data);
    return items === undefined ? undefined : make(items);
  };

export const yearCountsTable = (points: readonly YearCount[]): StatisticTable => ({
  columns: [
    { label: words.year, short: true },
    { label: words.participants, numeric: true },
  ],
  rows: [...points].sort((a, b) => a.year - b.year).map((point) => [point.year, point.count]),
});

const ranked = ({ item, count }: CategoryTexts, school = false) =>
  shaped(SHAPES.ranked, (items) => ({
    columns: [
      { label: item!, school },
      { label: count!, numeric: true },
    ],
    rows: items.map((entry) => [entry.name, entry.count]),
  }));

const nameBySchool = shaped(SHAPES.nameBySchool, (items) => ({
  columns: [{ label: words.school, school: true }, { label: words.commonName }],
  rows: items.map((item) => [item.school, item.name]),
}));

/** The table of each statistic that lists something, on its page and in its CSV file. */
export const TABLES: Partial<Record<CategoryId, (data: unknown) => StatisticTable | undefined>> = {
  totalParticipantsByYear: shaped(SHAPES.yearCounts, yearCountsTable),
  totalParticipants: shaped(SHAPES.yearCounts, yearCountsTable),
  topNamesByYear: ranked(categories.topNamesByYear),
  topNames: ranked(categories.topNames),
  topSurnamesByYear: ranked(categories.topSurnamesByYear),
  topSurnames: ranked(categories.topSurnames),
  topSchoolsByYear: ranked(categories.topSchoolsByYear, true),
  topSchools: ranked(categories.topSchools, true),
  newNamesByYear: shaped(SHAPES.names, (names) => ({
    columns: [{ label: categories.newNamesByYear.item }],
    rows: names.map((name) => [name]),
  })),
  longestNames: shaped(SHAPES.names, (names) => ({
    columns: [
      { label: categories.longestNames.item },
      { label: categories.longestNames.count, numeric: true },
    ],
    rows: names.map((name) => [name, [...name].length]),
  })),
  newSchoolsByYear: shaped(SHAPES.newSchools, (items) => ({
    columns: [{ label: categories.newSchoolsByYear.item, school: true }],
    rows: items.map((item) => [item.school]),
  })),
  commonNameBySchoolByYear: nameBySchool,
  commonNameBySchool: nameBySchool,
};

const figure = (title: string) =>
  shaped(SHAPES.figure, (value): CsvTable => ({ columns: [title], rows: [[value]] }));

/** One row per school and edition: the shape a spreadsheet or a chart tool reads best. */
const schoolYears = <T>(shape: z.ZodType<T[]>, points: (item: T) => { school: string; years: YearCount[] }) =>
  shaped(shape, (items): CsvTable => ({
    columns: [words.school, words.year, words.participants].map((label) => label.toLowerCase()),
    rows: items.flatMap((item) => {
      const { school, years } = points(item);
      return years.map((point) => [school, point.year, point.count]);
    }),
  }));

/** CSV files that are not the page's table: a big number, or a school per row and edition. */
const CSV_ONLY: Partial<Record<CategoryId, (data: unknown) => CsvTable | undefined>> = {
  namesDiversityByYear: figure(categories.namesDiversityByYear.title),
  namesDiversity: figure(categories.namesDiversity.title),
  surnamesDiversityByYear: figure(categories.surnamesDiversityByYear.title),
  surnamesDiversity: figure(categories.surnamesDiversity.title),
  schoolsEvolution: schoolYears(SHAPES.evolution, (item) => ({ school: item.school, years: item.years })),
  mostConstantSchools: schoolYears(SHAPES.constant, (item) => ({
    school: item.school,
    years: item.yearsActive,
  })),
};

/** A statistic as CSV: its whole list (`full_data` when there); `undefined` for a text or a wrong shape. */
export function statisticTable(category: CategoryId, record: StatisticRecord): CsvTable | undefined {
  const table = (data: unknown): CsvTable | undefined => {
    const shown = TABLES[category]?.(data);
    if (shown === undefined) return CSV_ONLY[category]?.(data);
    return { columns: shown.columns.map((column) => column.label.toLowerCase()), rows: shown.rows };
  };
  return table(record.fullData ?? record.publicData) ?? table(record.publicData);
}
