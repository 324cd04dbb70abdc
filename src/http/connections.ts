import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { ServerLimits } from '../config/index.js';

/**
 * What one connection may cost, and how connections end.
 *
 * A client that pipelines requests and never reads the answers would otherwise make the
 * server hold every answer (and parse every request it sends): each connection has at
 * most `maxPipelinedRequests` answers waiting to be written and `maxUnsentBytes` of
 * output queued before the server stops reading from it (TCP then pushes back on the
 * client). One whose answers have not moved a byte for `socketTimeoutMs` is closed, and
 * with it everything it held (answers are in memory: no file is open per request). One
 * that keeps sending far past the bound is closed at once.
 *
 * At shutdown, connections with nothing in flight are closed; the others are closed
 * once their last answer is written, so a large answer to a slow reader is not cut.
 */
export interface Connections {
  /** Counts a request in; false when its connection was closed for flooding (do not answer it). */
  admit(request: IncomingMessage, response: ServerResponse): boolean;
}

/** Past this many times the bound of waiting answers, a client is flooding: its connection is closed. */
const FLOOD_FACTOR = 4;
/** How many times per socket timeout the connections with answers waiting are looked at. */
const CHECKS_PER_TIMEOUT = 5;

interface ConnectionState {
  /** Answers not yet written out. */
  waiting: number;
  pausedByUs: boolean;
  /** Bytes written when its output last moved, and when that was. */
  bytesWritten: number;
  movedAt: number;
}

export function trackConnections(server: Server, limits: ServerLimits): Connections {
  const states = new Map<Socket, ConnectionState>();
  const floodLimit = limits.maxPipelinedRequests * FLOOD_FACTOR;
  let closing = false;

  const stateOf = (socket: Socket): ConnectionState => {
    let state = states.get(socket);
    if (state === undefined) {
      state = { waiting: 0, pausedByUs: false, bytesWritten: 0, movedAt: performance.now() };
      states.set(socket, state);
      const known = state;
      socket.on('drain', () => relieve(socket, known));
      socket.once('close', () => states.delete(socket));
    }
    return state;
  };

  const overBound = (socket: Socket, state: ConnectionState) =>
    state.waiting > limits.maxPipelinedRequests || socket.writableLength > limits.maxUnsentBytes;

  const pause = (socket: Socket, state: ConnectionState) => {
    if (state.pausedByUs) return;
    state.pausedByUs = true;
    socket.pause();
  };

  /** Reading goes on once the connection is back under half its bounds. */
  const relieve = (socket: Socket, state: ConnectionState) => {
    if (!state.pausedByUs) return;
    if (state.waiting > limits.maxPipelinedRequests / 2 || socket.writableLength > limits.maxUnsentBytes / 2)
      return;
    state.pausedByUs = false;
    if (!socket.destroyed) socket.resume();
  };

  // One sweep for every connection, instead of a timer per request: a connection with
  // answers waiting whose output has not moved for the socket timeout is closed.
  const sweep = setInterval(() => {
    const now = performance.now();
    for (const [socket, state] of states) {
      if (state.waiting === 0 || socket.bytesWritten !== state.bytesWritten) {
        state.bytesWritten = socket.bytesWritten;
        state.movedAt = now;
      } else if (now - state.movedAt >= limits.socketTimeoutMs) {
        socket.destroy();
        continue;
      }
      if (overBound(socket, state)) pause(socket, state);
    }
  }, limits.socketTimeoutMs / CHECKS_PER_TIMEOUT);
  sweep.unref();
  server.once('close', () => clearInterval(sweep));

  // One shared listener (no closure per request): `this` is the finished answer.
  function onAnswerWritten(this: ServerResponse) {
    const socket = this.req.socket;
    const state = states.get(socket);
    if (state === undefined) return;
    state.waiting--;
    if (closing && state.waiting === 0) socket.end();
    else relieve(socket, state);
  }

  // Node's `closeIdleConnections` (called by `server.close()`) would also close a
  // connection whose last answer is ended but still being written to a slow reader.
  server.closeIdleConnections = () => {
    closing = true;
    for (const [socket, state] of states) if (state.waiting === 0) socket.destroy();
  };
  server.on('connection', (socket: Socket) => {
    if (closing) socket.destroy();
    else stateOf(socket);
  });

  return {
    admit(request, response) {
      const socket = request.socket;
      const state = stateOf(socket);
      if (closing) response.shouldKeepAlive = false;
      state.waiting++;
      response.on('finish', onAnswerWritten);
      if (state.waiting > floodLimit) {
        socket.destroy();
        return false;
      }
      if (overBound(socket, state)) pause(socket, state);
      return true;
    },
  };
}
