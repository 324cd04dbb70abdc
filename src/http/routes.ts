import type { Query } from '../domain/validation.js';
import { CACHE, type Answer } from '../read-model/prepared-response.js';
import { movedPermanently } from '../web/redirects.js';
import type { Site } from '../web/site.js';
import { DOCS_PATH, OPENAPI_PATH, type ApiReference } from './api-reference.js';
import { operations, type ModelSource } from './operations.js';
import { OPERATION_DOCS, type DocumentedOperation } from './openapi.js';

/** The values of a route's path parameters (`/estadisticas/:year` → `{year}`). */
export type Params = Readonly<Record<string, string>>;

/**
 * One route: GET and HEAD are answered from this row by the dispatcher (dispatcher.ts);
 * the OpenAPI document comes from its schema; other methods on its path answer 405.
 */
export interface Route {
  /** `/api/years`, or with one parameter as its last segment: `/estadisticas/:year`. */
  path: string;
  /** The answer, from the query, the current read model and the path parameters. */
  answer(query: Query, source: ModelSource, params: Params): Answer;
  /** How the OpenAPI document describes it; the route is left out of the document when absent. */
  schema?: DocumentedOperation;
  /**
   * The answer depends on the URL and the read model alone: the dispatcher keeps it per
   * URL while the model is served (no query parsing, no decision).
   */
  keptPerUrl: boolean;
  /** A participant search: under the search limit per client address (`RATE_LIMIT_PARTICIPANTS`). */
  rateLimited: boolean;
  /** `Cache-Control` of its 200 answers (documented; a test holds the live answers to it). */
  cache: string;
  /**
   * The answer to a form posted to its path (`application/x-www-form-urlencoded`, its
   * fields read like a query): the web search. A posted form is a search, so it is
   * always under the search limit. Other methods on the path then answer 405 with
   * `Allow: GET, HEAD, POST`.
   */
  form?: (form: Query, source: ModelSource, params: Params) => Answer;
}

type RouteOptions = Partial<Pick<Route, 'schema' | 'keptPerUrl' | 'rateLimited' | 'form'>> &
  Pick<Route, 'cache'>;

function route(path: string, answer: Route['answer'], options: RouteOptions): Route {
  return { path, answer, keptPerUrl: false, rateLimited: false, ...options };
}

/** A route whose answer is the same whatever the request (a file, a page of the reference). */
const fixed = (answer: () => Answer) => () => answer();

/** The paths of the API: everything under them is JSON, an unknown one included. */
export function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

/**
 * Every route the server answers, in one table: the six operations of the spec, the
 * OpenAPI document and its interactive reference, and, unless they are off, the web
 * pages and their files. Adding a route is adding a row.
 */
export function buildRoutes(reference: ApiReference, site?: Site): Route[] {
  return [
    route('/api/ping', operations.ping, { schema: OPERATION_DOCS.ping, cache: CACHE.none }),
    route('/api/years', operations.listYears, {
      schema: OPERATION_DOCS.listYears,
      keptPerUrl: true,
      cache: CACHE.day,
    }),
    route('/api/statistics', operations.getStatistics, {
      schema: OPERATION_DOCS.getStatistics,
      keptPerUrl: true,
      cache: CACHE.day,
    }),
    route('/api/category', operations.getCategory, {
      schema: OPERATION_DOCS.getCategory,
      keptPerUrl: true,
      cache: CACHE.day,
    }),
    route('/api/companies', operations.listCompanies, {
      schema: OPERATION_DOCS.listCompanies,
      keptPerUrl: true,
      cache: CACHE.week,
    }),
    route('/api/participants', operations.searchParticipants, {
      schema: OPERATION_DOCS.searchParticipants,
      rateLimited: true,
      cache: CACHE.none,
    }),
    route(OPENAPI_PATH, fixed(reference.document), { cache: CACHE.revalidate }),
    route(DOCS_PATH, fixed(reference.page), { cache: CACHE.revalidate }),
    ...reference.assets.map((asset) =>
      route(`${DOCS_PATH}/${asset.name}`, fixed(asset.answer), { cache: CACHE.revalidate }),
    ),
    ...(site ? pageRoutes(site) : []),
  ];
}

/** The web pages (src/web/): HTML from the same read model, their files, and old addresses. */
function pageRoutes(site: Site): Route[] {
  const page = (path: string, answer: Route['answer'], options: Partial<RouteOptions> = {}) =>
    route(path, answer, { keptPerUrl: true, cache: CACHE.revalidate, ...options });
  const redirect = (path: string, location: string) => {
    const moved = movedPermanently(location);
    return route(
      path,
      fixed(() => moved),
      { cache: CACHE.day },
    );
  };
  return [
    page('/', (_query, source) => site.at(source.state).home()),
    page('/estadisticas/:year', (_query, source, params) => site.at(source.state).statistics(params.year!)),
    page('/companias/:slug', (_query, source, params) => site.at(source.state).school(params.slug!)),
    page('/acerca', (_query, source) => site.at(source.state).about()),
    page('/buscar', (_query, source) => site.at(source.state).searchForm(), {
      form: (form, source) => site.at(source.state).search(form),
    }),
    page('/datos/:file', (_query, source, params) => site.at(source.state).download(params.file!)),
    page('/vista-previa/:image', (_query, source, params) => site.at(source.state).preview(params.image!)),
    page('/robots.txt', (_query, source) => site.at(source.state).robots()),
    page('/sitemap.xml', (_query, source) => site.at(source.state).sitemap()),
    route('/favicon.ico', fixed(site.favicon), { cache: CACHE.day }),
    // Loose and old addresses: ours, and those of the original project's site.
    redirect('/estadisticas', '/estadisticas/global'),
    redirect('/statistics', '/estadisticas/global'),
    page(
      '/statistics/:year',
      (_query, source, params) => site.at(source.state).originalStatistics(params.year!),
      {
        cache: CACHE.day,
      },
    ),
    redirect('/search', '/buscar'),
    ...site.assets.map((asset) => route(asset.path, fixed(asset.answer), { cache: CACHE.immutable })),
  ];
}
