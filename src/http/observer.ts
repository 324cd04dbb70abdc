import type { Logger } from 'pino';
import type { RecordRequest } from './metrics.js';
import { loggedUrl } from './logged-url.js';
import { parseQuery } from './query.js';

/** One answer, as the dispatcher reports it. */
export interface AnsweredRequest {
  method: string;
  /** The route's path, or null when no route matched (404, refused requests). */
  route: string | null;
  /** The value of the route's path parameter, decoded, when it has one. */
  pathValue?: string | undefined;
  /** The query string (after `?`, without a fragment); only known values of it are logged. */
  query: string;
  status: number;
  responseTimeMs: number;
}

/**
 * What sees every request: the one log line per answer and the request metrics. Only
 * the dispatcher calls it, once per answer.
 */
export interface Observer {
  answered(request: AnsweredRequest): void;
  /** An answer that failed (a bug, or a broken socket): logged, never swallowed, never with its text. */
  failed(request: AnsweredRequest, error: unknown, message: string): void;
}

/** Levels at which `info` lines are written. */
const LOGS_INFO: ReadonlySet<string> = new Set(['info', 'debug', 'trace']);

/** The route label of answers that matched no route: keeps the metrics' label set bounded. */
export const UNMATCHED_ROUTE = 'unmatched';

function urlOf({ route, pathValue, query }: AnsweredRequest): string {
  return loggedUrl(route, pathValue, parseQuery(query));
}

/**
 * `reqId` `req-1`, `req-2`, …; one `request` line per answer at `info` (method, route,
 * the URL with only known values, status, time in ms) — nothing per request at quieter
 * levels — and a count and a duration in the metrics.
 */
export function createObserver(logger: Logger | false, recordRequest: RecordRequest): Observer {
  let lastId = 0;
  const logsRequests = logger !== false && LOGS_INFO.has(logger.level);
  const nextId = () => `req-${(++lastId).toString(36)}`;
  return {
    answered(request) {
      const { method, route, status, responseTimeMs } = request;
      recordRequest(route ?? UNMATCHED_ROUTE, method, status, responseTimeMs / 1000);
      if (!logsRequests) return;
      logger.info(
        {
          reqId: nextId(),
          method,
          route,
          url: urlOf(request),
          status,
          responseTime: Math.round(responseTimeMs * 1000) / 1000,
        },
        'request',
      );
    },
    failed(request, error, message) {
      if (logger === false) return;
      const {
        name,
        message: reason,
        code,
      } = (error instanceof Error ? error : new Error(String(error))) as NodeJS.ErrnoException;
      logger.error(
        {
          reqId: nextId(),
          method: request.method,
          route: request.route,
          url: urlOf(request),
          err: { type: name, code, message: reason },
        },
        message,
      );
    },
  };
}
