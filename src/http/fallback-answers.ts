import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiMessages } from '../domain/texts.js';
import { prepareError } from '../read-model/prepared-response.js';
import { describeStoreError } from '../store/store-errors.js';
import type { Answer } from '../read-model/prepared-response.js';
import type { Route } from './routes.js';

/** Writes an answer for a Fastify request (through the responder, like the fast lane). */
export type SendAnswer = (request: FastifyRequest, reply: FastifyReply, answer: Answer) => FastifyReply;

export const ALLOWED_METHODS = 'GET, HEAD';

const ROUTE_NOT_FOUND = prepareError(404, apiMessages.routeNotFound);
const METHOD_NOT_ALLOWED = prepareError(405, apiMessages.methodNotAllowed);
const BAD_REQUEST = prepareError(400, apiMessages.badRequest);
const PAYLOAD_TOO_LARGE = prepareError(413, apiMessages.payloadTooLarge);

function pathOf(url: string): string {
  const queryStart = url.indexOf('?');
  return queryStart < 0 ? url : url.slice(0, queryStart);
}

/** True when `path` is one of the routes' paths (a parameter matching any one segment). */
function isRoutePath(routes: readonly Route[], path: string): boolean {
  return routes.some((route) => {
    const colon = route.path.lastIndexOf('/:');
    if (colon < 0) return route.path === path;
    const prefix = route.path.slice(0, colon + 1);
    return path.startsWith(prefix) && path.length > prefix.length && !path.slice(prefix.length).includes('/');
  });
}

/**
 * Spanish JSON for what no route answers: unknown paths (404), other methods on a route's
 * path (405, with `Allow`), and anything thrown (never a stack trace).
 */
export function registerFallbackAnswers(
  app: FastifyInstance,
  routes: readonly Route[],
  send: SendAnswer,
): void {
  const isOtherMethodOnRoute = (request: FastifyRequest) =>
    request.method !== 'GET' && request.method !== 'HEAD' && isRoutePath(routes, pathOf(request.url));
  const methodNotAllowed = (request: FastifyRequest, reply: FastifyReply) => {
    reply.raw.setHeader('allow', ALLOWED_METHODS);
    return send(request, reply, METHOD_NOT_ALLOWED);
  };

  app.setNotFoundHandler((request, reply) =>
    isOtherMethodOnRoute(request) ? methodNotAllowed(request, reply) : send(request, reply, ROUTE_NOT_FOUND),
  );

  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (isOtherMethodOnRoute(request)) return methodNotAllowed(request, reply);
    const statusCode = error.statusCode ?? 500;
    if (statusCode === 413) return send(request, reply, PAYLOAD_TOO_LARGE);
    if (statusCode >= 400 && statusCode < 500) {
      return send(
        request,
        reply,
        statusCode === 400 ? BAD_REQUEST : prepareError(statusCode, apiMessages.badRequest),
      );
    }
    request.log.error(
      { err: { type: error.name, code: error.code, message: error.message } },
      'request failed',
    );
    return send(request, reply, prepareError(500, apiMessages.storeFailure, describeStoreError(error)));
  });
}
