import type { FastifyBaseLogger } from 'fastify';
import type { RecordRequest } from './metrics.js';
import { redactUrl } from './redact-url.js';

/** One answer, as both lanes report it. */
export interface AnsweredRequest {
  reqId: string;
  method: string;
  /** The route's path, or null when no route matched (404, 405, refused requests). */
  route: string | null;
  url: string;
  status: number;
  responseTimeMs: number;
}

/**
 * What sees every request, whichever lane answered it: the request ids, the one log line
 * per answer (with the URL redacted) and the request metrics. Both lanes call it, and
 * nothing else observes requests: a Fastify hook would only see the requests that reach
 * Fastify, which the fast lane's are not.
 */
export interface Observer {
  nextRequestId(): string;
  answered(request: AnsweredRequest): void;
  /** An answer that could not be written (a bug, or a broken socket): logged, never swallowed. */
  writeFailed(
    request: { reqId: string; method: string; route: string | null; url: string },
    error: unknown,
  ): void;
}

/** Levels at which `info` lines are written. */
const LOGS_INFO: ReadonlySet<string> = new Set(['info', 'debug', 'trace']);

/** The route label of answers that matched no route: keeps the metrics' label set bounded. */
export const UNMATCHED_ROUTE = 'unmatched';

/** A logged URL is cut here: a 414's target can be 8 KB of path. */
const MAX_LOGGED_URL = 512;

function loggedUrl(url: string): string {
  const redacted = redactUrl(url);
  return redacted.length > MAX_LOGGED_URL ? `${redacted.slice(0, MAX_LOGGED_URL)}…` : redacted;
}

/**
 * `reqId` `req-1`, `req-2`, …; one `request` line per answer at `info` (method, route,
 * redacted URL, status, time in ms) — nothing per request at quieter levels — and a
 * count and a duration in the metrics.
 */
export function createObserver(logger: FastifyBaseLogger | false, recordRequest: RecordRequest): Observer {
  let lastId = 0;
  const logsRequests = logger !== false && LOGS_INFO.has(logger.level);
  return {
    nextRequestId: () => `req-${(++lastId).toString(36)}`,
    answered({ reqId, method, route, url, status, responseTimeMs }) {
      recordRequest(route ?? UNMATCHED_ROUTE, method, status, responseTimeMs / 1000);
      if (!logsRequests) return;
      logger.info(
        {
          reqId,
          method,
          route,
          url: loggedUrl(url),
          status,
          responseTime: Math.round(responseTimeMs * 1000) / 1000,
        },
        'request',
      );
    },
    writeFailed({ reqId, method, route, url }, error) {
      if (logger === false) return;
      const { name, message, code } = (
        error instanceof Error ? error : new Error(String(error))
      ) as NodeJS.ErrnoException;
      logger.error(
        { reqId, method, route, url: loggedUrl(url), err: { type: name, code, message } },
        'answer could not be written',
      );
    },
  };
}
