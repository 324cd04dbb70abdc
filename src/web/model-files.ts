import { isCategoryId, type CategoryId } from '../domain/categories.js';
import type { PreparedResponse } from '../http/answer.js';
import { chartLinks } from './chart-files.js';
import { LOCALES, pathOf, type PageAddress } from './locale.js';
import { categoryApiPath, csvAnswer, downloadPath, type CsvTable, type Download } from './open-data.js';
import { schoolTable } from './pages/school-page.js';
import { pathOfPreview, previewAnswer } from './preview-card.js';
import type { AddressedPage, SiteContext } from './site-context.js';
import { sitemapAnswer } from './site-files.js';
import { statisticTable } from './statistic-tables.js';

/* The files of one read model's pages: each statistic and each school's figures as CSV, each page's preview image, the sitemap. */

const STATISTIC_FILE = /^([0-9]{4}|global)-([A-Za-z]+)\.csv$/;
const SCHOOL_FILE = /^companias-([a-z0-9-]+)-(participantes|nombres)\.csv$/;
const PREVIEW_FILE = /^([a-z0-9-]+)\.png$/;

/** A year's statistic as a table for its CSV file, when the year has it. */
function statisticCsv(site: SiteContext, year: string, category: CategoryId): CsvTable | undefined {
  const record = site.data.recordsOf(year).get(category);
  return record && statisticTable(category, record);
}

/** The links to a statistic's data, when it has a CSV file. */
export const statisticDownload = (
  site: SiteContext,
  year: string,
  category: CategoryId,
): Download | undefined =>
  statisticCsv(site, year, category) && {
    csv: downloadPath(`${year}-${category}.csv`),
    json: categoryApiPath(year, category),
    chart: chartLinks(site, `${year}-${category}`),
  };

/** The table of a file name, when it names a statistic or a school that has one. */
function tableOf(site: SiteContext, file: string): CsvTable | undefined {
  const [, year = '', category = ''] = STATISTIC_FILE.exec(file) ?? [];
  if (isCategoryId(category)) return statisticCsv(site, year, category);
  const [, slug = '', kind = ''] = SCHOOL_FILE.exec(file) ?? [];
  const school = site.slugs.schoolOf.get(slug);
  return school === undefined ? undefined : schoolTable(site, school, kind);
}

/** `/datos/{file}`: a statistic of a page, or a school's figures, as CSV. */
export function csvFile(site: SiteContext, file: string): PreparedResponse | undefined {
  const table = tableOf(site, file);
  return table && csvAnswer(table);
}

/** `/vista-previa/{image}`: the preview card of the page a path names (`pageAt`), as PNG. */
export function previewFile(
  site: SiteContext,
  image: string,
  pageAt: (path: string) => AddressedPage | undefined,
) {
  const name = PREVIEW_FILE.exec(image)?.[1];
  const page = name === undefined ? undefined : pageAt(pathOfPreview(site.paths, name));
  return page && previewAnswer(page.card());
}

/** `/sitemap.xml`: every page with an address, in each language. */
export function sitemapFile(site: SiteContext): PreparedResponse {
  const addresses: PageAddress[] = [
    { page: 'home' },
    ...site.data.years.map((year) => ({ page: 'statistics' as const, year })),
    ...[...site.slugs.schoolOf.keys()].map((slug) => ({ page: 'school' as const, slug })),
    { page: 'search' },
    { page: 'about' },
  ];
  return sitemapAnswer(
    site.origin,
    Object.values(LOCALES).flatMap(({ paths }) => addresses.map((address) => pathOf(paths, address))),
  );
}
