import type { PendingSearch, PreparedResponse } from '../answer/answer.js';
import { GLOBAL_YEAR } from '../domain/categories.js';
import type { NameKind } from '../domain/statistics/name-facts.js';
import type { Query } from '../domain/validation.js';
import { COMPARED_KINDS, inEach, LOCALES, NAME_KINDS, type Language, type SitePaths } from './locale.js';
import { aboutPage } from './pages/about-page.js';
import { comparePage, comparisonAnswer } from './pages/compare-page.js';
import { dataPage } from './pages/data-page.js';
import { homePage } from './pages/home-page.js';
import { namePage } from './pages/name-page.js';
import { nameLookup, nameNotFound, namesPage } from './pages/names-page.js';
import { schoolPage } from './pages/school-page.js';
import { formSearch, searchPage } from './pages/search-page.js';
import { changeOrderedPage, yearPage } from './pages/statistics-page.js';
import { movedPermanently } from './redirects.js';
import { nameOfSlug, type AddressedPage, type SiteContext } from './site-context.js';
import { sitemapAnswer } from './site-files.js';

/** A path's parameter (`/estadisticas/:year` → `{year}`). */
export type Params = Readonly<Record<string, string>>;

export interface PageRequest {
  query: Query;
  rawQuery: string;
}

/**
 * One page of the site, read by the router, the language link, the sitemap and the preview cards; `answer`: its own
 * instead of the prepared `page` (a redirect, a lookup, a comparison); `paramsIn`: a school's slug elsewhere.
 */
export interface PageRow {
  id: string;
  path(paths: SitePaths): string;
  make(site: SiteContext, params: Params): AddressedPage | undefined;
  listed(site: SiteContext): Params[];
  inSitemap?: false;
  paramsIn?(site: SiteContext, params: Params, language: Language): Params;
  answer?(
    site: SiteContext,
    params: Params,
    request: PageRequest,
    page: () => PreparedResponse | undefined,
  ): PreparedResponse | undefined;
  form?(site: SiteContext, form: Query): PreparedResponse | PendingSearch;
}

const fixed = (
  id: string,
  path: (paths: SitePaths) => string,
  make: (site: SiteContext) => AddressedPage,
) => ({ id, path, make, listed: (): Params[] => [{}] });

const namesRow = (kind: NameKind): PageRow => ({
  ...fixed(
    `names-${kind}`,
    (paths) => paths.namesFolder[kind],
    (site) => namesPage(site, kind),
  ),
  // `?nombre=Ane` (`/eu/izenak?izena=Ane`): the lookup.
  answer: (site, _params, { query }, page) => nameLookup(site, kind, query) ?? page(),
});

const nameRow = (kind: NameKind): PageRow => ({
  id: `name-${kind}`,
  path: (paths) => `${paths.namesFolder[kind]}/:slug`,
  make: (site, { slug }) => {
    const fact = nameOfSlug(site, kind, slug!);
    return fact && namePage(site, fact, slug!);
  },
  listed: (site) => [...site.nameSlugs(kind).schoolOf.keys()].map((slug) => ({ slug })),
  // A name fewer than k children bear: the lookup's 404 for what was typed.
  answer: (site, { slug }, _request, page) => page() ?? nameNotFound(site, kind, slug!),
});

const compareRow = (kind: (typeof COMPARED_KINDS)[number]): PageRow => ({
  ...fixed(
    `compare-${kind}`,
    (paths) => paths.compare[kind],
    (site) => comparePage(site, kind),
  ),
  inSitemap: false,
  // `?n=Ane&n=June`: a comparison made for the request; without `n`, its form.
  answer: (site, _params, { rawQuery }, page) => comparisonAnswer(site, kind, rawQuery, () => page()!),
});

/** Every page with an address, in the sitemap's order. */
export const PAGES: readonly PageRow[] = [
  fixed('home', (paths) => paths.home, homePage),
  {
    id: 'statistics',
    path: (paths) => `${paths.statisticsFolder}/:year`,
    make: (site, { year }) => (site.data.yearSet.has(year!) ? yearPage(site, year!) : undefined),
    listed: (site) => site.data.years.map((year) => ({ year })),
    // `/estadisticas/global?desde=2018`: the schools' evolution ordered by the change since 2018.
    answer: (site, { year }, { query }, page) =>
      year === GLOBAL_YEAR ? changeOrderedPage(site, query, page) : page(),
  },
  {
    id: 'school',
    path: (paths) => `${paths.schoolsFolder}/:slug`,
    make: (site, { slug }) => {
      const school = site.slugs.schoolOf.get(slug!);
      return school === undefined ? undefined : schoolPage(site, school);
    },
    listed: (site) => [...site.slugs.schoolOf.keys()].map((slug) => ({ slug })),
    paramsIn: (site, { slug }, language) => {
      const school = site.slugs.schoolOf.get(slug!);
      return { slug: (school && site.pageSlugs[language].slugOf.get(school)) ?? slug! };
    },
    // By the slug of the lists' name where its name here is another (`school label`): a 301.
    answer: (site, { slug }, _request, page) => {
      const school = site.slugs.schoolOf.has(slug!) ? undefined : site.fileSlugs.schoolOf.get(slug!);
      if (school === undefined) return page();
      return movedPermanently(site.paths.school(site.slugs.slugOf.get(school)!));
    },
  },
  ...NAME_KINDS.flatMap((kind) => [namesRow(kind), nameRow(kind)]),
  { ...fixed('search', (paths) => paths.search, searchPage), form: formSearch },
  fixed('about', (paths) => paths.about, aboutPage),
  fixed('data', (paths) => paths.data, dataPage),
  ...COMPARED_KINDS.map(compareRow),
];

export const pageRow = (id: string) => PAGES.find((row) => row.id === id)!;

export function pathOf(row: PageRow, paths: SitePaths, params: Params): string {
  return row.path(paths).replace(/:([a-z]+)$/, (_, name: string) => encodeURIComponent(params[name]!));
}

/** The row and parameters of a path of the site's language, when it names a page. */
export function pageOfPath(paths: SitePaths, path: string): { row: PageRow; params: Params } | undefined {
  for (const row of PAGES) {
    const pattern = row.path(paths);
    const colon = pattern.lastIndexOf('/:');
    if (colon < 0) {
      if (path === pattern) return { row, params: {} };
      continue;
    }
    const value = path.startsWith(pattern.slice(0, colon + 1)) ? path.slice(colon + 1) : '';
    if (/^[a-z0-9-]+$/.test(value)) return { row, params: { [pattern.slice(colon + 2)]: value } };
  }
  return undefined;
}

/** The same page in each language, with the same query: a school's page by its slug there. */
export function alternatesOf(site: SiteContext, path: string, query: string): Record<Language, string> {
  const found = pageOfPath(site.paths, path);
  return inEach((_, language) => {
    if (found === undefined) return path + query;
    const { row, params } = found;
    const there = row.paramsIn ? row.paramsIn(site, params, language) : params;
    return pathOf(row, LOCALES[language].paths, there) + query;
  });
}

/** `/sitemap.xml`: every page with an address, in each language (a school's by its slug there). */
export function sitemapFile(site: SiteContext): PreparedResponse {
  return sitemapAnswer(
    site.origin,
    Object.values(LOCALES).flatMap(({ paths, language }) => {
      const there = { ...site, slugs: site.pageSlugs[language] };
      return PAGES.filter((row) => row.inSitemap !== false).flatMap((row) =>
        row.listed(there).map((params) => pathOf(row, paths, params)),
      );
    }),
  );
}
