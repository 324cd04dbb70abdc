import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { ReadModelFollower } from '../read-model/follower.js';
import { parseQuery } from './query.js';
import { createResponder } from './send.js';
import { registerContractHooks } from './contract-hooks.js';
import { registerDataRoutes } from './routes/data-routes.js';
import { registerPingRoute } from './routes/ping.js';

export interface AppOptions {
  follower: ReadModelFollower;
  /** Value of `Access-Control-Allow-Origin` on every answer. */
  corsOrigin: string;
  /** A pino logger (the CLI's), or `false` for none (tests). */
  logger: FastifyBaseLogger | false;
}

/** The API: the six GET operations of the spec and the JSON answers around them. */
export function buildApp(options: AppOptions): FastifyInstance {
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    routerOptions: { querystringParser: parseQuery },
    return503OnClosing: false,
  });
  const responder = createResponder(options.corsOrigin);
  registerContractHooks(app, responder);
  registerPingRoute(app, responder);
  registerDataRoutes(app, options.follower, responder);
  return app;
}
