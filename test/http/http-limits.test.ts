import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ConfigError,
  DEFAULT_SERVER_LIMITS,
  resolveServeConfig,
  type ServerLimits,
} from '../../src/config/index.js';
import { startSeededServer, type SeededServer } from '../support/server.js';
import { getRequest, rawRequest, SECURITY_HEADERS, type RawAnswer } from '../support/raw-http.js';

const LIMITS: ServerLimits = {
  ...DEFAULT_SERVER_LIMITS,
  headersTimeoutMs: 1000,
  requestTimeoutMs: 2000,
  keepAliveTimeoutMs: 500,
  socketTimeoutMs: 3000,
  maxRequestsPerSocket: 3,
};

let seeded: SeededServer;
let port: number;

beforeAll(async () => {
  seeded = await startSeededServer({ limits: LIMITS, pollIntervalMs: 100 });
  port = seeded.port;
});

afterAll(async () => {
  await seeded?.close();
});

function expectJsonError(answer: RawAnswer | undefined, status: number, error: string | RegExp): void {
  expect(answer?.status).toBe(status);
  expect(answer!.headers['content-type']).toBe('application/json; charset=utf-8');
  const body = JSON.parse(answer!.text) as Record<string, unknown>;
  expect(Object.keys(body)).toEqual(['error']);
  expect(body.error).toMatch(error);
  expect(answer!.headers).toMatchObject({ ...SECURITY_HEADERS, 'access-control-allow-origin': '*' });
  expect(answer!.headers['x-powered-by']).toBeUndefined();
}

async function pingWorks(): Promise<void> {
  const { answer } = await rawRequest(port, getRequest('/api/ping'));
  expect(answer?.status).toBe(200);
}

const BAD_REQUEST = 'Petición mal formada';
const huge = (n: number) => 'a'.repeat(n);

describe('malformed and oversized requests get JSON, never a crash', () => {
  const cases: [string, string | Buffer, number, string][] = [
    ['a garbage request line', 'HELLO\r\n\r\n', 400, BAD_REQUEST],
    ['an unknown HTTP version', 'GET /api/ping HTTP/9.9\r\nHost: x\r\n\r\n', 400, BAD_REQUEST],
    ['HTTP/2 preface over HTTP/1', 'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n', 400, BAD_REQUEST],
    ['a NUL in the target', getRequest('/api/participants?name=a\0b'), 400, BAD_REQUEST],
    ['a raw space in the target', 'GET /api/years?x=a b HTTP/1.1\r\nHost: x\r\n\r\n', 400, BAD_REQUEST],
    [
      'raw UTF-8 in the target',
      getRequest(Buffer.from('/api/participants?name=Añé García López')),
      400,
      BAD_REQUEST,
    ],
    ['a bare LF in a header', 'GET /api/ping HTTP/1.1\r\nHost: x\nX: y\r\n\r\n', 400, BAD_REQUEST],
    [
      'a header name with a space',
      'GET /api/ping HTTP/1.1\r\nHost: x\r\nBad Header: x\r\n\r\n',
      400,
      BAD_REQUEST,
    ],
    ['HTTP/1.1 without Host', 'GET /api/ping HTTP/1.1\r\n\r\n', 400, BAD_REQUEST],
    ['a path that does not decode', getRequest('/api/%zz'), 400, BAD_REQUEST],
    ['a target of 9 KB', getRequest(`/api/participants?name=${huge(9 * 1024)}`), 414, 'demasiado larga'],
    ['a target of 20 KB', getRequest(`/api/participants?name=${huge(20 * 1024)}`), 431, 'demasiado grandes'],
    ['a target of 100 KB', getRequest(`/api/years?x=${huge(100 * 1024)}`), 431, 'demasiado grandes'],
    ['a header of 20 KB', getRequest('/api/ping', `X-Big: ${huge(20 * 1024)}\r\n`), 431, 'demasiado grandes'],
    [
      '1000 headers of 25 bytes',
      getRequest('/api/ping', 'X-Header-Number: 1234567890\r\n'.repeat(1000)),
      431,
      'demasiado grandes',
    ],
    ['an unknown Expect', getRequest('/api/ping', 'Expect: teapot\r\n'), 417, BAD_REQUEST],
    [
      'a 2 MB body',
      `POST /nope HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${2 * 1024 * 1024}\r\n\r\n${huge(2 * 1024 * 1024)}`,
      413,
      'cuerpos',
    ],
  ];
  it.each(cases)('%s', async (_title, request, status, error) => {
    const { answer } = await rawRequest(port, request);
    expectJsonError(answer, status, error);
    await pingWorks();
  });

  it.each([
    ['an unknown path', getRequest('/api/nope'), 404],
    ['POST on an operation', 'POST /api/years HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n', 405],
    ['a server error', getRequest('/api/statistics?year=1999'), 404],
  ])('%s: the security headers, CORS, no X-Powered-By', async (_title, request, status) => {
    const { answer } = await rawRequest(port, request);
    expect(answer?.status).toBe(status);
    expect(answer!.headers).toMatchObject({ ...SECURITY_HEADERS, 'access-control-allow-origin': '*' });
    expect(answer!.headers['x-powered-by']).toBeUndefined();
  });

  it('a body sent by halves after a refused header is not answered twice', async () => {
    const { received } = await rawRequest(port, `GET /api/ping HTTP/1.1\r\nHost: x\r\nX: \u0001\r\n\r\n`);
    expect(received.toString('latin1').match(/HTTP\/1\.1 /g)).toHaveLength(1);
  });
});

