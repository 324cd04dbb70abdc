import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { buildApp } from './http/app.js';
import { ReadModelFollower } from './read-model/follower.js';
import type { ReadStore } from './store/store.js';
import type { ServerLimits } from './config/index.js';

export interface ServerOptions {
  openStore: () => Promise<ReadStore>;
  port: number;
  host: string;
  corsOrigin: string;
  pollIntervalMs: number;
  logger: FastifyBaseLogger | false;
  /** HTTP sizes and timeouts; the defaults of server-limits.ts when omitted. */
  limits?: ServerLimits;
  /** Participant searches per client address and minute (0 or omitted: no limit). */
  rateLimitParticipants?: number;
}

export interface RunningServer {
  app: FastifyInstance;
  follower: ReadModelFollower;
  /** `http://host:port` as bound (port 0 picks a free one). */
  url: string;
  close(): Promise<void>;
}

const SILENT = { info() {}, warn() {}, error() {}, debug() {} } as unknown as FastifyBaseLogger;

/** Loads the read model once, then listens; the model follows the store from then on. */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const follower = new ReadModelFollower(options.openStore, {
    pollIntervalMs: options.pollIntervalMs,
    logger: options.logger || SILENT,
  });
  const app = buildApp({
    follower,
    corsOrigin: options.corsOrigin,
    logger: options.logger,
    limits: options.limits,
    rateLimitParticipants: options.rateLimitParticipants,
  });
  await follower.start();
  await app.listen({ port: options.port, host: options.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    app,
    follower,
    url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`,
    async close() {
      await app.close();
      await follower.stop();
    },
  };
}
