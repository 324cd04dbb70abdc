import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { prepareError, type Answer, type PendingSearch, type Ran } from '../answer/answer.js';
import { apiErrors } from '../domain/api-messages.js';
import { describeStoreError } from '../store/store-errors.js';
import type { ServerSettings } from '../config/index.js';
import { clientsOf } from './client-address.js';
import type { AnsweredRequest, Observer } from './observer.js';
import { createResponder } from './responder.js';
import type { Route } from './routes.js';
import { createSearchBudgets, type AccountBook } from './search-budget.js';

/** One request on its way through: what it was found to be, and its answer once known. */
export interface Exchange {
  request: IncomingMessage;
  response: ServerResponse;
  startedMs: number;
  /** Null for a request refused before, or without, a route: nothing of its path or query is kept. */
  route: Route | null;
  /** The value of the route's path parameter, for the log (only a known value is logged). */
  pathValue?: string;
  /** After `?`, without a fragment. */
  query: string;
  answer?: Answer;
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

/**
 * The one way answers leave: written together once the event loop has read every request
 * that had arrived (`setImmediate`), so that a waiting client is woken once per batch
 * instead of once per answer, which under load halves the cost of a small answer; each
 * written by the responder of its kind, then recorded by the observer. It sends an answer
 * with extra headers (`Allow`, `Retry-After`).
 */
function batchedSender(settings: ServerSettings, observer: Observer) {
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
 * The ways an exchange's answer leaves: `send` as it is; `refuse`, after which the
 * connection is not reused (its body may still be coming); `settle`, with what a route
 * makes: its answer, its participant search once the budgets let it run, or, if making
 * it throws, the spec's 500, logged without the request's text.
 */
export function answerWays(settings: ServerSettings, observer: Observer, book: AccountBook) {
  const send = batchedSender(settings, observer);
  const failed = (exchange: Exchange, error: unknown): Answer => {
    observer.failed(recordOf(exchange, 500), error, 'request failed');
    return prepareError(apiErrors.storeFailure, describeStoreError(error));
  };
  const runSearch = searchRunner(settings, book, send, failed);
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
  const refuse = (exchange: Exchange, answer: Answer) => {
    exchange.response.shouldKeepAlive = false;
    send(exchange, answer);
  };
  return { send, refuse, settle };
}
