import type { Query } from '../domain/validation.js';
import { CACHE, type Answer, type PendingSearch } from '../answer/answer.js';
import { movedPermanently } from '../web/redirects.js';
import type { Site } from '../web/site.js';
import { COMPARED_KINDS, comparisonDataPath, LANGUAGES, LOCALES, type Language } from '../web/locale.js';
import { PAGES, type Params } from '../web/page-table.js';
import { GLOBAL_YEAR } from '../domain/categories.js';
import type { FollowerState } from '../read-model/follower.js';
import { apiReference } from './api-reference.js';
import { OPEN_DATA_PATHS } from '../web/layout.js';
import { OPERATIONS, type ModelSource } from './operations.js';

export type { Params };

/** One route, answering GET and HEAD; other methods on its path answer 405. */
export interface Route {
  /** `/api/years`, or with one parameter as its last segment: `/estadisticas/:year`. */
  path: string;
  /** The answer (a participant search runs once the budgets let it); `rawQuery` for a repeated parameter. */
  answer(query: Query, source: ModelSource, params: Params, rawQuery: string): Answer | PendingSearch;
  /** A participant search (the API's, the form's): its answers carry `SEARCH_CORS_ORIGIN`, not `CORS_ORIGIN`. */
  participantSearch?: boolean;
  /** `Cache-Control` of its 200 answers (a test holds the live answers to it). */
  cache: string;
  /** The web search, posted as a form to its path; other methods then answer 405 with `Allow: GET, HEAD, POST`. */
  form?: (form: Query, source: ModelSource, params: Params) => Answer | PendingSearch;
}

/** A route whose answer is the same whatever the request (a file, a redirect). */
function fixed(path: string, answer: () => Answer, cache: string): Route {
  return { path, answer: () => answer(), cache };
}

/** The paths of the API: everything under them is JSON, an unknown one included. */
export function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

/** Every route: the six operations of the spec, the API reference, and unless they are off the web pages. */
export function buildRoutes(site?: Site): Route[] {
  return [
    ...OPERATIONS,
    ...apiReference().map((file) => fixed(file.path, file.answer, CACHE.revalidate)),
    ...(site ? pageRoutes(site) : []),
  ];
}

/** The web pages (src/web/): HTML from the same read model, their files, and old addresses. */
function pageRoutes(site: Site): Route[] {
  const page = (
    path: string,
    answer: (state: FollowerState, params: Params, query: Query, rawQuery: string) => Answer,
    cache: string = CACHE.revalidate,
  ): Route => ({
    path,
    answer: (query, source, params, rawQuery) => answer(source.state, params, query, rawQuery),
    cache,
  });
  const redirect = (path: string, location: string, moved = movedPermanently(location)) =>
    fixed(path, () => moved, CACHE.day);
  // The pages in each language, at its own addresses: a row of the page table each.
  const pagesIn = (language: Language): Route[] => {
    const paths = LOCALES[language].paths;
    const at = (state: FollowerState) => site.at(state, language);
    return [
      ...PAGES.map((row): Route => ({
        ...page(row.path(paths), (state, params, query, rawQuery) =>
          at(state).page(row, params, { query, rawQuery }),
        ),
        ...(row.form && {
          form: (fields: Query, source: ModelSource) => at(source.state).form(row, fields),
          participantSearch: true,
        }),
      })),
      page(`${paths.previews}/:image`, (state, { image }) => at(state).preview(image!)),
      page(`${paths.chartsFolder}/:file`, (state, { file }) => at(state).chart(file!)),
      page(`${paths.embedsFolder}/:name`, (state, { name }) => at(state).embed(name!)),
      redirect(paths.statisticsFolder, paths.statistics(GLOBAL_YEAR)),
    ];
  };
  return [
    ...LANGUAGES.flatMap(pagesIn),
    page('/datos/:file', (state, { file }) => site.at(state).download(file!)),
    page(OPEN_DATA_PATHS.dataPackage, (state) => site.at(state).dataPackage()),
    page(OPEN_DATA_PATHS.catalogue, (state) => site.at(state).catalogue(OPERATIONS)),
    // A comparison's data: one file for both languages.
    ...COMPARED_KINDS.flatMap((kind) =>
      (['csv', 'json'] as const).map((format) =>
        page(comparisonDataPath(kind, format, []), (state, _params, _query, rawQuery) =>
          site.at(state).compareData(kind, format, rawQuery),
        ),
      ),
    ),
    page('/robots.txt', (state) => site.at(state).robots()),
    page('/sitemap.xml', (state) => site.at(state).sitemap()),
    fixed('/favicon.ico', site.favicon, CACHE.day),
    // Loose and old addresses: ours, and those of the original project's site.
    redirect('/statistics', '/estadisticas/global'),
    page('/statistics/:year', (state, { year }) => site.at(state).originalStatistics(year!), CACHE.day),
    redirect('/search', '/buscar'),
    ...site.assets.map((asset) => fixed(asset.path, asset.answer, CACHE.immutable)),
  ];
}
