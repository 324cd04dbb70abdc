/**
 * Clients that send and never read: a connection has a bounded number
 * of answers waiting and a bounded amount of unsent output before the server stops
 * reading from it; one that floods far past the bound, or stays blocked past the socket
 * timeout, is closed, and whatever it held (memory, descriptors) goes with it. Meanwhile
 * other clients are answered.
 */
import { readdirSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SERVER_LIMITS, type ServerLimits } from '../../src/config/index.js';
import type { RunningServer } from '../../src/server.js';
import { startSeededServer, type SeededServer } from '../support/server.js';
import { getRequest, pipelined, rawRequest, statusesIn } from '../support/raw-http.js';

const LIMITS: ServerLimits = {
  ...DEFAULT_SERVER_LIMITS,
  maxPipelinedRequests: 8,
  maxUnsentBytes: 64 * 1024,
  socketTimeoutMs: 1500,
};
/** The flood factor of src/http/entry.ts: past 4 × the bound, a connection is closed. */
const FLOOD_LIMIT = LIMITS.maxPipelinedRequests * 4;

let seeded: SeededServer;
let server: RunningServer;
let port: number;

beforeAll(async () => {
  seeded = await startSeededServer({ limits: LIMITS, metrics: { host: '127.0.0.1', port: 0 } });
  ({ server, port } = seeded);
});

afterAll(async () => {
  await seeded?.close();
});

/** Answers counted by the server for one route and status (its metrics). */
async function answered(route: string, status = 200): Promise<number> {
  const text = await (await fetch(server.metricsUrl!)).text();
  const line = text
    .split('\n')
    .find((row) => row.startsWith(`http_requests_total{route="${route}",method="GET",status="${status}"}`));
  return line === undefined ? 0 : Number(line.slice(line.lastIndexOf(' ') + 1));
}

/** Connections the server holds open now. */
function serverConnections(): Promise<number> {
  return new Promise((done, fail) =>
    server.http.getConnections((error, count) => (error ? fail(error) : done(count))),
  );
}

/** Resolves with the time it took, once the server holds at most `count` connections. */
async function connectionsDropTo(count: number, withinMs: number): Promise<number> {
  const started = performance.now();
  while ((await serverConnections()) > count) {
    if (performance.now() - started > withinMs)
      throw new Error(`connections still open after ${withinMs} ms`);
    await new Promise((wait) => setTimeout(wait, 20));
  }
  return performance.now() - started;
}

/**
 * Connections that write `requests` pipelined requests at once and never read (a paused
 * socket: what the kernel's buffers take is all it receives).
 */
function neverReading(connections: number, path: string, requests: number): Promise<Socket[]> {
  return Promise.all(
    Array.from(
      { length: connections },
      () =>
        new Promise<Socket>((resolve, reject) => {
          const socket = connect(port, '127.0.0.1', () => {
            socket.pause();
            socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`.repeat(requests));
            resolve(socket);
          });
          socket.on('error', () => undefined);
          socket.once('error', reject);
        }),
    ),
  );
}

function openDescriptors(): number {
  return readdirSync('/proc/self/fd').length;
}

const BUNDLE = '/api/docs/swagger-ui-bundle.js';

describe('clients that send and never read', () => {
  it('a flood of pipelined requests gets a bounded number of answers, then the connection is closed', async () => {
    const baseline = await serverConnections();
    const before = await answered(BUNDLE);
    const sockets = await neverReading(10, BUNDLE, 2000);
    try {
      // Other clients are answered meanwhile.
      const { answer } = await rawRequest(port, getRequest('/api/ping'));
      expect(answer?.status).toBe(200);
      await connectionsDropTo(baseline, LIMITS.socketTimeoutMs + 3000);
      // Of 2,000 requests each, each connection got at most the flood limit of answers.
      expect((await answered(BUNDLE)) - before).toBeLessThanOrEqual(10 * (FLOOD_LIMIT + 1));
    } finally {
      sockets.forEach((socket) => socket.destroy());
    }
  });

  it('a client that asks for a large answer and never reads is cut after SOCKET_TIMEOUT_MS, and its descriptors go', async () => {
    const baseline = await serverConnections();
    const descriptors = openDescriptors();
    const sockets = await neverReading(5, BUNDLE, LIMITS.maxPipelinedRequests);
    try {
      // Blocked for the whole timeout (no byte moves), then closed: not earlier, not much later.
      await new Promise((wait) => setTimeout(wait, LIMITS.socketTimeoutMs * 0.8));
      expect(await serverConnections()).toBe(baseline + 5);
      await connectionsDropTo(baseline, LIMITS.socketTimeoutMs);
    } finally {
      sockets.forEach((socket) => socket.destroy());
    }
    // The server holds nothing more of them (our own 5 client sockets are closed too).
    await new Promise((wait) => setImmediate(wait));
    expect(openDescriptors()).toBeLessThanOrEqual(descriptors);
  });

  it('a client that pipelines within the bound and reads gets every answer, in order', async () => {
    const paths = ['/api/years', '/api/ping', '/api/statistics?year=2024', '/api/statistics?year=1999'];
    const requests = Array.from({ length: LIMITS.maxPipelinedRequests }, (_, i) => paths[i % paths.length]!);
    const statuses = statusesIn(await pipelined(port, requests));
    expect(statuses).toEqual(requests.map((path) => (path.endsWith('1999') ? 404 : 200)));
  });
});
