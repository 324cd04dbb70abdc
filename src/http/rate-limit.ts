import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { apiErrors } from '../domain/api-messages.js';
import { prepareError } from '../read-model/prepared-response.js';
import type { SendAnswer } from './fallback-answers.js';
import type { Route } from './routes.js';

const WINDOW_MS = 60_000;
const RATE_LIMITED = prepareError(apiErrors.rateLimited);

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

/**
 * The operator's limit on the rate-limited routes (the participant search:
 * `RATE_LIMIT_PARTICIPANTS` requests per client address and minute; off by default, as
 * the spec enforces none) and on posted forms (the web search). Over the limit the
 * answer is 429 with a Spanish `{error}` and `Retry-After`. Those routes are then left
 * to Fastify by the fast lane, and only they get the hook: the others do not pay for it.
 * Call before the routes are added.
 */
export function registerRateLimit(
  app: FastifyInstance,
  routes: readonly Route[],
  perMinute: number,
  send: SendAnswer,
): void {
  const limitedPaths = new Set(routes.filter((route) => route.rateLimited).map((route) => route.path));
  const formPaths = new Set(routes.filter((route) => route.form).map((route) => route.path));
  let limiter: Limiter | undefined;
  // Encapsulated: the plugin's decorations stay out of the other routes.
  void app.register(async (scope) => {
    await scope.register(fastifyRateLimit, { global: false });
    limiter = scope.createRateLimit({ max: perMinute, timeWindow: WINDOW_MS });
  });

  const limit: onRequestAsyncHookHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!limiter) return;
    const result = await limiter(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.raw.setHeader('retry-after', String(result.ttlInSeconds));
    return send(request, reply, RATE_LIMITED);
  };

  app.addHook('onRoute', (route) => {
    if (!(route.method === 'POST' ? formPaths : limitedPaths).has(route.url)) return;
    const existing = route.onRequest;
    route.onRequest = existing === undefined ? [limit] : [...[existing].flat(), limit];
  });
}
