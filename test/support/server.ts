import { request as httpRequest } from 'node:http';
import { startServer, type RunningServer, type ServerOptions } from '../../src/server.js';
import type { ReadStore } from '../../src/store/store.js';
import { seedPublishedYears } from './dataset.js';
import { createSqliteFixture, type StoreFixture } from './store-fixture.js';

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body, or undefined when it is not JSON (or empty). */
  body: unknown;
}

export interface TestServer extends RunningServer {
  get(path: string, init?: RequestInit): Promise<Answer>;
  /** Waits until the read model has caught up with the store. */
  sync(): Promise<void>;
}

/** The real server on a free loopback port, without logs unless `options` give a logger. */
export function startLoopbackServer(
  openStore: () => Promise<ReadStore>,
  pollIntervalMs: number,
  options: Partial<
    Pick<
      ServerOptions,
      | 'logger'
      | 'limits'
      | 'rateLimitParticipants'
      | 'metrics'
      | 'fastLane'
      | 'corsOrigin'
      | 'webPages'
      | 'publicUrl'
    >
  > = {},
): Promise<RunningServer> {
  return startServer({
    openStore,
    port: 0,
    host: '127.0.0.1',
    corsOrigin: '*',
    pollIntervalMs,
    logger: false,
    ...options,
  });
}

/** A SQLite store with the small published dataset (and `participants`), and the real server over it. */
export interface SeededServer {
  fixture: StoreFixture;
  server: RunningServer;
  port: number;
  close(): Promise<void>;
}

export async function startSeededServer(
  options: Parameters<typeof startLoopbackServer>[2] & { pollIntervalMs?: number } = {},
  participants: readonly { name: string; school: string; year: number }[] = [],
): Promise<SeededServer> {
  const fixture = await createSqliteFixture();
  await seedPublishedYears(fixture);
  await fixture.insertParticipants(participants);
  const { pollIntervalMs = 1000, ...serverOptions } = options;
  const server = await startLoopbackServer(() => fixture.openReadStore(), pollIntervalMs, serverOptions);
  return {
    fixture,
    server,
    port: Number(new URL(server.url).port),
    async close() {
      await server.close();
      await fixture.dispose();
    },
  };
}

/** The real server, listening on a free loopback port, over the fixture's store. */
export async function startTestServer(
  fixture: StoreFixture,
  { pollIntervalMs = 100, fastLane = true }: { pollIntervalMs?: number; fastLane?: boolean } = {},
): Promise<TestServer> {
  const server = await startLoopbackServer(() => fixture.openReadStore(), pollIntervalMs, { fastLane });
  return {
    ...server,
    async get(path, init) {
      const response = await fetch(server.url + path, init);
      const text = await response.text();
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
      return { status: response.status, headers: response.headers, text, body };
    },
    sync: () => server.follower.refresh(),
  };
}

/** A raw request: no automatic decompression, any method, an optional body. */
export function rawHttp(url: string, method: string, headers: Record<string, string> = {}, body?: string) {
  return new Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    body: Buffer;
  }>((resolve, reject) => {
    const req = httpRequest(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}
