import { createServer, STATUS_CODES, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { ServerSettings } from '../config/index.js';
import { PREPARED_ERRORS, type PreparedResponse } from '../answer/answer.js';
import type { Dispatch } from './dispatcher.js';
import type { Observer } from './observer.js';

/** A complete raw HTTP/1.1 answer with a JSON `{error}` body, for a socket without a parser. */
function rawErrorAnswer({ statusCode, identity }: PreparedResponse, corsOrigin: string): Buffer {
  const { headers, length, body } = identity;
  const lines = Object.entries({
    ...headers,
    'access-control-allow-origin': corsOrigin,
    'content-length': String(length),
    connection: 'close',
  }).map(([name, value]) => `${name}: ${value}\r\n`);
  const head = `HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode]}\r\n${lines.join('')}\r\n`;
  return Buffer.concat([Buffer.from(head, 'latin1'), body as Buffer]);
}

/** Past this many times the bound of waiting answers, a client is flooding: its connection is closed. */
const FLOOD_FACTOR = 4;

/** Its answers not yet written out (oldest first), whether we stopped reading it, when its output last moved. */
interface Connection {
  waiting: ServerResponse[];
  paused: boolean;
  bytesWritten: number;
  movedAt: number;
}

/** Node's HTTP server under our limits; stalled connections are swept here, as Node's timeout waits twice as long mid-write. */
export function createHttpServer(
  { limits, corsOrigin }: ServerSettings,
  dispatch: Dispatch,
  observer: Observer,
): Server {
  const connections = new Map<Socket, Connection>();
  let closing = false;
  const overBound = (socket: Socket, { waiting }: Connection, share = 1) =>
    waiting.length > limits.maxPipelinedRequests * share ||
    socket.writableLength > limits.maxUnsentBytes * share;

  const track = (socket: Socket) => {
    const connection = { waiting: [], paused: false, bytesWritten: 0, movedAt: performance.now() };
    connections.set(socket, connection);
    socket.once('close', () => connections.delete(socket));
    return connection;
  };

  // One shared listener (no closure per request): `this` is the finished answer.
  function written(this: ServerResponse) {
    const socket = this.req.socket;
    const connection = connections.get(socket);
    if (connection === undefined) return;
    // HTTP/1.1 answers finish in the order they were asked for.
    connection.waiting.shift();
    if (closing && connection.waiting.length === 0) socket.end();
    else if (connection.paused && !overBound(socket, connection, 0.5) && !socket.destroyed) {
      connection.paused = false;
      socket.resume();
    }
  }

  const admit: Dispatch = (request, response) => {
    const socket = request.socket;
    const connection = connections.get(socket) ?? track(socket);
    if (closing) response.shouldKeepAlive = false;
    connection.waiting.push(response);
    response.on('finish', written);
    if (connection.waiting.length > limits.maxPipelinedRequests * FLOOD_FACTOR) return void socket.destroy();
    if (!connection.paused && overBound(socket, connection)) {
      connection.paused = true;
      socket.pause();
    }
    dispatch(request, response);
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
    admit,
  );
  // One sweep for every connection, instead of a timer per request.
  const sweep = setInterval(() => {
    const now = performance.now();
    for (const [socket, connection] of connections) {
      if (connection.waiting.length === 0 || socket.bytesWritten !== connection.bytesWritten) {
        connection.bytesWritten = socket.bytesWritten;
        connection.movedAt = now;
      } else if (now - connection.movedAt >= limits.socketTimeoutMs) socket.destroy();
    }
  }, limits.socketTimeoutMs / 5);
  sweep.unref();
  server.once('close', () => clearInterval(sweep));
  server.maxRequestsPerSocket = limits.maxRequestsPerSocket;
  server.setTimeout(limits.socketTimeoutMs);
  // `Expect` other than 100-continue: the dispatcher answers, not Node's empty 417.
  server.on('checkExpectation', admit);
  server.on('connection', (socket: Socket) => (closing ? socket.destroy() : track(socket)));
  // `server.close()` calls this, and Node's own counts a connection idle once its request is
  // read, cutting a large answer still being written (test/http/shutdown.test.ts).
  server.closeIdleConnections = () => {
    closing = true;
    for (const [socket, { waiting }] of connections) if (waiting.length === 0) socket.destroy();
  };
  server.on('clientError', unreadableRequests(corsOrigin, observer, connections));
  return server;
}

/** A request Node cannot read gets a raw JSON 400 or 431, or a closed connection when an answer is under way. */
function unreadableRequests(corsOrigin: string, observer: Observer, connections: Map<Socket, Connection>) {
  const rawAnswers = {
    400: rawErrorAnswer(PREPARED_ERRORS.badRequest, corsOrigin),
    431: rawErrorAnswer(PREPARED_ERRORS.headersTooLarge, corsOrigin),
  };
  return (error: NodeJS.ErrnoException, socket: Socket) => {
    // `error.rawPacket` holds the request, a name included: only the code decides, nothing is logged.
    const inFlight = connections.get(socket)?.waiting[0];
    if (
      error.code === 'ECONNRESET' ||
      error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ||
      !socket.writable ||
      inFlight?.headersSent
    )
      return socket.destroy();
    const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
    socket.end(rawAnswers[status]);
    // No request was read: neither a method nor a path to report.
    observer.answered({ method: '-', route: null, query: '', status, responseTimeMs: 0 });
  };
}
