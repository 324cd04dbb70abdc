import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { redactUrl } from '../cli/logger.js';

/** Levels at which `info` lines are written. */
const LOGS_INFO: ReadonlySet<string> = new Set(['info', 'debug', 'trace']);

/** True when the logger writes `info` lines, so request lines would be seen. */
export function logsRequests(logger: FastifyBaseLogger | false): logger is FastifyBaseLogger {
  return logger !== false && LOGS_INFO.has(logger.level);
}

/**
 * One line per answer (Fastify's own two request lines are turned off in `app.ts`):
 * `reqId` (from the request's child logger), method, route pattern, the URL with
 * participant names redacted, status and response time in milliseconds. Registered only
 * when `info` is enabled, so quieter levels cost nothing per request.
 */
export function registerRequestLog(app: FastifyInstance, logger: FastifyBaseLogger | false): void {
  if (!logsRequests(logger)) return;
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      {
        method: request.method,
        route: request.routeOptions.url ?? null,
        url: redactUrl(request.url),
        status: reply.statusCode,
        responseTime: Math.round(reply.elapsedTime * 1000) / 1000,
      },
      'request',
    );
    done();
  });
}
