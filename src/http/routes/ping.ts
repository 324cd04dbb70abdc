import type { FastifyInstance } from 'fastify';
import { apiMessages } from '../../domain/texts.js';
import { CACHE, prepareJson } from '../../read-model/prepared-response.js';
import type { Responder } from '../send.js';
import { documentedRoute } from '../schemas.js';

const PONG = prepareJson(200, { ok: true, message: apiMessages.pingOk }, CACHE.none);

/** GET /api/ping: never touches the store. */
export function registerPingRoute(app: FastifyInstance, { sendPrepared }: Responder): void {
  app.get('/api/ping', documentedRoute('/api/ping'), (request, reply) => sendPrepared(request, reply, PONG));
}
