import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { DEFAULT_SERVER_LIMITS, SETTINGS, type ListenAddress, type ServerLimits } from './config/index.js';
import { createApiReference } from './http/api-reference.js';
import { buildOpenApiDocument } from './http/openapi.js';
import { buildApp } from './http/app.js';
import { createMetrics, createMetricsServer, type RecordRequest } from './http/metrics.js';
import { createObserver } from './http/observer.js';
import { createResponder } from './http/responder.js';
import type { ModelSource } from './http/operations.js';
import { buildRoutes } from './http/routes.js';
import { ReadModelFollower } from './read-model/follower.js';
import { createSite } from './web/site.js';
import type { ReadStore } from './store/store.js';

export interface ServerOptions {
  openStore: () => Promise<ReadStore>;
  port: number;
  host: string;
  corsOrigin: string;
  pollIntervalMs: number;
  logger: FastifyBaseLogger | false;
  /** HTTP sizes and timeouts; the defaults of src/config when omitted. */
  limits?: ServerLimits;
  /** Participant searches per client address and minute (0 or omitted: no limit). */
  rateLimitParticipants?: number;
  /** Where `/metrics` listens, apart from the API; no metrics when omitted. */
  metrics?: ListenAddress;
  /** The fast lane; off only in tests that prove Fastify's routes give the same answers. */
  fastLane?: boolean;
  /** The public web pages (`WEB_PAGES`); on when omitted. */
  webPages?: boolean;
  /** Their public origin (`PUBLIC_URL`); its default when omitted. */
  publicUrl?: string;
}

export interface RunningServer {
  app: FastifyInstance;
  follower: ReadModelFollower;
  /** `http://host:port` as bound (port 0 picks a free one). */
  url: string;
  /** `http://host:port/metrics` of the metrics listener, when there is one. */
  metricsUrl: string | undefined;
  close(): Promise<void>;
}

const SILENT = { info() {}, warn() {}, error() {}, debug() {} } as unknown as FastifyBaseLogger;

/** `http://host:port` of a bound server (an unspecified address is reached on loopback). */
function urlOf(server: Server, host: string): string {
  const { port } = server.address() as AddressInfo;
  const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return `http://${shown}:${port}`;
}

/** An address the server cannot listen on, named as the operator gave it. */
export class CannotListenError extends Error {
  constructor(what: string, { host, port }: ListenAddress, cause: unknown) {
    const code = (cause as NodeJS.ErrnoException).code;
    const reason =
      code === 'EADDRINUSE'
        ? 'the address is already in use (another server on that port?)'
        : code === 'EACCES'
          ? 'permission denied (ports below 1024 need privileges)'
          : code === 'EADDRNOTAVAIL'
            ? 'no interface of this machine has that address'
            : (code ?? String(cause));
    super(`cannot listen for ${what} on ${host.includes(':') ? `[${host}]` : host}:${port}: ${reason}`);
  }
}

function listen(server: Server, what: string, address: ListenAddress): Promise<void> {
  return new Promise((resolve, reject) => {
    const fail = (error: unknown) => reject(new CannotListenError(what, address, error));
    server.once('error', fail);
    server.listen(address.port, address.host, () => {
      server.off('error', fail);
      resolve();
    });
  });
}

/**
 * Fails at once (CannotListenError) when an address is taken, before a read model of
 * many seconds is built for nothing; the real listen comes after the first load.
 */
export async function checkCanListen(what: string, address: ListenAddress): Promise<void> {
  if (address.port === 0) return;
  const probe = createServer();
  await listen(probe, what, address);
  await new Promise((resolve) => probe.close(resolve));
}

export interface HttpAppOptions {
  source: ModelSource;
  corsOrigin: string;
  logger: FastifyBaseLogger | false;
  limits?: ServerLimits;
  rateLimitParticipants?: number;
  fastLane?: boolean;
  /** Where answers are counted (the metrics); nowhere when omitted. */
  recordRequest?: RecordRequest;
  /** The public web pages (`WEB_PAGES`); on when omitted. */
  webPages?: boolean;
  /** Their public origin (`PUBLIC_URL`); its default when omitted. */
  publicUrl?: string;
}

/**
 * The HTTP application over a source of read models: the route table, one responder and
 * one observer, and entry → fast lane → Fastify. Ready to listen (the OpenAPI document
 * is in place).
 */
export async function createHttpApp(options: HttpAppOptions): Promise<FastifyInstance> {
  const reference = createApiReference();
  const site =
    (options.webPages ?? true)
      ? createSite({ publicUrl: options.publicUrl ?? SETTINGS.publicUrl.fallback })
      : undefined;
  const routes = buildRoutes(reference, site);
  const app = buildApp({
    routes,
    pageNotFound: site && (() => site.notFound(options.source.state)),
    source: options.source,
    responder: createResponder(options.corsOrigin),
    observer: createObserver(options.logger, options.recordRequest ?? (() => undefined)),
    corsOrigin: options.corsOrigin,
    logger: options.logger,
    limits: options.limits ?? DEFAULT_SERVER_LIMITS,
    rateLimitPerMinute: options.rateLimitParticipants ?? 0,
    fastLane: options.fastLane ?? true,
  });
  await app.ready();
  reference.setDocument(buildOpenApiDocument(routes));
  return app;
}

/**
 * Puts the server together: the read model that follows the store, the HTTP application
 * and the metrics listener. Loads the read model once, then listens.
 */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const follower = new ReadModelFollower(options.openStore, {
    pollIntervalMs: options.pollIntervalMs,
    logger: options.logger || SILENT,
  });
  const metrics = createMetrics(follower);
  const app = await createHttpApp({ ...options, source: follower, recordRequest: metrics.recordRequest });
  await follower.start();
  try {
    await app.listen({ port: options.port, host: options.host });
  } catch (error) {
    await follower.stop();
    throw new CannotListenError('the API', { host: options.host, port: options.port }, error);
  }

  const metricsServer = options.metrics ? createMetricsServer(metrics) : undefined;
  if (metricsServer && options.metrics) {
    try {
      await listen(metricsServer, 'the metrics', options.metrics);
    } catch (error) {
      await app.close();
      await follower.stop();
      throw error;
    }
    if (options.logger)
      options.logger.info(`Metrics listening at ${urlOf(metricsServer, options.metrics.host)}/metrics`);
  }
  return {
    app,
    follower,
    url: urlOf(app.server, options.host),
    metricsUrl:
      metricsServer && options.metrics ? `${urlOf(metricsServer, options.metrics.host)}/metrics` : undefined,
    async close() {
      metricsServer?.close();
      metricsServer?.closeAllConnections();
      await app.close();
      await follower.stop();
    },
  };
}
