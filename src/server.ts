import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import type { ListenAddress, ServerSettings } from './config/index.js';
import { createDispatcher } from './http/dispatcher.js';
import { createHttpServer } from './http/entry.js';
import { createMetrics, createMetricsServer } from './http/metrics.js';
import { createObserver, type RecordRequest } from './http/observer.js';
import type { ModelSource } from './http/operations.js';
import type { Clock } from './http/search-budget.js';
import { ReadModelFollower } from './read-model/follower.js';
import { createSite } from './web/site.js';
import type { ReadStore } from './store/store.js';

export interface ServerOptions {
  openStore: () => Promise<ReadStore>;
  /** Every setting of the server, as `serve` resolved them (src/config). */
  settings: ServerSettings;
  /** A pino logger (the CLI's), or `false` for none (tests). */
  logger: Logger | false;
  /** The search budgets' clock: a test's or a benchmark's, which moves time itself. */
  clock?: Clock;
}

export interface RunningServer {
  /** Node's HTTP server of the API and the pages. */
  http: Server;
  follower: ReadModelFollower;
  /** `http://host:port` as bound (port 0 picks a free one). */
  url: string;
  /** `http://host:port/metrics` of the metrics listener, when there is one. */
  metricsUrl: string | undefined;
  close(): Promise<void>;
}

const SILENT = { info() {}, warn() {}, error() {}, debug() {} } as unknown as Logger;

const withBrackets = (host: string) => (host.includes(':') ? `[${host}]` : host);

/** `http://host:port` to reach a bound server (an unspecified address is reached on loopback). */
function urlOf(server: Server, host: string): string {
  const { port } = server.address() as AddressInfo;
  return `http://${host === '0.0.0.0' || host === '::' ? '127.0.0.1' : withBrackets(host)}:${port}`;
}

/** `http://address:port` as the server is bound (`[::]:3000`, `0.0.0.0:3000`), for the log. */
function boundUrlOf(server: Server): string {
  const { address, port } = server.address() as AddressInfo;
  return `http://${withBrackets(address)}:${port}`;
}

const LISTEN_FAILURES: Readonly<Record<string, string>> = {
  EADDRINUSE: 'the address is already in use (another server on that port?)',
  EACCES: 'permission denied (ports below 1024 need privileges)',
  EADDRNOTAVAIL: 'no interface of this machine has that address',
};

/** An address the server cannot listen on, named as the operator gave it. */
export class CannotListenError extends Error {
  constructor(what: string, { host, port }: ListenAddress, cause: unknown) {
    const code = (cause as NodeJS.ErrnoException).code;
    const reason = (code && LISTEN_FAILURES[code]) ?? code ?? String(cause);
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
  settings: ServerSettings;
  logger: Logger | false;
  /** Where answers are counted (the metrics); nowhere when omitted. */
  recordRequest?: RecordRequest;
  clock?: Clock;
}

/** The HTTP server over a source of read models: Node's server in front of the one dispatcher. */
export function createHttpApp({ source, settings, logger, recordRequest, clock }: HttpAppOptions): Server {
  const site = settings.webPages
    ? createSite({ publicUrl: settings.publicUrl, privacyContact: settings.privacyContact })
    : undefined;
  const observer = createObserver(logger, recordRequest ?? (() => undefined));
  return createHttpServer(settings, createDispatcher({ source, settings, observer, site, clock }), observer);
}

/** Stops a server: no new connections; open ones end once their answers are written (entry.ts). */
function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
  });
}

/**
 * Puts the server together: the read model that follows the store, the HTTP server and
 * the metrics listener. Loads the read model once, then listens.
 */
export async function startServer({
  openStore,
  settings,
  logger,
  clock,
}: ServerOptions): Promise<RunningServer> {
  const follower = new ReadModelFollower(openStore, {
    pollIntervalMs: settings.pollIntervalMs,
    searchFailClosedAfterMs: settings.searchFailClosedAfterMs,
    logger: logger || SILENT,
  });
  const metrics = createMetrics(follower);
  const http = createHttpApp({
    source: follower,
    settings,
    logger,
    recordRequest: metrics.recordRequest,
    clock,
  });
  const metricsAddress = settings.metrics;
  const metricsServer = metricsAddress && createMetricsServer(metrics);
  const close = async () => {
    metricsServer?.close();
    metricsServer?.closeAllConnections();
    await closeServer(http);
    await follower.stop();
  };
  await follower.start();
  try {
    await listen(http, 'the API', settings.listen);
    if (metricsServer) await listen(metricsServer, 'the metrics', metricsAddress);
  } catch (error) {
    await close();
    throw error;
  }
  const url = urlOf(http, settings.listen.host);
  const metricsUrl = metricsServer ? `${urlOf(metricsServer, metricsAddress.host)}/metrics` : undefined;
  if (logger && metricsServer) logger.info(`Metrics listening at ${boundUrlOf(metricsServer)}/metrics`);
  if (logger) logger.info(`Server listening at ${boundUrlOf(http)}`);
  return { http, follower, url, metricsUrl, close };
}
