import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { apiMessages } from '../domain/texts.js';
import type { Responder } from './send.js';

/** The only operation that is limited: the one that finds children by name. */
export const RATE_LIMITED_PATH = '/api/participants';

const WINDOW_MS = 60_000;

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

/**
 * Optional limit on participant searches per client address (`RATE_LIMIT_PARTICIPANTS`
 * searches per minute; off when 0 or unset, as the spec enforces none). Over the limit
 * the answer is 429 with a Spanish `{error}` and `Retry-After`. Only that route gets a
 * hook: the other operations do not pay for it. Call before the routes are added.
 */
export function registerParticipantRateLimit(
  app: FastifyInstance,
  perMinute: number | undefined,
  { sendError }: Responder,
): void {
  if (perMinute === undefined || perMinute <= 0) return;
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
    return sendError(reply.header('retry-after', String(result.ttlInSeconds)), 429, {
      error: apiMessages.rateLimited,
    });
  };

  app.addHook('onRoute', (route) => {
    if (route.url !== RATE_LIMITED_PATH) return;
    const existing = route.onRequest;
    route.onRequest = existing === undefined ? [limit] : [...[existing].flat(), limit];
  });
}
