import { createServer, STATUS_CODES, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { ServerSettings } from '../config/index.js';
import { apiErrors, type ApiError } from '../domain/api-messages.js';
import { prepareError } from '../read-model/prepared-response.js';
import { trackConnections } from './connections.js';
import type { Dispatch } from './dispatcher.js';
import type { Observer } from './observer.js';

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
function responseOn(socket: Socket): { headersSent: boolean } | undefined {
  return (socket as Socket & { _httpMessage?: { headersSent: boolean } | null })._httpMessage ?? undefined;
}

/**
 * Node's HTTP server under our sizes and timeouts, in front of the dispatcher:
 *
 * 1. Node's parser: a request it cannot read gets a raw JSON 400 or 431 here
 *    (`clientError`: there is no request to dispatch), or a closed connection.
 * 2. The connection's bounds (connections.ts): how many answers may wait on it, how much
 *    output, how long it may stay blocked.
 * 3. The dispatcher, for every request read (an unusual `Expect` included).
 */
export function createHttpServer(
  { limits, corsOrigin }: ServerSettings,
  dispatch: Dispatch,
  observer: Observer,
): Server {
  const rawAnswers = {
    badRequest: rawErrorAnswer(apiErrors.badRequest, corsOrigin),
    headersTooLarge: rawErrorAnswer(apiErrors.headersTooLarge, corsOrigin),
  };
  const server = createServer(
    {
      maxHeaderSize: limits.maxHeaderSize,
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      // How often Node looks for requests past their timeouts (30 s by default).
      connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(limits.headersTimeoutMs / 4))),
      // Checked by the dispatcher, to answer in JSON instead of Node's empty 400.
      requireHostHeader: false,
    },
    (request, response) => {
      if (connections.admit(request, response)) dispatch(request, response);
    },
  );
  const connections = trackConnections(server, limits);
  server.maxRequestsPerSocket = limits.maxRequestsPerSocket;
  server.setTimeout(limits.socketTimeoutMs);
  // `Expect` other than 100-continue: Node's answer would be an empty 417.
  server.on('checkExpectation', (request, response) => {
    if (connections.admit(request, response)) dispatch(request, response);
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    // `error.rawPacket` holds the request as received, the participant's name included:
    // only the parser's code decides the answer, and nothing of it is logged.
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
    // No request was read: neither a method nor a path to report.
    observer.answered({ method: '-', route: null, query: '', status, responseTimeMs: 0 });
  });
  return server;
}