function openSocket(): Promise<Socket> {
  return new Promise((done, fail) => {
    const socket = connect(port, '127.0.0.1', () => done(socket));
    socket.on('error', fail);
  });
}

function closedWithin(socket: Socket, ms: number): Promise<number> {
  const started = performance.now();
  return new Promise((done, fail) => {
    if (socket.destroyed) return done(0);
    const timer = setTimeout(() => fail(new Error(`socket still open after ${ms} ms`)), ms);
    socket.once('close', () => {
      clearTimeout(timer);
      done(performance.now() - started);
    });
  });
}

describe('slow clients are cut and do not starve the others', () => {
  it('slowloris: sockets sending headers a byte at a time are closed after HEADERS_TIMEOUT_MS', async () => {
    const request = 'GET /api/years HTTP/1.1\r\nHost: x\r\nX-Slow: ' + 'a'.repeat(1000);
    const sockets = await Promise.all(Array.from({ length: 100 }, openSocket));
    const drips = sockets.map((socket) => {
      socket.on('error', () => undefined);
      let at = 0;
      return setInterval(() => {
        if (!socket.destroyed) socket.write(request[at++ % request.length]!);
      }, 50);
    });
    try {
      // Meanwhile other clients are answered, without waiting for the slow ones to be cut.
      for (let i = 0; i < 20; i++) {
        const { answer, ms } = await rawRequest(port, getRequest('/api/years'));
        expect(answer?.status).toBe(200);
        expect(ms).toBeLessThan(LIMITS.headersTimeoutMs);
      }
      const waited = await Promise.all(
        sockets.map((socket) => closedWithin(socket, LIMITS.headersTimeoutMs + 2000)),
      );
      expect(Math.max(...waited)).toBeLessThan(LIMITS.headersTimeoutMs + 2000);
    } finally {
      drips.forEach(clearInterval);
      sockets.forEach((socket) => socket.destroy());
    }
    await pingWorks();
  });

  it('a connection that never sends a byte is closed', async () => {
    const socket = await openSocket();
    await closedWithin(socket, LIMITS.requestTimeoutMs + 2000);
  });

  it('an idle kept-alive connection is closed after KEEP_ALIVE_TIMEOUT_MS', async () => {
    const socket = await openSocket();
    const answered = new Promise<string>((done) =>
      socket.once('data', (chunk: Buffer) => done(chunk.toString())),
    );
    socket.write('GET /api/ping HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(await answered).toMatch(/^HTTP\/1\.1 200/);
    const ms = await closedWithin(socket, LIMITS.keepAliveTimeoutMs + 2000);
    expect(ms).toBeGreaterThan(LIMITS.keepAliveTimeoutMs / 2);
  });

  it('a connection is closed after MAX_REQUESTS_PER_SOCKET answers', async () => {
    const socket = await openSocket();
    let received = '';
    const answersSoFar = () => received.split(/(?=HTTP\/1\.1 )/).filter(Boolean).length;
    let answered: () => void = () => undefined;
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString();
      answered();
    });
    for (let i = 1; i <= LIMITS.maxRequestsPerSocket; i++) {
      // One request at a time: the next is sent once the answer to this one has arrived.
      const arrived = new Promise<void>((done) => {
        answered = () => {
          if (answersSoFar() >= i && received.endsWith('}')) done();
        };
      });
      socket.write('GET /api/ping HTTP/1.1\r\nHost: x\r\n\r\n');
      await arrived;
    }
    await closedWithin(socket, 2000);
    const answers = received.split(/(?=HTTP\/1\.1 )/);
    expect(answers).toHaveLength(LIMITS.maxRequestsPerSocket);
    expect(answers.at(-1)).toMatch(/\r\nConnection: close\r\n/i);
  });
});

