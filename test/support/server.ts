import { request as httpRequest } from 'node:http';
import type { Logger } from 'pino';
import { DEFAULT_SERVER_SETTINGS, type ServerSettings } from '../../src/config/index.js';
import type { Clock } from '../../src/http/search-budget.js';
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

export type TestServerOptions = Partial<ServerSettings> &
  Pick<ServerOptions, 'budgetTable'> & { logger?: Logger | false; clock?: Clock };

/**
 * The settings of a test server: the defaults, on a free loopback port, without metrics,
 * polling every 100 ms, and without the search budgets (tests that search a lot from one
 * address would meet them; the budgets' own tests turn them on).
 */
export function testSettings(changes: Partial<ServerSettings> = {}): ServerSettings {
  return {
    ...DEFAULT_SERVER_SETTINGS,
    listen: { host: '127.0.0.1', port: 0 },
    metrics: undefined,
    pollIntervalMs: 100,
    searchBudgets: false,
    // An option given as undefined keeps the default.
    ...(Object.fromEntries(
      Object.entries(changes).filter(([, value]) => value !== undefined),
    ) as Partial<ServerSettings>),
  };
}

/** The one way to start a test server: the real server over `openStore`, without logs unless given a logger. */
export async function startTestServer(
  openStore: () => Promise<ReadStore>,
  { logger = false, clock, budgetTable, ...changes }: TestServerOptions = {},
): Promise<TestServer> {
  const server = await startServer({
    openStore,
    settings: testSettings(changes),
    logger,
    clock,
    budgetTable,
  });
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

/** A SQLite store with the small published dataset (and `participants`), and the real server over it. */
export interface SeededServer {
  fixture: StoreFixture;
  server: TestServer;
  port: number;
  close(): Promise<void>;
}

export async function startSeededServer(
  options: TestServerOptions = {},
  participants: readonly { name: string; school: string; year: number }[] = [],
): Promise<SeededServer> {
  const fixture = await createSqliteFixture();
  await seedPublishedYears(fixture);
  await fixture.insertParticipants(participants);
  const server = await startTestServer(() => fixture.openReadStore(), { pollIntervalMs: 1000, ...options });
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
