import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import Negotiator from 'negotiator';
import {
  COMPRESSION_THRESHOLD_BYTES,
  compressedComputed,
  computedRepresentation,
  prepareError,
  type Answer,
  type ComputedJson,
  type PendingSearch,
  type Ran,
} from '../answer/answer.js';
import { apiErrors } from '../domain/api-messages.js';
import { describeStoreError } from '../store/store-errors.js';
import type { ServerSettings } from '../config/index.js';
import { clientsOf } from './client-address.js';
import type { AnsweredRequest, Observer } from './observer.js';
import type { Route } from './routes.js';
import { createSearchBudgets, type AccountBook } from './search-budget.js';

/** One request on its way through; `route` null when refused before, or without, a route (nothing of it is kept). */
export interface Exchange {
  request: IncomingMessage;
  response: ServerResponse;
  startedMs: number;
  route: Route | null;
  pathValue?: string;
  /** After `?`, without a fragment. */
  query: string;
  answer?: Answer;
}

type Encoding = 'br' | 'gzip' | 'identity';
const OFFERED: Encoding[] = ['br', 'gzip', 'identity'];

/** Each distinct Accept-Encoding negotiated once: some 8 % of a small answer (docs/performance.md, "Caches"). */
const negotiated = new Map<string, Encoding>();

function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  let choice = negotiated.get(acceptEncoding);
  if (choice === undefined) {
    const negotiator = new Negotiator({ headers: { 'accept-encoding': acceptEncoding } }) as unknown as {
      // negotiator 1.x takes the server's preference for ties; its published types predate that.
      encoding(available: Encoding[], options: { preferred: Encoding[] }): Encoding | undefined;
    };
    choice = negotiator.encoding(OFFERED, { preferred: OFFERED }) ?? 'identity';
    if (negotiated.size >= 256) negotiated.clear();
    negotiated.set(acceptEncoding, choice);
  }
  return choice;
}

/** True when `If-None-Match` names one of the tags (weak comparison). */
function namesTag(ifNoneMatch: string, tags: readonly (string | undefined)[]): boolean {
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((candidate) => tags.includes(candidate.trim().replace(/^W\//, '')));
}

/** Writes the representation the request accepts, or 304 when `If-None-Match` names it. */
function write(request: IncomingMessage, response: ServerResponse, answer: Answer, corsOrigin?: string) {
  const computed = answer.kind === 'computed';
  const encoding =
    computed || answer.codings.length > 0 ? chooseEncoding(request.headers['accept-encoding']) : 'identity';
  const prepared = !computed
    ? answer
    : encoding !== 'identity' && Buffer.byteLength(answer.json) > COMPRESSION_THRESHOLD_BYTES
      ? compressedComputed(answer, encoding)
      : undefined;
  const representation = prepared
    ? (encoding !== 'identity' && prepared.encoded(encoding)) || prepared.identity
    : computedRepresentation(answer as ComputedJson);
  const tags = prepared ? prepared.tags : [representation.etag];
  const ifNoneMatch = request.headers['if-none-match'];
  const notModified =
    answer.statusCode === 200 &&
    ifNoneMatch !== undefined &&
    tags[0] !== undefined &&
    namesTag(ifNoneMatch, tags);
  // Object.assign, not a spread, which V8 does slowly for such keys.
  const headers: OutgoingHttpHeaders = Object.assign({}, representation.headers);
  if (corsOrigin !== undefined) headers['access-control-allow-origin'] = corsOrigin;
  if (notModified) delete headers['content-encoding'];
  else headers['content-length'] = representation.length;
  response.writeHead(notModified ? 304 : answer.statusCode, headers);
  response.end(notModified ? undefined : representation.body);
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

/** Answers leave once per turn of the event loop (`setImmediate`): a client woken once per batch halves under load the cost of a small answer. */
function batchedSender({ corsOrigin, searchCorsOrigin }: ServerSettings, observer: Observer) {
  let pending: Exchange[] = [];
  const writePending = () => {
    const batch = pending;
    pending = [];
    for (const exchange of batch) {
      const { request, response, route } = exchange;
      if (response.destroyed) continue;
      try {
        write(request, response, exchange.answer!, route?.participantSearch ? searchCorsOrigin : corsOrigin);
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

/**
 * `send`; `refuse`, closing the connection (its body may still be coming); `settle`, a route's answer or its
 * search once the budgets allow (else 429), or the spec's 500 when making it throws or the accounts cannot be
 * read: a search is never let through unbudgeted.
 */
export function answerWays(settings: ServerSettings, observer: Observer, book: AccountBook) {
  const send = batchedSender(settings, observer);
  const spend = createSearchBudgets(settings, book);
  const clientOf = clientsOf(settings);
  const fail = (exchange: Exchange, error: unknown) => {
    observer.failed(recordOf(exchange, 500), error, 'request failed');
    send(exchange, prepareError(apiErrors.storeFailure, describeStoreError(error)));
  };
  const sendSpent = (exchange: Exchange, search: PendingSearch, spent: Ran | number) => {
    if (typeof spent !== 'number') send(exchange, spent.answer);
    else send(exchange, search.refused(), { 'retry-after': String(spent) });
  };
  const settle = (exchange: Exchange, make: () => Answer | PendingSearch) => {
    try {
      const answer = make();
      if (answer.kind !== 'search') return send(exchange, answer);
      const spent = spend === undefined ? answer.run() : spend(clientOf(exchange.request), answer);
      // Shared accounts answer later.
      if (!(spent instanceof Promise)) return sendSpent(exchange, answer, spent);
      spent.then(
        (done) => sendSpent(exchange, answer, done),
        (error: unknown) => fail(exchange, error),
      );
    } catch (error) {
      fail(exchange, error);
    }
  };
  const refuse = (exchange: Exchange, answer: Answer) => {
    exchange.response.shouldKeepAlive = false;
    send(exchange, answer);
  };
  return { send, refuse, settle };
}
