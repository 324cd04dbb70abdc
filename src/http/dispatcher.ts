import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { ServerLimits } from '../config/index.js';
import { apiErrors } from '../domain/api-messages.js';
import type { Query } from '../domain/validation.js';
import { prepareError, type Answer } from '../read-model/prepared-response.js';
import type { ReadModel } from '../read-model/read-model.js';
import { describeStoreError } from '../store/store-errors.js';
import type { AnsweredRequest, Observer } from './observer.js';
import type { ModelSource } from './operations.js';
import { parseQuery } from './query.js';
import type { SearchLimit } from './rate-limit.js';
import type { Responder } from './responder.js';
import { movedPermanently } from '../web/redirects.js';
import { isApiPath, type Params, type Route } from './routes.js';

export interface DispatcherParts {
  routes: readonly Route[];
  source: ModelSource;
  responder: Responder;
  observer: Observer;
  limits: ServerLimits;
  /** The limit on participant searches; none when the operator turned it off. */
  searchLimit: SearchLimit | undefined;
  /** The web pages' 404 page, for unknown paths outside `/api` (none: the JSON 404 everywhere). */
  pageNotFound?: () => Answer;
  /** The web form's page when its client is over the search limit (none: the API's JSON 429). */
  formRefused?: (form: Query) => Answer;
}

/** Answers one request that Node has read (the HTTP server's request handler). */
export type Dispatch = (request: IncomingMessage, response: ServerResponse) => void;

const ALLOWED = 'GET, HEAD';
/** A path that also takes a posted form (the web search). */
const ALLOWED_WITH_FORM = 'GET, HEAD, POST';

/** A posted form holds a name and a school: a few hundred bytes. */
const FORM_BODY_LIMIT = 8 * 1024;
/** Any other request body is never read; one announced past this is refused outright. */
const BODY_LIMIT = 1024 * 1024;
const FORM_TYPE = 'application/x-www-form-urlencoded';

/** URLs whose answers are kept per model; past this many, the memory starts over. */
const KEPT_URLS = 1024;

const NO_PARAMS: Params = Object.freeze({});

/** A request refused before, or without, a route: nothing of its path or query is kept. */
const NO_ROUTE: Readonly<Target> = Object.freeze({
  route: null,
  params: NO_PARAMS,
  pathValue: undefined,
  query: '',
});

const REFUSALS = {
  badRequest: prepareError(apiErrors.badRequest),
  routeNotFound: prepareError(apiErrors.routeNotFound),
  methodNotAllowed: prepareError(apiErrors.methodNotAllowed),
  methodNotAllowedWithForm: prepareError(apiErrors.methodNotAllowedWithForm),
  payloadTooLarge: prepareError(apiErrors.payloadTooLarge),
  uriTooLong: prepareError(apiErrors.uriTooLong),
  unsupportedMediaType: prepareError(apiErrors.unsupportedMediaType),
  expectationFailed: prepareError(apiErrors.expectationFailed),
  rateLimited: prepareError(apiErrors.rateLimited),
};

/** A route whose last path segment is a parameter: `/estadisticas/:year`. */
interface ParameterRoute {
  prefix: string;
  name: string;
  route: Route;
}

/** What the dispatcher found a request to be, before any answer. */
interface Target {
  route: Route | null;
  params: Params;
  /** The value of the route's path parameter, for the log (only a known value is logged). */
  pathValue: string | undefined;
  /** After `?`, without a fragment. */
  query: string;
}

