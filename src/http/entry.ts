import { createServer, STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { ServerLimits } from '../config/index.js';
import { apiErrors, type ApiError } from '../domain/api-messages.js';
import { prepareError, type PreparedResponse } from '../read-model/prepared-response.js';
import { trackConnections } from './connections.js';
import type { FastLane } from './fast-lane.js';
import type { Observer } from './observer.js';
import type { Responder } from './responder.js';

/**
 * The way in of every request, in order:
 *
 * 1. Node's HTTP parser, under our sizes and timeouts: a request it cannot read gets a
 *    raw JSON 400 or 431 (`clientError`), or a closed connection.
 * 2. The connection's bounds (connections.ts): how many answers may wait on it, how much
 *    output, how long it may stay blocked.
 * 3. Checks Node leaves to us: the target's length (414), `Host` on HTTP/1.1 (400),
 *    `Expect` (417).
 * 4. The fast lane: plain GETs of the route table, answered without Fastify.
 * 5. Fastify, for everything else: HEAD, unknown paths (404), other methods (405),
 *    encoded paths, rate-limited routes. A path Fastify cannot decode is a 400.
 *
 * Every answer, whichever step gives it, is reported to the observer.
 */
export interface EntrySettings {
  limits: ServerLimits;
  corsOrigin: string;
  responder: Responder;
  observer: Observer;
  fastLane: FastLane;
}

type EntryOptions = Pick<FastifyServerOptions, 'serverFactory' | 'clientErrorHandler' | 'frameworkErrors'>;

/** A complete raw HTTP/1.1 answer with a JSON `{error}` body, for a socket without a parser. */
function rawErrorAnswer(error: ApiError, corsOrigin: string): Buffer {
  const statusCode = error.status;
  const prepared = prepareError(error).identity;
  const headers = {
    ...prepared.headers,
    'access-control-allow-origin': corsOrigin,
    'content-length': String(prepared.length),
    connection: 'close',
  };
  const head = [
    `HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode] ?? ''}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ].join('\r\n');
  return Buffer.concat([Buffer.from(`${head}\r\n\r\n`, 'latin1'), prepared.body as Buffer]);
}

/** The answer in flight on a socket, if any (Node keeps it on the socket while it is written). */
function responseOn(socket: Socket): ServerResponse | undefined {
  return (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage ?? undefined;
}

export function entryOptions({
  limits,
  corsOrigin,
  responder,
  observer,
  fastLane,
}: EntrySettings): EntryOptions {
  const rawAnswers = {
    badRequest: rawErrorAnswer(apiErrors.badRequest, corsOrigin),
    headersTooLarge: rawErrorAnswer(apiErrors.headersTooLarge, corsOrigin),
  };
  const refusals = {
    uriTooLong: prepareError(apiErrors.uriTooLong),
    badRequest: prepareError(apiErrors.badRequest),
    expectationFailed: prepareError(apiErrors.expectationFailed),
  };
  /** Answers a request refused before any route, and reports it. */
  const refuse = (request: IncomingMessage, response: ServerResponse, answer: PreparedResponse) => {
    const started = performance.now();
    responder.write(request, response, answer);
    observer.answered({
      reqId: observer.nextRequestId(),
      method: request.method ?? '',
      route: null,
      url: request.url ?? '',
      status: answer.statusCode,
      responseTimeMs: performance.now() - started,
    });
  };

  const serverFactory: EntryOptions['serverFactory'] = (fastify) => {
    const server = createServer(
      {
        maxHeaderSize: limits.maxHeaderSize,
        headersTimeout: limits.headersTimeoutMs,
        requestTimeout: limits.requestTimeoutMs,
        keepAliveTimeout: limits.keepAliveTimeoutMs,
        // How often Node looks for requests past their timeouts (30 s by default).
        connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(limits.headersTimeoutMs / 4))),
        // Checked below, to answer in JSON instead of Node's empty 400.
        requireHostHeader: false,
      },
      (request, response) => {
        if (!connections.admit(request, response)) return;
        if ((request.url ?? '').length > limits.maxUrlLength)
          return refuse(request, response, refusals.uriTooLong);
        if (request.httpVersion === '1.1' && request.headers.host === undefined) {
          response.shouldKeepAlive = false;
          return refuse(request, response, refusals.badRequest);
        }
        if (!fastLane(request, response)) fastify(request, response);
      },
    );
    const connections = trackConnections(server, limits);
    server.maxRequestsPerSocket = limits.maxRequestsPerSocket;
    server.setTimeout(limits.socketTimeoutMs);
    // `Expect` other than 100-continue: Node's answer would be an empty 417.
    server.on('checkExpectation', (request: IncomingMessage, response: ServerResponse) => {
      response.shouldKeepAlive = false;
      refuse(request, response, refusals.expectationFailed);
    });
    return server;
  };

  return {
    serverFactory,
    clientErrorHandler(error, socket) {
      // `error.rawPacket` holds the request as received, the participant's name included:
      // only the parser's code is reported.
      const code = error.code;
      const response = responseOn(socket);
      if (
        code === 'ECONNRESET' ||
        code === 'ERR_HTTP_REQUEST_TIMEOUT' ||
        !socket.writable ||
        (response !== undefined && response.headersSent)
      ) {
        socket.destroy();
        return;
      }
      const status = code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
      socket.end(status === 431 ? rawAnswers.headersTooLarge : rawAnswers.badRequest);
      // No request was read: neither a method nor a URL to report.
      observer.answered({
        reqId: observer.nextRequestId(),
        method: '-',
        route: null,
        url: '-',
        status,
        responseTimeMs: 0,
      });
    },
    frameworkErrors(_error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
      // A path Fastify cannot decode (`/api/%zz`): never echoed back.
      reply.hijack();
      responder.write(request.raw, reply.raw, refusals.badRequest);
      observer.answered({
        reqId: request.id,
        method: request.method,
        route: null,
        url: request.url,
        status: 400,
        responseTimeMs: reply.elapsedTime,
      });
    },
  };
}
