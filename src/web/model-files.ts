import { GLOBAL_YEAR, PAGE_ORDER, type CategoryId } from '../domain/categories.js';
import type { PreparedResponse } from '../answer/answer.js';
import { chartOfKey } from './chart-files.js';
import { chartLinks } from './chart-links.js';
import { inEach, LOCALES, NAME_KINDS, type Language } from './locale.js';
import { categoryApiPath, csvAnswer, downloadPath, type CsvTable } from './open-data.js';
import { editionsFile, NAME_FILES, nameJson, nameTable } from './pages/name-page.js';
import { schoolDownloads, schoolTable } from './pages/school-page.js';
import { nameOfSlug, type SiteContext } from './site-context.js';
import { statisticTable } from './statistic-tables.js';
import { xlsxAnswer, type WorkbookAbout } from './spreadsheet.js';
import type { Texts } from './texts/es.js';
import type { NameKind } from '../domain/statistics/name-facts.js';

/* The files of one read model's pages: each statistic, each school's figures and every name's as CSV, each name's as CSV and JSON, each page's preview card. */

const NAME_JSON = new RegExp(`^(${Object.values(NAME_FILES).join('|')})-([a-z0-9-]+)\\.json$`);

/** The links to a statistic's data, when it has a CSV file. */
export const statisticDownload = (site: SiteContext, year: string, category: CategoryId) => {
  const record = site.data.recordsOf(year).get(category);
  return (
    record &&
    statisticTable(category, record, year) && {
      csv: downloadPath(`${year}-${category}.csv`),
      json: categoryApiPath(year, category),
      chart: chartLinks(
        site,
        { chart: 'statistic', year, category },
        chartOfKey(site, { chart: 'statistic', year, category }),
      ),
    }
  );
};

/** The name a JSON file is of (`nombres-ane.json`), when the name has a page. */
function nameOfJson(site: SiteContext, file: string) {
  const [, prefix, slug = ''] = NAME_JSON.exec(file) ?? [];
  const kind = NAME_KINDS.find((one) => NAME_FILES[one] === prefix);
  return kind && nameOfSlug(site, kind, slug);
}

/**
 * Every name of a kind with a page, a row per edition that shows its count (none under k),
 * its figures as its own file gives them: the long file (`nombres-por-edicion.csv`).
 */
function editionsTable(site: SiteContext, kind: NameKind): CsvTable {
  const rows = site.data.names.list(kind).flatMap((fact) =>
    nameTable(fact)
      .rows.filter(([, count]) => count !== '')
      .map(([year = '', ...figures]) => [year, fact.name, ...figures]),
  );
  return {
    columns: ['edicion', kind === 'surname' ? 'apellido' : 'nombre', 'participantes', 'puesto', 'porcentaje'],
    rows: rows.sort((a, b) => Number(a[0]) - Number(b[0]) || Number(a[3]) - Number(b[3])),
  };
}

/** A CSV file the site offers, as the data package and the catalogue describe it. */
export interface CsvFile {
  /** Its name under `/datos/` (`2024-topNamesByYear.csv`). */
  file: string;
  /** What files of its kind share, one Table Schema (`topNames`, `companias-nombres`, `nombres`). */
  kind: string;
  table(): CsvTable;
  /** What it holds, in each language: the statistic or the school (by its name there), and the edition. */
  title: Readonly<Record<Language, string>>;
  /** What it says, in each language: the statistic's summary (Markdown bold), or what a school's file counts. */
  description: Readonly<Record<Language, string | null>>;
  /** The same data in the API, where the API has it (a name's figures it has not). */
  api?: string;
}

/** Every CSV file the site offers: each published year's statistics in the order of the pages, each school's two, every name's, each name's. */
export function csvFiles(site: SiteContext): CsvFile[] {
  const statistics = site.data.years.flatMap((year) =>
    PAGE_ORDER.flatMap((category): CsvFile[] => {
      const record = site.data.recordsOf(year).get(category);
      if (record === undefined || statisticTable(category, record, year) === undefined) return [];
      return [
        {
          file: `${year}-${category}.csv`,
          kind: year === GLOBAL_YEAR ? `${year}-${category}` : category,
          table: () => statisticTable(category, record, year)!,
          title: inEach(
            (texts) =>
              `${texts.categories[category].title} · ${year === GLOBAL_YEAR ? texts.nav.global : year}`,
          ),
          description: inEach((_texts, language) => {
            const summary = language === 'eu' ? record.basqueSummary : record.summary;
            return summary && site.relabels[language](summary);
          }),
          api: categoryApiPath(year, category),
        },
      ];
    }),
  );
  const schools = [...site.fileSlugs.schoolOf].flatMap(([slug, school]): CsvFile[] => {
    const downloads = schoolDownloads(site, school);
    const overall = site.commonNames(GLOBAL_YEAR).get(school);
    type Words = (texts: Texts['school']) => string;
    type Heading = 'participantsHeading' | 'namesHeading';
    const schoolFile = (kind: 'participantes' | 'nombres', heading: Heading, text: Words): CsvFile => ({
      file: `companias-${slug}-${kind}.csv`,
      kind: `companias-${kind}`,
      table: () => schoolTable(site, school, kind),
      title: inEach((texts, language) => `${site.schoolNames[language](school)} · ${texts.school[heading]}`),
      description: inEach((texts) => text(texts.school)),
      api: downloads[kind === 'participantes' ? 'participants' : 'names'].json,
    });
    return [
      schoolFile('participantes', 'participantsHeading', (texts) => texts.participantsText),
      schoolFile('nombres', 'namesHeading', (texts) => texts.namesText(overall)),
    ];
  });
  const names = NAME_KINDS.flatMap((kind) =>
    site.data.names.list(kind).map((fact): CsvFile => ({
      file: `${NAME_FILES[kind]}-${site.nameSlugs(kind).slugOf.get(fact.key)!}.csv`,
      kind: NAME_FILES[kind],
      table: () => nameTable(fact),
      title: inEach((texts) => `${fact.name} · ${texts.names.kinds[kind].kind}`),
      description: inEach((texts) => texts.names.fileText(site.data.names.k)),
    })),
  );
  const editions = NAME_KINDS.map((kind): CsvFile => ({
    file: editionsFile(kind),
    kind: editionsFile(kind).replace(/\.csv$/, ''),
    table: () => editionsTable(site, kind),
    title: inEach((texts) => texts.names.kinds[kind].editions),
    description: inEach((texts) => texts.names.editionsText(site.data.names.k)),
  }));
  return [...statistics, ...schools, ...editions, ...names];
}

/** Where a CSV file's workbook says its data comes from. */
export const workbookAbout = (site: SiteContext, csv: string): WorkbookAbout => ({
  file: csv,
  source: site.origin + downloadPath(csv),
  date: site.data.dataDate,
});

/** `/datos/{file}`: a CSV file of `files` as CSV or as a workbook; a name's as JSON. */
export function dataFile(
  site: SiteContext,
  files: ReadonlyMap<string, CsvFile>,
  file: string,
): PreparedResponse | undefined {
  if (file.endsWith('.xlsx')) {
    const csv = `${file.slice(0, -'.xlsx'.length)}.csv`;
    const table = files.get(csv)?.table();
    return table && xlsxAnswer(table, LOCALES.es.texts, workbookAbout(site, csv));
  }
  const table = files.get(file)?.table();
  if (table) return csvAnswer(table);
  const fact = nameOfJson(site, file);
  return fact && nameJson(fact, site.data.names.k);
}
