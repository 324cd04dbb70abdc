import type { z } from 'zod';
import type { CategoryId } from '../domain/categories.js';
import { openDataTexts, webTexts } from './copy.js';
import type { CsvTable } from './open-data.js';
import { PUBLIC_DATA_SHAPES as SHAPES } from '../domain/answer-shapes.js';
import type { StatisticRecord } from './year-statistics.js';

const columns = openDataTexts.columns;

/** A table of one shape, or `undefined` when the data has another one. */
function shaped<T>(shape: z.ZodType<T>, table: (data: T) => CsvTable) {
  return (data: unknown) => {
    const parsed = shape.safeParse(data);
    return parsed.success ? table(parsed.data) : undefined;
  };
}

const ranked = (item: string, count: string) =>
  shaped(SHAPES.ranked, (items) => ({
    columns: [item, count],
    rows: items.map((entry) => [entry.name, entry.count]),
  }));

const yearCounts = shaped(SHAPES.yearCounts, (points) => ({
  columns: [columns.year, columns.participants],
  rows: [...points].sort((a, b) => a.year - b.year).map((point) => [point.year, point.count]),
}));

const figure = (title: string) => shaped(SHAPES.figure, (value) => ({ columns: [title], rows: [[value]] }));

const names = shaped(SHAPES.names, (items) => ({
  columns: [columns.name],
  rows: items.map((name) => [name]),
}));

const longestNames = shaped(SHAPES.names, (items) => ({
  columns: [columns.name, columns.characters],
  rows: items.map((name) => [name, [...name].length]),
}));

const nameBySchool = shaped(SHAPES.nameBySchool, (items) => ({
  columns: [columns.school, columns.commonName],
  rows: items.map((item) => [item.school, item.name]),
}));

/** One row per school and edition: the shape a spreadsheet or a chart tool reads best. */
const schoolYears = <T>(
  shape: z.ZodType<T[]>,
  points: (item: T) => { school: string; years: z.infer<typeof SHAPES.yearCounts> },
) =>
  shaped(shape, (items) => ({
    columns: [columns.school, columns.year, columns.participants],
    rows: items.flatMap((item) => {
      const { school, years } = points(item);
      return years.map((point) => [school, point.year, point.count]);
    }),
  }));

const newSchools = shaped(SHAPES.newSchools, (items) => ({
  columns: [columns.school],
  rows: items.map((item) => [item.school]),
}));

const categories = webTexts.categories;

/** How each statistic with data becomes a table (intro and outro are text: none). */
const TABLES: Partial<Record<CategoryId, (data: unknown) => CsvTable | undefined>> = {
  totalParticipantsByYear: yearCounts,
  totalParticipants: yearCounts,
  namesDiversityByYear: figure(categories.namesDiversityByYear.title),
  namesDiversity: figure(categories.namesDiversity.title),
  surnamesDiversityByYear: figure(categories.surnamesDiversityByYear.title),
  surnamesDiversity: figure(categories.surnamesDiversity.title),
  topNamesByYear: ranked(columns.name, columns.participants),
  topNames: ranked(columns.name, columns.appearances),
  topSurnamesByYear: ranked(columns.surname, columns.participants),
  topSurnames: ranked(columns.surname, columns.appearances),
  topSchoolsByYear: ranked(columns.school, columns.participants),
  topSchools: ranked(columns.school, columns.participants),
  newNamesByYear: names,
  longestNames,
  newSchoolsByYear: newSchools,
  commonNameBySchoolByYear: nameBySchool,
  commonNameBySchool: nameBySchool,
  schoolsEvolution: schoolYears(SHAPES.evolution, (item) => ({ school: item.school, years: item.years })),
  mostConstantSchools: schoolYears(SHAPES.constant, (item) => ({
    school: item.school,
    years: item.yearsActive,
  })),
};

/**
 * A statistic as a CSV table: the list the page shows (`full_data` when it is there),
 * or `undefined` for a text (intro, outro) or a row of an unexpected shape.
 */
export function statisticTable(category: CategoryId, record: StatisticRecord): CsvTable | undefined {
  const table = TABLES[category];
  if (table === undefined) return undefined;
  return table(record.fullData ?? record.publicData) ?? table(record.publicData);
}
