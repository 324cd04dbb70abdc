import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiErrors } from '../domain/api-messages.js';
import { prepareError } from '../read-model/prepared-response.js';
import { describeStoreError } from '../store/store-errors.js';
import type { Answer } from '../read-model/prepared-response.js';
import { movedPermanently } from '../web/redirects.js';
import { isApiPath, type Route } from './routes.js';

/** Writes an answer for a Fastify request (through the responder, like the fast lane). */
export type SendAnswer = (request: FastifyRequest, reply: FastifyReply, answer: Answer) => FastifyReply;

const ALLOWED_METHODS = 'GET, HEAD';
/** A path that also takes a posted form (the web search). */
const ALLOWED_WITH_FORM = 'GET, HEAD, POST';

const ROUTE_NOT_FOUND = prepareError(apiErrors.routeNotFound);
const METHOD_NOT_ALLOWED = prepareError(apiErrors.methodNotAllowed);
const METHOD_NOT_ALLOWED_WITH_FORM = prepareError(apiErrors.methodNotAllowedWithForm);
const BAD_REQUEST = prepareError(apiErrors.badRequest);
const PAYLOAD_TOO_LARGE = prepareError(apiErrors.payloadTooLarge);
const UNSUPPORTED_MEDIA_TYPE = prepareError(apiErrors.unsupportedMediaType);

function pathOf(url: string): string {
  const queryStart = url.indexOf('?');
  return queryStart < 0 ? url : url.slice(0, queryStart);
}

/** The route whose path `path` is (a parameter matching any one segment). */
function routeAt(routes: readonly Route[], path: string): Route | undefined {
  return routes.find((route) => {
    const colon = route.path.lastIndexOf('/:');
    if (colon < 0) return route.path === path;
    const prefix = route.path.slice(0, colon + 1);
    return path.startsWith(prefix) && path.length > prefix.length && !path.slice(prefix.length).includes('/');
  });
}

/**
 * Spanish JSON for what no route answers: unknown paths (404), other methods on a route's
 * path (405, with `Allow`), and anything thrown (never a stack trace). With the web
 * pages on, an unknown path outside the API gets their 404 page instead (`pageNotFound`).
 */
export function registerFallbackAnswers(
  app: FastifyInstance,
  routes: readonly Route[],
  send: SendAnswer,
  pageNotFound?: () => Answer,
): void {
  /** The `Allow` of the route at the request's path when its method is not one of them. */
  const refusedMethod = (request: FastifyRequest): string | undefined => {
    if (request.method === 'GET' || request.method === 'HEAD') return undefined;
    const route = routeAt(routes, pathOf(request.url));
    if (route === undefined || (route.form && request.method === 'POST')) return undefined;
    return route.form ? ALLOWED_WITH_FORM : ALLOWED_METHODS;
  };
  const methodNotAllowed = (request: FastifyRequest, reply: FastifyReply, allow: string) => {
    reply.raw.setHeader('allow', allow);
    return send(
      request,
      reply,
      allow === ALLOWED_WITH_FORM ? METHOD_NOT_ALLOWED_WITH_FORM : METHOD_NOT_ALLOWED,
    );
  };

  app.setNotFoundHandler((request, reply) => {
    const allow = refusedMethod(request);
    if (allow !== undefined) return methodNotAllowed(request, reply, allow);
    const path = pathOf(request.url);
    if (pageNotFound && !isApiPath(path)) {
      // `/estadisticas/2024/` → `/estadisticas/2024`: only to a path a row answers.
      const trimmed = path.replace(/\/+$/, '');
      if (trimmed !== path && trimmed !== '' && routeAt(routes, trimmed) !== undefined)
        return send(request, reply, movedPermanently(trimmed));
      return send(request, reply, pageNotFound());
    }
    return send(request, reply, ROUTE_NOT_FOUND);
  });

  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const allow = refusedMethod(request);
    if (allow !== undefined) return methodNotAllowed(request, reply, allow);
    const statusCode = error.statusCode ?? 500;
    if (statusCode === 413) return send(request, reply, PAYLOAD_TOO_LARGE);
    if (statusCode === 415) return send(request, reply, UNSUPPORTED_MEDIA_TYPE);
    if (statusCode >= 400 && statusCode < 500) {
      return send(
        request,
        reply,
        statusCode === 400 ? BAD_REQUEST : prepareError({ ...apiErrors.badRequest, status: statusCode }),
      );
    }
    request.log.error(
      { err: { type: error.name, code: error.code, message: error.message } },
      'request failed',
    );
    return send(request, reply, prepareError(apiErrors.storeFailure, describeStoreError(error)));
  });
}
