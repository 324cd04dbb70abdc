import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { PREPARED_ERRORS, type Answer } from '../answer/answer.js';
import type { ServerSettings } from '../config/index.js';
import type { Query } from '../domain/validation.js';
import { languageOfPath } from '../web/locale.js';
import { movedPermanently, permanentRedirect } from '../web/redirects.js';
import type { Site } from '../web/site.js';
import { memoryBook } from './account-books.js';
import { answerWays, type Exchange } from './exchange.js';
import type { Observer } from './observer.js';
import type { ModelSource } from './operations.js';
import { parseQuery } from './query.js';
import { buildRoutes, isApiPath, type Params, type Route } from './routes.js';
import type { AccountBook, Clock } from './search-budget.js';

interface DispatcherParts {
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

/** Any other request body is never read; one announced past this is refused outright. */
const BODY_LIMIT = 1024 * 1024;

const NO_PARAMS: Params = Object.freeze({});

/** A path as Node gives it, percent-decoded; undefined when an escape is not valid UTF-8. */
function decodePath(raw: string): string | undefined {
  if (!raw.includes('%')) return raw;
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

/** Finds the row of a decoded path: a map lookup, then the rows whose last segment is a parameter. */
export function routeMatcher(routes: readonly Route[]) {
  const exact = new Map(
    routes.filter((route) => !route.path.includes('/:')).map((route) => [route.path, route]),
  );
  const withParameter = routes.flatMap((route) => {
    const colon = route.path.lastIndexOf('/:');
    return colon < 0
      ? []
      : [{ prefix: route.path.slice(0, colon + 1), name: route.path.slice(colon + 2), route }];
  });
  return (path: string) => {
    const route = exact.get(path);
    if (route !== undefined) return { route, params: NO_PARAMS, pathValue: undefined };
    for (const { prefix, name, route } of withParameter) {
      const value = path.startsWith(prefix) ? path.slice(prefix.length) : '';
      if (value !== '' && !value.includes('/')) return { route, params: { [name]: value }, pathValue: value };
    }
    return undefined;
  };
}

/**
 * The refusals before any route (docs/architecture.md, "Read path", step 2): the answer,
 * and whether the connection may not be reused (its body may still be coming).
 */
export function refusalOf(request: IncomingMessage, maxUrlLength: number) {
  if ((request.url ?? '').length > maxUrlLength) return { answer: PREPARED_ERRORS.uriTooLong, close: false };
  // Node passes an `Expect` other than 100-continue here too (`checkExpectation`).
  const expect = request.headers.expect;
  if (expect !== undefined && expect.toLowerCase() !== '100-continue')
    return { answer: PREPARED_ERRORS.expectationFailed, close: true };
  if (request.httpVersion === '1.1' && request.headers.host === undefined)
    return { answer: PREPARED_ERRORS.badRequest, close: true };
  if (Number(request.headers['content-length'] ?? 0) > BODY_LIMIT)
    return { answer: PREPARED_ERRORS.payloadTooLarge, close: true };
  return undefined;
}

/** A request target split: its path percent-decoded (undefined when it does not decode) and its query. */
export function splitTarget(url: string): { path: string | undefined; query: string } {
  // A fragment is never sent by a browser; one written into a raw request is dropped.
  const target = url.split('#', 1)[0]!;
  const queryStart = target.indexOf('?');
  if (queryStart < 0) return { path: decodePath(target), query: '' };
  return { path: decodePath(target.slice(0, queryStart)), query: target.slice(queryStart + 1) };
}

/** A posted form holds a name and a school: a few hundred bytes. */
const FORM_BODY_LIMIT = 8 * 1024;
const FORM_TYPE = 'application/x-www-form-urlencoded';

/**
 * Reads a posted form: `application/x-www-form-urlencoded` only (415), at most
 * `FORM_BODY_LIMIT` bytes (413); `refuse` gets the refusal, `then` the fields.
 */
function readForm(request: IncomingMessage, refuse: (answer: Answer) => void, then: (form: Query) => void) {
  const type = (request.headers['content-type'] ?? '').split(';', 1)[0]!.trim().toLowerCase();
  if (type !== FORM_TYPE) return refuse(PREPARED_ERRORS.unsupportedMediaType);
  if (Number(request.headers['content-length'] ?? 0) > FORM_BODY_LIMIT)
    return refuse(PREPARED_ERRORS.payloadTooLarge);
  const chunks: Buffer[] = [];
  let length = 0;
  request.on('data', (chunk: Buffer) => {
    if (length > FORM_BODY_LIMIT) return;
    length += chunk.length;
    if (length > FORM_BODY_LIMIT) refuse(PREPARED_ERRORS.payloadTooLarge);
    else chunks.push(chunk);
  });
  request.on('end', () => {
    if (length <= FORM_BODY_LIMIT) then(parseQuery(Buffer.concat(chunks).toString('utf8')));
  });
  // A client that goes away mid-body gets no answer: there is no one to read it.
  request.on('error', () => undefined);
}
