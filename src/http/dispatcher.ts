import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { ServerSettings } from '../config/index.js';
import { apiErrors } from '../domain/api-messages.js';
import type { Query } from '../domain/validation.js';
import {
  prepareError,
  PREPARED_ERRORS,
  type Answer,
  type PendingSearch,
  type Ran,
} from '../answer/answer.js';
import { describeStoreError } from '../store/store-errors.js';
import { movedPermanently, permanentRedirect } from '../web/redirects.js';
import type { Site } from '../web/site.js';
import { languageOfPath } from '../web/locale.js';
import { clientsOf } from './client-address.js';
import type { AnsweredRequest, Observer } from './observer.js';
import type { ModelSource } from './operations.js';
import { parseQuery } from './query.js';
import { createResponder } from './responder.js';
import { memoryBook } from './account-books.js';
import { createSearchBudgets, type AccountBook, type Clock } from './search-budget.js';
import { buildRoutes, isApiPath, type Params, type Route } from './routes.js';

export interface DispatcherParts {
  source: ModelSource;
  settings: ServerSettings;
  observer: Observer;
  /** The web pages, unless they are off: their 404 page outside `/api`. */
  site: Site | undefined;
  /** The search budgets' clock (a test's or a benchmark's; `performance.now` by default). */
  clock?: Clock;
  /** Where the search budgets' accounts live: a table every replica shares, or (by default) this process's memory on `clock`. */
  book?: AccountBook;
}

/** Answers one request that Node has read (the HTTP server's request handler). */
export type Dispatch = (request: IncomingMessage, response: ServerResponse) => void;

/** A posted form holds a name and a school: a few hundred bytes. */
const FORM_BODY_LIMIT = 8 * 1024;
/** Any other request body is never read; one announced past this is refused outright. */
const BODY_LIMIT = 1024 * 1024;
const FORM_TYPE = 'application/x-www-form-urlencoded';

const NO_PARAMS: Params = Object.freeze({});

/** One request on its way through: what it was found to be, and its answer once known. */
interface Exchange {
  request: IncomingMessage;
  response: ServerResponse;
  startedMs: number;
  /** Null for a request refused before, or without, a route: nothing of its path or query is kept. */
  route: Route | null;
  /** The value of the route's path parameter, for the log (only a known value is logged). */
  pathValue: string | undefined;
  /** After `?`, without a fragment. */
  query: string;
  answer: Answer | undefined;
}

/** A path as Node gives it, percent-decoded; undefined when an escape is not valid UTF-8. */
function decodePath(raw: string): string | undefined {
  if (!raw.includes('%')) return raw;
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

const recordOf = (
  { request, route, pathValue, query, startedMs }: Exchange,
  status: number,
): AnsweredRequest => ({
  method: request.method ?? '',
  route: route?.path ?? null,
  pathValue,
  query,
  status,
  responseTimeMs: performance.now() - startedMs,
});

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
 * The refusals before any route (docs/architecture.md, "Read path", step 3): the answer,
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
  const hash = url.indexOf('#');
  const withoutFragment = hash < 0 ? url : url.slice(0, hash);
  const queryStart = withoutFragment.indexOf('?');
  if (queryStart < 0) return { path: decodePath(withoutFragment), query: '' };
  return {
    path: decodePath(withoutFragment.slice(0, queryStart)),
    query: withoutFragment.slice(queryStart + 1),
  };
}

/**
 * Reads a posted form: `application/x-www-form-urlencoded` only (415), at most
 * `FORM_BODY_LIMIT` bytes (413); `refuse` gets the refusal, `then` the fields.
 */
