import { decideParticipants, type Query } from '../domain/validation.js';
import type { FollowerState } from '../read-model/follower.js';
import type { Answer } from '../http/answer.js';
import type { ReadModel } from '../read-model/read-model.js';
import { PAGE_PATHS, type PageContext } from './layout.js';
import { csvFile, previewFile, sitemapFile } from './model-files.js';
import { preparePage } from './page-answer.js';
import { aboutPage } from './pages/about-page.js';
import { homePage } from './pages/home-page.js';
import { NotFoundPage, UnavailablePage } from './pages/message-pages.js';
import { schoolPage } from './pages/school-page.js';
import { formSearch, searchPage } from './pages/search-page.js';
import { yearPage } from './pages/statistics-page.js';
import { movedPermanently } from './redirects.js';
import { perKey, siteContext, withSite, type AddressedPage, type SiteContext } from './site-context.js';
import { siteData } from './site-data.js';
import { faviconAnswer, robotsAnswer, siteAssets, type SiteAsset } from './site-files.js';

export interface SiteOptions {
  /** The public origin (`PUBLIC_URL`), for the addresses other sites read: canonical, cards, sitemap. */
  publicUrl: string;
  /** Where families ask for a removal (`PRIVACY_CONTACT`), shown on the about page. */
  privacyContact?: string | undefined;
}

function once<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

const SECTION_PAGE = /^\/(estadisticas|companias)\/([a-z0-9-]+)$/;

/** The page at a path, when there is one. */
function pageAt(site: SiteContext, path: string): AddressedPage | undefined {
  switch (path) {
    case PAGE_PATHS.home:
      return homePage(site);
    case PAGE_PATHS.search:
      return searchPage(site);
    case PAGE_PATHS.about:
      return aboutPage(site);
  }
  const [, section, key = ''] = SECTION_PAGE.exec(path) ?? [];
  if (section === 'estadisticas' && site.data.yearSet.has(key)) return yearPage(site, key);
  const school = section === 'companias' ? site.slugs.schoolOf.get(key) : undefined;
  return school === undefined ? undefined : schoolPage(site, key, school);
}

/** The answers of one read model's pages, by address: each made on first use, then served as prepared bytes. */
function modelPages(site: SiteContext) {
  const notFound = once(() =>
    preparePage(404, withSite(site, <NotFoundPage context={site.page} years={site.data.years} />)),
  );
  const pageFile = perKey((path) => {
    const page = pageAt(site, path);
    return page && preparePage(200, withSite(site, page.content(), path));
  });
  const page = (path: string) => pageFile(path) ?? notFound();
  const download = perKey((file) => csvFile(site, file));
  const preview = perKey((image) => previewFile(image, (path) => pageAt(site, path)));
  return {
    home: () => page(PAGE_PATHS.home),
    /** `/estadisticas/{year}`: a published year or `global`, else the 404 page. */
    statistics: (year: string) => page(PAGE_PATHS.statistics(year)),
    /** `/companias/{slug}`: a school with participants in a published year, else the 404 page. */
    school: (slug: string) => page(PAGE_PATHS.school(slug)),
    about: () => page(PAGE_PATHS.about),
    /** `GET /buscar`: the empty form. */
    searchForm: () => page(PAGE_PATHS.search),
    /** `POST /buscar`: a search, with the API's rules and messages, under the search budgets. */
    search: (form: Query) => formSearch(site, form),
    /** `/datos/{file}`: a statistic of a page as CSV, else the 404 page. */
    download: (file: string) => download(file) ?? notFound(),
    /** `/vista-previa/{image}`: the preview card of a page as PNG, else the 404 page. */
    preview: (image: string) => preview(image) ?? notFound(),
    robots: once(() => robotsAnswer(site.origin)),
    sitemap: once(() => sitemapFile(site)),
    /** `/statistics/{year}` of the original site: 301 to the year's page when it is published. */
    originalStatistics: (year: string) =>
      site.data.yearSet.has(year) ? movedPermanently(PAGE_PATHS.statistics(year)) : notFound(),
    /** Any other address outside the API. */
    notFound,
  };
}

/** The answers of one read model's pages, by address. */
export type ModelPages = ReturnType<typeof modelPages>;

/** The public web pages, answered from the read model like the API. */
export interface Site {
  /** The pages of the read model being served; while none is, every address answers the error page. */
  at(state: FollowerState): ModelPages;
  favicon(): Answer;
  /** The stylesheet and the icon. */
  assets: readonly SiteAsset[];
}

export function createSite({ publicUrl, privacyContact }: SiteOptions): Site {
  const assets = siteAssets();
  const contextOf = (isUpdating: boolean): PageContext => ({
    stylesheet: assets.stylesheet.path,
    icon: assets.icon.path,
    isUpdating,
  });
  const unavailable = once(() => preparePage(500, <UnavailablePage context={contextOf(false)} />));
  const unavailablePages: ModelPages = {
    home: unavailable,
    statistics: unavailable,
    school: unavailable,
    about: unavailable,
    searchForm: unavailable,
    search: unavailable,
    download: unavailable,
    preview: unavailable,
    robots: unavailable,
    sitemap: unavailable,
    originalStatistics: unavailable,
    notFound: unavailable,
  };
  // One set of pages per read model: the old pages go with the old model.
  const pages = new WeakMap<ReadModel, ModelPages>();
  const pagesOf = (model: ReadModel) =>
    modelPages(siteContext(siteData(model), contextOf(model.isUpdating), publicUrl, privacyContact));
  return {
    at(state) {
      if (state.kind !== 'ready') return unavailablePages;
      let served = pages.get(state.model);
      if (served === undefined) pages.set(state.model, (served = pagesOf(state.model)));
      if (state.searchClosed === undefined) return served;
      // The search fails closed like the API's (a form it would refuse is still refused).
      const { search } = served;
      return {
        ...served,
        search: (form) => (decideParticipants(form).kind === 'ok' ? unavailable() : search(form)),
      };
    },
    favicon: faviconAnswer,
    assets: [assets.stylesheet, assets.icon],
  };
}
