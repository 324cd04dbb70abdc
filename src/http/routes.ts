import type { FastifySchema } from 'fastify';
import type { Query } from '../domain/validation.js';
import { CACHE, type Answer } from '../read-model/prepared-response.js';
import { DOCS_PATH, OPENAPI_PATH, type ApiReference } from './api-reference.js';
import { operations, type ModelSource } from './operations.js';
import { OPERATION_SCHEMAS } from './schemas.js';

/** The values of a route's path parameters (`/estadisticas/:year` → `{year}`). */
export type Params = Readonly<Record<string, string>>;

/**
 * One GET route. Both lanes answer it from this row: the fast lane (plain GETs, before
 * Fastify) and Fastify (HEAD, encoded paths, rate-limited requests); the OpenAPI document
 * comes from its schema; other methods on its path answer 405.
 */
export interface Route {
  /** `/api/years`, or with one parameter as its last segment: `/estadisticas/:year`. */
  path: string;
  /** The answer, from the query, the current read model and the path parameters. */
  answer(query: Query, source: ModelSource, params: Params): Answer;
  /** Its OpenAPI schema; the route is left out of the document when absent. */
  schema?: FastifySchema;
  /**
   * The answer depends on the URL and the read model alone: the fast lane keeps it per
   * URL while the model is served (no query parsing, no decision).
   */
  keptPerUrl: boolean;
  /** Limited per client address when the operator sets a limit (then answered by Fastify). */
  rateLimited: boolean;
  /** `Cache-Control` of its 200 answers (documented; a test holds the live answers to it). */
  cache: string;
}

type RouteOptions = Partial<Pick<Route, 'schema' | 'keptPerUrl' | 'rateLimited'>> & Pick<Route, 'cache'>;

function route(path: string, answer: Route['answer'], options: RouteOptions): Route {
  return { path, answer, keptPerUrl: false, rateLimited: false, ...options };
}

/** A route whose answer is the same whatever the request (a file, a page of the reference). */
const fixed = (answer: () => Answer) => () => answer();

/**
 * Every route the server answers, in one table: the six operations of the spec, the
 * OpenAPI document and its interactive reference. Adding a route is adding a row.
 */
export function buildRoutes(reference: ApiReference): Route[] {
  return [
    route('/api/ping', operations.ping, { schema: OPERATION_SCHEMAS.ping, cache: CACHE.none }),
    route('/api/years', operations.listYears, {
      schema: OPERATION_SCHEMAS.listYears,
      keptPerUrl: true,
      cache: CACHE.day,
    }),
    route('/api/statistics', operations.getStatistics, {
      schema: OPERATION_SCHEMAS.getStatistics,
      keptPerUrl: true,
      cache: CACHE.day,
    }),
    route('/api/category', operations.getCategory, {
      schema: OPERATION_SCHEMAS.getCategory,
      keptPerUrl: true,
      cache: CACHE.day,
    }),
    route('/api/companies', operations.listCompanies, {
      schema: OPERATION_SCHEMAS.listCompanies,
      keptPerUrl: true,
      cache: CACHE.week,
    }),
    route('/api/participants', operations.searchParticipants, {
      schema: OPERATION_SCHEMAS.searchParticipants,
      rateLimited: true,
      cache: CACHE.none,
    }),
    route(OPENAPI_PATH, fixed(reference.document), { cache: CACHE.revalidate }),
    route(DOCS_PATH, fixed(reference.page), { cache: CACHE.revalidate }),
    ...reference.assets.map((asset) =>
      route(`${DOCS_PATH}/${asset.name}`, fixed(asset.answer), { cache: CACHE.revalidate }),
    ),
  ];
}
