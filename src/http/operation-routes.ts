import type { FastifyInstance } from 'fastify';
import type { Query } from '../domain/validation.js';
import type { ReadModelFollower } from '../read-model/follower.js';
import { OPERATIONS } from './operations.js';
import type { Responder } from './send.js';
import { documentedRoute } from './schemas.js';

/**
 * The six operations as documented Fastify routes. Plain GETs are answered by the fast
 * lane before they reach these; HEAD, percent-encoded paths and rate-limited searches
 * come here, and get the same answers from the same operations.
 */
export function registerOperationRoutes(
  app: FastifyInstance,
  follower: ReadModelFollower,
  { sendAnswer }: Responder,
): void {
  for (const [path, operation] of OPERATIONS) {
    app.get(path, documentedRoute(path), (request, reply) =>
      sendAnswer(request, reply, operation(request.query as Query, follower)),
    );
  }
}