const resolveServerLimits = (env: Record<string, string>) => resolveServeConfig({}, env).limits;

describe('resolveServerLimits', () => {
  it('has sensible defaults', () => {
    expect(resolveServerLimits({})).toEqual({
      maxUrlLength: 8192,
      maxHeaderSize: 16384,
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
      keepAliveTimeoutMs: 5_000,
      socketTimeoutMs: 60_000,
      maxRequestsPerSocket: 0,
      maxPipelinedRequests: 32,
      maxUnsentBytes: 1024 * 1024,
      shutdownGraceMs: 10_000,
    });
  });

  it('reads every limit from its environment variable', () => {
    expect(
      resolveServerLimits({
        MAX_URL_LENGTH: '4096',
        MAX_HEADER_SIZE: '8192',
        HEADERS_TIMEOUT_MS: '2000',
        REQUEST_TIMEOUT_MS: '3000',
        KEEP_ALIVE_TIMEOUT_MS: '4000',
        SOCKET_TIMEOUT_MS: '5000',
        MAX_REQUESTS_PER_SOCKET: '100',
        MAX_PIPELINED_REQUESTS: '8',
        MAX_UNSENT_BYTES: '65536',
        SHUTDOWN_GRACE_MS: '6000',
      }),
    ).toEqual({
      maxUrlLength: 4096,
      maxHeaderSize: 8192,
      headersTimeoutMs: 2000,
      requestTimeoutMs: 3000,
      keepAliveTimeoutMs: 4000,
      socketTimeoutMs: 5000,
      maxRequestsPerSocket: 100,
      maxPipelinedRequests: 8,
      maxUnsentBytes: 65536,
      shutdownGraceMs: 6000,
    });
  });

  it.each([
    [{ HEADERS_TIMEOUT_MS: 'soon' }, /HEADERS_TIMEOUT_MS must be a positive integer/],
    [{ SOCKET_TIMEOUT_MS: '0' }, /SOCKET_TIMEOUT_MS must be a positive integer/],
    [{ HEADERS_TIMEOUT_MS: '40000' }, /must not be above REQUEST_TIMEOUT_MS/],
    [{ MAX_URL_LENGTH: '20000' }, /must be below MAX_HEADER_SIZE/],
  ])('refuses %o', (env, message) => {
    expect(() => resolveServerLimits(env)).toThrow(ConfigError);
    expect(() => resolveServerLimits(env)).toThrow(message);
  });
});