export function readForm(
  request: IncomingMessage,
  refuse: (answer: Answer) => void,
  then: (form: Query) => void,
) {
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

/**
 * The one way answers leave: written together once the event loop has read every request
 * that had arrived (`setImmediate`), so that a waiting client is woken once per batch
 * instead of once per answer, which under load halves the cost of a small answer; each
 * written by the responder of its kind, then recorded by the observer. It sends an answer
 * with extra headers (`Allow`, `Retry-After`).
 */
export function batchedSender(settings: ServerSettings, observer: Observer) {
  const write = createResponder(settings.corsOrigin);
  const writeSearch = createResponder(settings.searchCorsOrigin);
  let pending: Exchange[] = [];
  const writePending = () => {
    const batch = pending;
    pending = [];
    for (const exchange of batch) {
      const { request, response } = exchange;
      if (response.destroyed) continue;
      try {
        (exchange.route?.participantSearch ? writeSearch : write)(request, response, exchange.answer!);
      } catch (error) {
        observer.failed(recordOf(exchange, 0), error, 'answer could not be written');
        response.destroy();
        continue;
      }
      observer.answered(recordOf(exchange, response.statusCode));
    }
  };
  return (exchange: Exchange, answer: Answer, headers?: Readonly<Record<string, string>>) => {
    if (headers) for (const name in headers) exchange.response.setHeader(name, headers[name]!);
    exchange.answer = answer;
    if (pending.push(exchange) === 1) setImmediate(writePending);
  };
}

/** Where a path no row answers goes: the API's 404, or a redirect to the row without its trailing slash, or the pages' 404. */
function unrouted(
  method: string | undefined,
  path: string,
  { site, source, match }: { site: Site | undefined; source: ModelSource; match: (path: string) => unknown },
): Answer {
  if (!site || isApiPath(path)) return PREPARED_ERRORS.routeNotFound;
  // `/estadisticas/2024/` → `/estadisticas/2024`: only to a path a row answers, so never off the
  // site; a posted form is sent on with its body (308), not turned into a GET that loses it.
  const trimmed = path.replace(/\/+$/, '');
  if (trimmed !== path && trimmed !== '' && match(trimmed)) {
    const redirect = method === 'GET' || method === 'HEAD' ? movedPermanently : permanentRedirect;
    return redirect(encodeURI(trimmed));
  }
  return site.at(source.state, languageOfPath(path)).notFound();
}

/** Sends an answer, with extra headers if any (`batchedSender`'s). */
type Send = ReturnType<typeof batchedSender>;

/**
 * Runs a participant search under the budgets and sends what came of it: its answer, the
 * refusal (429 with `Retry-After`), or the 500 of `failed` when its accounts cannot be
 * read (a shared table out of reach): a search is never let through unbudgeted.
 */
function searchRunner(
  settings: ServerSettings,
  book: AccountBook,
  send: Send,
  failed: (exchange: Exchange, error: unknown) => Answer,
) {
  const spend = createSearchBudgets(settings, book);
  const clientOf = clientsOf(settings);
  const sendSpent = (exchange: Exchange, search: PendingSearch, spent: Ran | number) => {
    if (typeof spent !== 'number') send(exchange, spent.answer);
    else send(exchange, search.refused(), { 'retry-after': String(spent) });
  };
  return (exchange: Exchange, search: PendingSearch) => {
    let spent: Ran | number | Promise<Ran | number>;
    try {
      spent = spend === undefined ? search.run() : spend(clientOf(exchange.request), search);
    } catch (error) {
      return send(exchange, failed(exchange, error));
    }
    // Shared accounts answer later.
    if (spent instanceof Promise)
      spent.then(
        (done) => sendSpent(exchange, search, done),
        (error: unknown) => send(exchange, failed(exchange, error)),
      );
    else sendSpent(exchange, search, spent);
  };
}

/**
 * The one request path over the route table: every request Node has parsed comes here,
 * and every answer leaves through `send` (the responder writes it, the observer records
 * it). The steps, in order, are drawn in docs/architecture.md ("Read path").
 */
export function createDispatcher({
  source,
  settings,
  observer,
  site,
  clock = () => performance.now(),
  book = memoryBook(clock),
}: DispatcherParts): Dispatch {
  const match = routeMatcher(buildRoutes(site));
  const send = batchedSender(settings, observer);
  /** The spec's 500 for a failure, logged without the request's text. */
  const failed = (exchange: Exchange, error: unknown): Answer => {
    observer.failed(recordOf(exchange, 500), error, 'request failed');
    return prepareError(apiErrors.storeFailure, describeStoreError(error));
  };
  const runSearch = searchRunner(settings, book, send, failed);
  /** The answer `make` gives, or its participant search once the budgets let it run; if it throws, the 500. */
  const settle = (exchange: Exchange, make: () => Answer | PendingSearch) => {
    let answer: Answer | PendingSearch;
    try {
      answer = make();
    } catch (error) {
      return send(exchange, failed(exchange, error));
    }
    if (answer.kind === 'search') runSearch(exchange, answer);
    else send(exchange, answer);
  };
  /** A refusal after which the connection is not reused (its body may still be coming). */
  const refuse = (exchange: Exchange, answer: Answer) => {
    exchange.response.shouldKeepAlive = false;
    send(exchange, answer);
  };

  return (request, response) => {
    const exchange: Exchange = {
      request,
      response,
      startedMs: performance.now(),
      route: null,
      pathValue: undefined,
      query: '',
      answer: undefined,
    };
    const refusal = refusalOf(request, settings.limits.maxUrlLength);
    if (refusal) return refusal.close ? refuse(exchange, refusal.answer) : send(exchange, refusal.answer);
    const { path, query } = splitTarget(request.url ?? '');
    if (path === undefined) return send(exchange, PREPARED_ERRORS.badRequest);
    const found = match(path);
    if (found === undefined) return send(exchange, unrouted(request.method, path, { site, source, match }));
    const { route, params } = found;
    exchange.route = route;
    exchange.pathValue = found.pathValue;
    exchange.query = query;
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
