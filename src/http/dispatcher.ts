import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { PREPARED_ERRORS, type Answer } from '../answer/answer.js';
import type { ServerSettings } from '../config/index.js';
import { languageOfPath } from '../web/locale.js';
import { movedPermanently, permanentRedirect } from '../web/redirects.js';
import type { Site } from '../web/site.js';
import { memoryBook } from './account-books.js';
import { answerWays, type Exchange } from './exchange.js';
import { readForm } from './form.js';
import { refusalOf, routeMatcher, splitTarget } from './matcher.js';
import type { Observer } from './observer.js';
import type { ModelSource } from './operations.js';
import { parseQuery } from './query.js';
import { buildRoutes, isApiPath } from './routes.js';
import type { AccountBook, Clock } from './search-budget.js';

export interface DispatcherParts {
  source: ModelSource;
  settings: ServerSettings;
  observer: Observer;
  /** The web pages, unless they are off: their 404 page outside `/api`. */
  site: Site | undefined;
  /** The search budgets' clock (a test's or a benchmark's; `performance.now` by default). */
  clock?: Clock;
  /** Where the search budgets' accounts live: a table every replica shares, or this process's memory. */
  book?: AccountBook;
}

/** Answers one request that Node has read (the HTTP server's request handler). */
export type Dispatch = (request: IncomingMessage, response: ServerResponse) => void;

/** The one request path: refusals before any route, the route's answer (or its form's), else 404 or 405. */
export function createDispatcher(parts: DispatcherParts): Dispatch {
  const { source, settings, observer, site, clock = () => performance.now() } = parts;
  const match = routeMatcher(buildRoutes(site));
  const { send, refuse, settle } = answerWays(settings, observer, parts.book ?? memoryBook(clock));
  // A path no row answers: the API's 404, a row without its trailing slash, or the pages' 404.
  const unrouted = (method: string | undefined, path: string): Answer => {
    if (!site || isApiPath(path)) return PREPARED_ERRORS.routeNotFound;
    // Only to a path a row answers, so never off the site; a form keeps its body (308).
    const trimmed = path.replace(/\/+$/, '');
    if (trimmed !== path && trimmed !== '' && match(trimmed)) {
      const redirect = method === 'GET' || method === 'HEAD' ? movedPermanently : permanentRedirect;
      return redirect(encodeURI(trimmed));
    }
    return site.at(source.state, languageOfPath(path)).notFound();
  };
  return (request, response) => {
    const exchange: Exchange = { request, response, startedMs: performance.now(), route: null, query: '' };
    const refusal = refusalOf(request, settings.limits.maxUrlLength);
    if (refusal) return refusal.close ? refuse(exchange, refusal.answer) : send(exchange, refusal.answer);
    const { path, query } = splitTarget(request.url ?? '');
    if (path === undefined) return send(exchange, PREPARED_ERRORS.badRequest);
    const found = match(path);
    if (found === undefined) return send(exchange, unrouted(request.method, path));
    const { route, params } = found;
    Object.assign(exchange, { route, pathValue: found.pathValue, query });
    const { method } = request;
    if (method === 'GET' || method === 'HEAD')
      return settle(exchange, () => route.answer(parseQuery(query), source, params, query));
    const { form } = route;
    if (method === 'POST' && form)
      return readForm(
        request,
        (answer) => refuse(exchange, answer),
        (fields) => settle(exchange, () => form(fields, source, params)),
      );
    if (form) send(exchange, PREPARED_ERRORS.methodNotAllowedWithForm, { allow: 'GET, HEAD, POST' });
    else send(exchange, PREPARED_ERRORS.methodNotAllowed, { allow: 'GET, HEAD' });
  };
}
