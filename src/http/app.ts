import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { ServerLimits } from '../config/index.js';
import { registerFallbackAnswers, type SendAnswer } from './fallback-answers.js';
import { entryOptions } from './entry.js';
import { createFastLane } from './fast-lane.js';
import type { Observer } from './observer.js';
import type { ModelSource } from './operations.js';
import { parseQuery } from './query.js';
import { registerRateLimit } from './rate-limit.js';
import type { Responder } from './responder.js';
import type { Params, Route } from './routes.js';
import type { Query } from '../domain/validation.js';
import type { Answer } from '../read-model/prepared-response.js';

export interface AppOptions {
  routes: readonly Route[];
  source: ModelSource;
  responder: Responder;
  observer: Observer;
  /** Value of `Access-Control-Allow-Origin` on every answer. */
  corsOrigin: string;
  /** A pino logger (the CLI's), or `false` for none (tests). */
  logger: FastifyBaseLogger | false;
  limits: ServerLimits;
  /** Requests per client address and minute on the rate-limited routes; 0: no limit. */
  rateLimitPerMinute: number;
  /** Off only in tests, which run every case through both lanes. */
  fastLane: boolean;
  /** The web pages' 404 page, for unknown paths outside `/api` (none: the JSON 404 everywhere). */
  pageNotFound?: () => Answer;
}

/** A posted form holds a name and a school: a few hundred bytes. */
const FORM_BODY_LIMIT = 8 * 1024;

/**
 * The HTTP application over the route table: Node's server with our limits (entry.ts),
 * the fast lane, and Fastify with every route of the table, the 404/405/500 answers and
 * the OpenAPI document. Every answer is reported to the observer, by the fast lane or by
 * the one `onResponse` hook below.
 */
export function buildApp(options: AppOptions): FastifyInstance {
  const { routes, source, responder, observer } = options;
  const limited = options.rateLimitPerMinute > 0;
  const fastLaneRoutes = routes.filter((route) => !(limited && route.rateLimited));
  const fastLane = options.fastLane
    ? createFastLane({ routes: fastLaneRoutes, source, responder, observer })
    : () => false;

  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    genReqId: observer.nextRequestId,
    routerOptions: { querystringParser: parseQuery },
    return503OnClosing: false,
    // Fastify's two lines per request are replaced by the observer's one.
    logController: new LogController({ disableRequestLogging: true }),
    ...entryOptions({
      limits: options.limits,
      corsOrigin: options.corsOrigin,
      responder,
      observer,
      fastLane,
    }),
  });
  /** Hands the reply over to the responder; an answer that cannot be written is logged, not swallowed. */
  const send: SendAnswer = (request, reply, answer) => {
    reply.hijack();
    try {
      responder.write(request.raw, reply.raw, answer);
    } catch (error) {
      observer.writeFailed(
        {
          reqId: request.id,
          method: request.method,
          route: request.routeOptions.url ?? null,
          url: request.url,
        },
        error,
      );
      reply.raw.destroy();
    }
    return reply;
  };
  registerFallbackAnswers(app, routes, send, options.pageNotFound);
  app.addHook('onResponse', (request, reply, done) => {
    observer.answered({
      reqId: request.id,
      method: request.method,
      route: request.routeOptions.url ?? null,
      url: request.url,
      status: reply.statusCode,
      responseTimeMs: reply.elapsedTime,
    });
    done();
  });
  if (limited) registerRateLimit(app, routes, options.rateLimitPerMinute, send);
  for (const route of routes) {
    app.get(route.path, (request, reply) =>
      send(request, reply, route.answer(request.query as Query, source, request.params as Params)),
    );
  }
  registerForms(app, routes, source, send);
  return app;
}

/**
 * The rows that take a posted form: `application/x-www-form-urlencoded` only (another
 * body is a 415), read like a query string, at most `FORM_BODY_LIMIT` bytes (413). The
 * parser is local to these routes: what other paths answer is unchanged.
 */
function registerForms(
  app: FastifyInstance,
  routes: readonly Route[],
  source: ModelSource,
  send: SendAnswer,
) {
  const withForm = routes.filter((route) => route.form !== undefined);
  if (withForm.length === 0) return;
  void app.register(async (forms) => {
    forms.removeAllContentTypeParsers();
    forms.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_request, body, done) => done(null, parseQuery(body as string)),
    );
    for (const route of withForm) {
      forms.post(route.path, (request, reply) =>
        send(request, reply, route.form!((request.body ?? {}) as Query, source, request.params as Params)),
      );
    }
  });
}
