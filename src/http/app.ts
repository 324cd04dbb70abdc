import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { ReadModelFollower } from '../read-model/follower.js';
import { parseQuery } from './query.js';
import { createResponder } from './send.js';
import { registerContractHooks } from './contract-hooks.js';
import { registerOperationRoutes } from './operation-routes.js';
import { createFastLane } from './fast-lane.js';
import { registerApiReference, registerOpenApi } from './openapi.js';
import { createMetrics, registerMetrics } from './metrics.js';
import { registerRequestLog, requestIds, requestLogger } from './request-log.js';
import { DEFAULT_SERVER_LIMITS, type ServerLimits } from '../config/index.js';
import { hardenedServerOptions } from './server-limits.js';
import { RATE_LIMITED_PATH, registerParticipantRateLimit } from './rate-limit.js';

export interface AppOptions {
  follower: ReadModelFollower;
  /** Value of `Access-Control-Allow-Origin` on every answer. */
  corsOrigin: string;
  /** A pino logger (the CLI's), or `false` for none (tests). */
  logger: FastifyBaseLogger | false;
  /** Sizes and timeouts of the HTTP layer (server-limits.ts); the defaults when omitted. */
  limits?: ServerLimits;
  /** Participant searches per client address and minute; no limit when omitted or 0. */
  rateLimitParticipants?: number;
}

/** The API: the six GET operations of the spec and the JSON answers around them. */
export function buildApp(options: AppOptions): FastifyInstance {
  const responder = createResponder(options.corsOrigin);
  const nextRequestId = requestIds();
  const logRequest = requestLogger(options.logger);
  const rateLimited = (options.rateLimitParticipants ?? 0) > 0;
  const metrics = createMetrics(options.follower);
  const fastLane = createFastLane({
    follower: options.follower,
    responder,
    recordRequest: metrics.recordRequest,
    logRequest,
    nextRequestId,
    excludedPaths: new Set(rateLimited ? [RATE_LIMITED_PATH] : []),
  });
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    genReqId: nextRequestId,
    routerOptions: { querystringParser: parseQuery },
    return503OnClosing: false,
    // Fastify's two lines per request are replaced by one (request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    ...hardenedServerOptions({
      limits: options.limits ?? DEFAULT_SERVER_LIMITS,
      corsOrigin: options.corsOrigin,
      responder,
      logger: options.logger,
      fastLane,
    }),
  });
  registerContractHooks(app, responder);
  registerParticipantRateLimit(app, options.rateLimitParticipants, responder);
  registerRequestLog(app, logRequest);
  registerMetrics(app, metrics);
  registerOpenApi(app);
  // Added once @fastify/swagger is loaded, so that it documents them.
  void app.register(async (api) => {
    registerOperationRoutes(api, options.follower, responder);
    registerApiReference(api, responder);
  });
  return app;
}
