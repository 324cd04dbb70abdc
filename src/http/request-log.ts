import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { redactUrl } from './redact-url.js';

/** Levels at which `info` lines are written. */
const LOGS_INFO: ReadonlySet<string> = new Set(['info', 'debug', 'trace']);

/** True when the logger writes `info` lines, so request lines would be seen. */
function logsRequests(logger: FastifyBaseLogger | false): logger is FastifyBaseLogger {
  return logger !== false && LOGS_INFO.has(logger.level);
}

/** Request ids `req-1`, `req-2`, … shared by Fastify and the fast lane. */
export function requestIds(): () => string {
  let last = 0;
  return () => `req-${(++last).toString(36)}`;
}

export interface RequestLine {
  reqId: string;
  method: string;
  /** The route pattern, or null when no route matched. */
  route: string | null;
  url: string;
  status: number;
  responseTimeMs: number;
}

/** Writes one request line: participant names in the URL are redacted. */
export type LogRequest = (line: RequestLine) => void;

/**
 * One line per answer (Fastify's own two request lines are turned off in `app.ts`):
 * `reqId`, method, route pattern, the URL with participant names redacted, status and
 * response time in milliseconds. `undefined` when `info` is off, so quieter levels cost
 * nothing per request.
 */
export function requestLogger(logger: FastifyBaseLogger | false): LogRequest | undefined {
  if (!logsRequests(logger)) return undefined;
  return ({ reqId, method, route, url, status, responseTimeMs }) =>
    logger.info(
      {
        reqId,
        method,
        route,
        url: redactUrl(url),
        status,
        responseTime: Math.round(responseTimeMs * 1000) / 1000,
      },
      'request',
    );
}

/** The request line of every answer that Fastify writes. */
export function registerRequestLog(app: FastifyInstance, log: LogRequest | undefined): void {
  if (!log) return;
  app.addHook('onResponse', (request, reply, done) => {
    log({
      reqId: request.id,
      method: request.method,
      route: request.routeOptions.url ?? null,
      url: request.url,
      status: reply.statusCode,
      responseTimeMs: reply.elapsedTime,
    });
    done();
  });
}
