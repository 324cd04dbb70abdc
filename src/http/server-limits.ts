import {
  createServer,
  STATUS_CODES,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { Socket } from 'node:net';
import type {
  FastifyBaseLogger,
  FastifyError,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import type { ServerLimits } from '../config/index.js';
import { apiMessages } from '../domain/texts.js';
import { CACHE, prepareJson } from '../read-model/prepared-response.js';
import type { Responder } from './send.js';
import type { FastLane } from './fast-lane.js';

/** A complete raw HTTP/1.1 answer with a JSON `{error}` body, for a socket without a parser. */
function rawErrorAnswer(statusCode: number, error: string, corsOrigin: string): Buffer {
  const prepared = prepareJson(statusCode, { error }, CACHE.none, { codings: [] }).identity;
  const headers = {
    ...prepared.headers,
    'access-control-allow-origin': corsOrigin,
    'content-length': String(prepared.body.length),
    connection: 'close',
  };
  const head = [
    `HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode] ?? ''}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ].join('\r\n');
  return Buffer.concat([Buffer.from(`${head}\r\n\r\n`, 'latin1'), prepared.body]);
}

/** The answer in flight on a socket, if any (Node keeps it on the socket while it is written). */
function responseOn(socket: Socket): ServerResponse | undefined {
  return (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage ?? undefined;
}

/**
 * Node's `server.close()` destroys every connection whose request has been read and whose
 * answer has been ended, even when the answer is still being written to a slow reader: a
 * large search result would be cut short at shutdown. This keeps those connections, closes
 * each one once its answer is written, and asks clients to close kept-alive connections
 * from then on. Returns whether the server is closing.
 */
function finishAnswersOnClose(server: Server): () => boolean {
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  const ending = new WeakSet<Socket>();
  const closeIdle = server.closeIdleConnections.bind(server);
  let closing = false;
  server.closeIdleConnections = () => {
    closing = true;
    const held: ServerResponse[] = [];
    for (const socket of sockets) {
      const response = responseOn(socket);
      if (!response || response.writableFinished) continue;
      if (!ending.has(socket)) {
        ending.add(socket);
        response.once('finish', () => socket.end());
      }
      // Node skips the connections whose answer is not `finished`.
      if (response.finished) {
        response.finished = false;
        held.push(response);
      }
    }
    try {
      closeIdle();
    } finally {
      for (const response of held) response.finished = true;
    }
  };
  return () => closing;
}

export interface HardenedServerSettings {
  limits: ServerLimits;
  corsOrigin: string;
  responder: Responder;
  logger: FastifyBaseLogger | false;
  /** Answers the plain GETs of the six operations before Fastify (fast-lane.ts). */
  fastLane: FastLane;
}

type HardenedOptions = Pick<FastifyServerOptions, 'serverFactory' | 'clientErrorHandler' | 'frameworkErrors'>;

/**
 * The Fastify options that put the HTTP layer under our limits: the Node server with its
 * timeouts and sizes, Spanish JSON (with the security headers) for everything refused
 * before a route is reached, and no request bytes in the logs (the request line holds the
 * participant's name).
 */
export function hardenedServerOptions({
  limits,
  corsOrigin,
  responder,
  logger,
  fastLane,
}: HardenedServerSettings): HardenedOptions {
  const answers = {
    badRequest: rawErrorAnswer(400, apiMessages.badRequest, corsOrigin),
    headersTooLarge: rawErrorAnswer(431, apiMessages.headersTooLarge, corsOrigin),
  };
  const uriTooLong = prepareJson(414, { error: apiMessages.uriTooLong }, CACHE.none, {
    codings: [],
  }).identity;
  const hostMissing = prepareJson(400, { error: apiMessages.badRequest }, CACHE.none, {
    codings: [],
  }).identity;
  const expectationFailed = prepareJson(417, { error: apiMessages.badRequest }, CACHE.none, {
    codings: [],
  }).identity;
  const refuse = (
    request: IncomingMessage,
    response: ServerResponse,
    statusCode: number,
    answer: typeof uriTooLong,
  ) => {
    response.writeHead(statusCode, {
      ...answer.headers,
      'access-control-allow-origin': corsOrigin,
      'content-length': String(answer.body.length),
    });
    response.end(answer.body);
    if (logger) logger.info({ method: request.method, status: statusCode }, 'request refused');
  };

  const serverFactory: HardenedOptions['serverFactory'] = (handler) => {
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
        if (isClosing()) response.shouldKeepAlive = false;
        if ((request.url ?? '').length > limits.maxUrlLength) {
          return refuse(request, response, 414, uriTooLong);
        }
        if (request.httpVersion === '1.1' && request.headers.host === undefined) {
          response.shouldKeepAlive = false;
          return refuse(request, response, 400, hostMissing);
        }
        if (!fastLane(request, response)) handler(request, response);
      },
    );
    server.maxRequestsPerSocket = limits.maxRequestsPerSocket;
    server.setTimeout(limits.socketTimeoutMs);
    // `Expect` other than 100-continue: Node's answer would be an empty 417.
    server.on('checkExpectation', (request: IncomingMessage, response: ServerResponse) => {
      response.shouldKeepAlive = false;
      refuse(request, response, 417, expectationFailed);
    });
    const isClosing = finishAnswersOnClose(server);
    return server;
  };

  return {
    serverFactory,
    clientErrorHandler(error, socket) {
      // `error.rawPacket` holds the request as received, the participant's name included:
      // only the parser's code is logged.
      const code = error.code;
      if (logger) logger.debug({ code }, 'malformed request');
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
      socket.end(code === 'HPE_HEADER_OVERFLOW' ? answers.headersTooLarge : answers.badRequest);
    },
    frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
      // A path Fastify cannot decode (`/api/%zz`): never echoed back.
      return responder.sendError(reply, 400, { error: apiMessages.badRequest });
    },
  };
}