/** One answer on its way out, with what is recorded of it. */
interface Outgoing {
  request: IncomingMessage;
  response: ServerResponse;
  answer: Answer;
  record: AnsweredRequest;
  startedMs: number;
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

/**
 * The one request path: every request Node has parsed comes here, and every answer
 * leaves through `send`, which writes it with the responder and reports it to the
 * observer (one log line, one count). In order:
 *
 * 1. Refusals before any route: a target over `MAX_URL_LENGTH` (414), an `Expect` other
 *    than 100-continue (417), HTTP/1.1 without `Host` (400), a body announced past 1 MB (413), a path that does not decode (400).
 * 2. The route table: no row → 404 (the web 404 page outside `/api`, JSON inside);
 *    a method the row does not take → 405 with `Allow`.
 * 3. Participant searches (the API's, and the web form posted to `/buscar`) pass the
 *    search limit first: over it, 429 with `Retry-After`.
 * 4. The row's answer: from the query (or the posted form) and the current read model.
 *    One that throws is a 500 with the spec's JSON error, logged without the request's text.
 *
 * Answers are written together once the event loop has read every request that had
 * arrived (`setImmediate`): a client that is waiting is woken once per batch instead of
 * once per answer. Under load that halves the cost of a small answer; alone, a request
 * waits for one turn of the loop.
 */
export function createDispatcher(parts: DispatcherParts): Dispatch {
  const { routes, source, responder, observer, limits, searchLimit } = parts;
  const exact = new Map<string, Route>();
  const withParameter: ParameterRoute[] = [];
  for (const route of routes) {
    const colon = route.path.lastIndexOf('/:');
    if (colon < 0) exact.set(route.path, route);
    else
      withParameter.push({
        prefix: route.path.slice(0, colon + 1),
        name: route.path.slice(colon + 2),
        route,
      });
  }

  const match = (path: string): Target | undefined => {
    const route = exact.get(path);
    if (route !== undefined) return { route, params: NO_PARAMS, pathValue: undefined, query: '' };
    for (const { prefix, name, route } of withParameter) {
      if (!path.startsWith(prefix)) continue;
      const value = path.slice(prefix.length);
      if (value !== '' && !value.includes('/'))
        return { route, params: { [name]: value }, pathValue: value, query: '' };
    }
    return undefined;
  };

  // The statistics and category a site shows are asked for again and again: answers that
  // depend on the URL and the model alone are kept by URL, one map per model.
  const kept = new WeakMap<ReadModel, Map<string, Answer>>();
  const keptFor = (route: Route): Map<string, Answer> | undefined => {
    if (!route.keptPerUrl) return undefined;
    const state = source.state;
    if (state.kind !== 'ready') return undefined;
    let answers = kept.get(state.model);
    if (answers === undefined) kept.set(state.model, (answers = new Map()));
    return answers;
  };

  let pending: Outgoing[] = [];
  const writePending = () => {
    const batch = pending;
    pending = [];
    for (const { request, response, answer, record, startedMs } of batch) {
      if (response.destroyed) continue;
      try {
        responder.write(request, response, answer);
      } catch (error) {
        observer.failed(record, error, 'answer could not be written');
        response.destroy();
        continue;
      }
      record.status = response.statusCode;
      record.responseTimeMs = performance.now() - startedMs;
      observer.answered(record);
    }
  };

  /** The one way an answer leaves (extra headers: `Allow`, `Retry-After`). */
  const send = (
    request: IncomingMessage,
    response: ServerResponse,
    target: Target,
    startedMs: number,
    answer: Answer,
    headers?: Readonly<Record<string, string>>,
  ) => {
    if (headers) for (const name in headers) response.setHeader(name, headers[name]!);
    const record: AnsweredRequest = {
      method: request.method ?? '',
      route: target.route?.path ?? null,
      pathValue: target.pathValue,
      query: target.query,
      status: 0,
      responseTimeMs: 0,
    };
    if (pending.push({ request, response, answer, record, startedMs }) === 1) setImmediate(writePending);
  };

  /** A row's answer; one that throws is the spec's 500, logged without the request's text. */
  const answerOf = (target: Target, method: string, make: () => Answer): Answer => {
    try {
      return make();
    } catch (error) {
      observer.failed(
        {
          method,
          route: target.route?.path ?? null,
          pathValue: target.pathValue,
          query: target.query,
          status: 500,
          responseTimeMs: 0,
        },
        error,
        'request failed',
      );
      return prepareError(apiErrors.storeFailure, describeStoreError(error));
    }
  };

  /** A GET or HEAD of a row: kept by URL when the row allows it. */
  const answerGet = (
    request: IncomingMessage,
    response: ServerResponse,
    target: Target,
    url: string,
    startedMs: number,
  ) => {
    const route = target.route!;
    const answer = answerOf(target, request.method!, () => {
      const answers = keptFor(route);
      let kept = answers?.get(url);
      if (kept === undefined) {
        kept = route.answer(parseQuery(target.query), source, target.params);
        if (answers) {
          if (answers.size >= KEPT_URLS) answers.clear();
          answers.set(url, kept);
        }
      }
      return kept;
    });
    send(request, response, target, startedMs, answer);
  };

  /** The posted form: `application/x-www-form-urlencoded` only (415), at most `FORM_BODY_LIMIT` bytes (413). */
  const readForm = (
    request: IncomingMessage,
    response: ServerResponse,
    target: Target,
    startedMs: number,
    then: (form: Query) => void,
  ) => {
    const type = (request.headers['content-type'] ?? '').split(';', 1)[0]!.trim().toLowerCase();
    if (type !== FORM_TYPE) {
      response.shouldKeepAlive = false;
      return send(request, response, target, startedMs, REFUSALS.unsupportedMediaType);
    }
    if (Number(request.headers['content-length'] ?? 0) > FORM_BODY_LIMIT) {
      response.shouldKeepAlive = false;
      return send(request, response, target, startedMs, REFUSALS.payloadTooLarge);
    }
    const chunks: Buffer[] = [];
    let length = 0;
    let refused = false;
    request.on('data', (chunk: Buffer) => {
      if (refused) return;
      length += chunk.length;
      if (length > FORM_BODY_LIMIT) {
        refused = true;
        response.shouldKeepAlive = false;
        send(request, response, target, startedMs, REFUSALS.payloadTooLarge);
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => {
      if (!refused) then(parseQuery(Buffer.concat(chunks).toString('utf8')));
    });
    // A client that goes away mid-body gets no answer: there is no one to read it.
    request.on('error', () => undefined);
  };

  /** Passes the search limit, then `go`; over it, 429 with `Retry-After` (the form: its page). */
  const limited = (
    request: IncomingMessage,
    response: ServerResponse,
    target: Target,
    startedMs: number,
    refusal: () => Answer,
    go: () => void,
  ) => {
    if (searchLimit === undefined) return go();
    searchLimit.take(request).then(
      (waitSeconds) => {
        if (waitSeconds === 0) return go();
        send(request, response, target, startedMs, refusal(), { 'retry-after': String(waitSeconds) });
      },
      (error: unknown) => {
        send(
          request,
          response,
          target,
          startedMs,
          answerOf(target, request.method!, () => {
            throw error;
          }),
        );
      },
    );
  };

  return (request, response) => {
    const startedMs = performance.now();
    const url = request.url ?? '';
    if (url.length > limits.maxUrlLength)
      return send(request, response, NO_ROUTE, startedMs, REFUSALS.uriTooLong);
    // Node passes an `Expect` other than 100-continue here too (`checkExpectation`).
    const expect = request.headers.expect;
    if (expect !== undefined && expect.toLowerCase() !== '100-continue') {
      response.shouldKeepAlive = false;
      return send(request, response, NO_ROUTE, startedMs, REFUSALS.expectationFailed);
    }
    if (request.httpVersion === '1.1' && request.headers.host === undefined) {
      response.shouldKeepAlive = false;
      return send(request, response, NO_ROUTE, startedMs, REFUSALS.badRequest);
    }
    if (Number(request.headers['content-length'] ?? 0) > BODY_LIMIT) {
      response.shouldKeepAlive = false;
      return send(request, response, NO_ROUTE, startedMs, REFUSALS.payloadTooLarge);
    }
    // A fragment is never sent by a browser; one written into a raw request is dropped.
    const hash = url.indexOf('#');
    const withoutFragment = hash < 0 ? url : url.slice(0, hash);
    const queryStart = withoutFragment.indexOf('?');
    const path = decodePath(queryStart < 0 ? withoutFragment : withoutFragment.slice(0, queryStart));
    if (path === undefined) return send(request, response, NO_ROUTE, startedMs, REFUSALS.badRequest);

    const matched = match(path);
    if (matched === undefined) {
      // `/estadisticas/2024/` → `/estadisticas/2024`: only to a path a row answers, so never off the site.
      const trimmed = path.replace(/\/+$/, '');
      if (parts.pageNotFound && !isApiPath(path) && trimmed !== path && trimmed !== '' && match(trimmed))
        return send(request, response, NO_ROUTE, startedMs, movedPermanently(encodeURI(trimmed)));
      const page = parts.pageNotFound && !isApiPath(path) ? parts.pageNotFound() : REFUSALS.routeNotFound;
      return send(request, response, NO_ROUTE, startedMs, page);
    }
    matched.query = queryStart < 0 ? '' : withoutFragment.slice(queryStart + 1);
    const route = matched.route!;
    const method = request.method;

    if (method === 'GET' || method === 'HEAD') {
      if (!route.rateLimited) return answerGet(request, response, matched, withoutFragment, startedMs);
      return limited(
        request,
        response,
        matched,
        startedMs,
        () => REFUSALS.rateLimited,
        () => answerGet(request, response, matched, withoutFragment, startedMs),
      );
    }
    if (method === 'POST' && route.form) {
      const form = route.form;
      return readForm(request, response, matched, startedMs, (fields) =>
        limited(
          request,
          response,
          matched,
          startedMs,
          () => parts.formRefused?.(fields) ?? REFUSALS.rateLimited,
          () =>
            send(
              request,
              response,
              matched,
              startedMs,
              answerOf(matched, method, () => form(fields, source, matched.params)),
            ),
        ),
      );
    }
    const allow = route.form ? ALLOWED_WITH_FORM : ALLOWED;
    return send(
      request,
      response,
      matched,
      startedMs,
      route.form ? REFUSALS.methodNotAllowedWithForm : REFUSALS.methodNotAllowed,
      { allow },
    );
  };
}
