import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiMessages } from '../domain/texts.js';
import type { Responder } from './send.js';
import { describeStoreError } from '../store/store-errors.js';

/** Paths of the six operations, and of the reference and metrics; other methods on them answer 405. */
export const API_PATHS: ReadonlySet<string> = new Set([
  '/api/ping',
  '/api/years',
  '/api/statistics',
  '/api/category',
  '/api/companies',
  '/api/participants',
  '/api/openapi.json',
  '/api/docs',
  '/metrics',
]);

export const ALLOWED_METHODS = 'GET, HEAD';

function pathOf(url: string): string {
  const queryStart = url.indexOf('?');
  return queryStart < 0 ? url : url.slice(0, queryStart);
}

function isReadMethod(method: string): boolean {
  return method === 'GET' || method === 'HEAD';
}

/**
 * Spanish JSON for unknown paths (404), other methods (405) and anything thrown (never a stack trace).
 */
export function registerContractHooks(app: FastifyInstance, { sendError }: Responder): void {
  const methodNotAllowed = (reply: FastifyReply) =>
    sendError(reply.header('allow', ALLOWED_METHODS), 405, { error: apiMessages.methodNotAllowed });

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    if (API_PATHS.has(pathOf(request.url)) && !isReadMethod(request.method)) return methodNotAllowed(reply);
    return sendError(reply, 404, { error: apiMessages.routeNotFound });
  });

  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (API_PATHS.has(pathOf(request.url)) && !isReadMethod(request.method)) return methodNotAllowed(reply);
    const statusCode = error.statusCode ?? 500;
    if (statusCode >= 400 && statusCode < 500) {
      const message = statusCode === 413 ? apiMessages.payloadTooLarge : apiMessages.badRequest;
      return sendError(reply, statusCode, { error: message });
    }
    request.log.error(
      { err: { type: error.name, code: error.code, message: error.message } },
      'request failed',
    );
    return sendError(reply, 500, { error: apiMessages.storeFailure, details: describeStoreError(error) });
  });
}
