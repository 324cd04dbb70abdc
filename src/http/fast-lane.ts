import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { RecordRequest } from './metrics.js';
import { ANSWER_BY_URL, OPERATIONS, type Answer, type ModelSource, type Operation } from './operations.js';
import type { ReadModel } from '../read-model/read-model.js';
import { parseQuery } from './query.js';
import type { LogRequest } from './request-log.js';
import type { Responder } from './send.js';

/** Answers a request and returns true, or returns false to leave it to Fastify. */
export type FastLane = (request: IncomingMessage, response: ServerResponse) => boolean;

export interface FastLaneOptions {
  follower: ModelSource;
  responder: Responder;
  recordRequest: RecordRequest;
  logRequest: LogRequest | undefined;
  nextRequestId: () => string;
  /** Paths left to Fastify (the rate-limited search, when a limit is set). */
  excludedPaths: ReadonlySet<string>;
}

/** URLs remembered per model and operation; past this many, the memory starts over. */
const REMEMBERED_URLS = 1024;

interface PendingAnswer {
  request: IncomingMessage;
  response: ServerResponse;
  answer: Answer;
  path: string;
  url: string;
  startedMs: number;
}

/**
 * The six operations' GET requests, answered before Fastify's router: a map lookup, the
 * same query parsing and operation as the Fastify route, and a write. Whatever is not a
 * plain GET of one of those paths (HEAD, other methods, encoded or unknown paths) goes
 * on to Fastify, whose routes give the same answers; so does a request whose operation
 * throws, which then reaches Fastify's error handler.
 *
 * Answers are written together once the event loop has read every request that had
 * arrived (`setImmediate`): a client that is waiting is woken once per batch instead of
 * once per answer. Under load that halves the cost of a small answer; alone, a request
 * waits for one turn of the loop.
 */
export function createFastLane({
  follower,
  responder,
  recordRequest,
  logRequest,
  nextRequestId,
  excludedPaths,
}: FastLaneOptions): FastLane {
  const operations = new Map<string, Operation>([...OPERATIONS].filter(([path]) => !excludedPaths.has(path)));

  // The statistics and category a site shows are asked for again and again: their
  // answers are remembered by URL (no query parsing, no decision) while a model is served.
  const remembered = new WeakMap<ReadModel, Map<string, Answer>>();
  const rememberedFor = (path: string): Map<string, Answer> | undefined => {
    if (!ANSWER_BY_URL.has(path)) return undefined;
    const state = follower.state;
    if (state.kind !== 'ready') return undefined;
    let answers = remembered.get(state.model);
    if (answers === undefined) remembered.set(state.model, (answers = new Map()));
    return answers;
  };

  let pending: PendingAnswer[] = [];
  const writePending = () => {
    const batch = pending;
    pending = [];
    for (const { request, response, answer, path, url, startedMs } of batch) {
      try {
        responder.write(request, response, answer);
      } catch {
        response.destroy();
        continue;
      }
      const elapsedMs = performance.now() - startedMs;
      recordRequest(path, 'GET', response.statusCode, elapsedMs / 1000);
      logRequest?.({
        reqId: nextRequestId(),
        method: 'GET',
        route: path,
        url,
        status: response.statusCode,
        responseTimeMs: elapsedMs,
      });
    }
  };

  return (request, response) => {
    if (request.method !== 'GET') return false;
    const url = request.url ?? '';
    const queryStart = url.indexOf('?');
    const path = queryStart < 0 ? url : url.slice(0, queryStart);
    const operation = operations.get(path);
    if (operation === undefined) return false;

    const startedMs = performance.now();
    let answer: Answer | undefined;
    try {
      const remembered = rememberedFor(path);
      answer = remembered?.get(url);
      if (answer === undefined) {
        answer = operation(parseQuery(queryStart < 0 ? '' : url.slice(queryStart + 1)), follower);
        if (remembered) {
          if (remembered.size >= REMEMBERED_URLS) remembered.clear();
          remembered.set(url, answer);
        }
      }
    } catch {
      return false;
    }
    if (pending.push({ request, response, answer, path, url, startedMs }) === 1) setImmediate(writePending);
    return true;
  };
}
