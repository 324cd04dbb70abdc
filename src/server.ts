import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import type { ServerSettings } from './config/index.js';
import { createDispatcher } from './http/dispatcher.js';
import { createHttpServer } from './http/entry.js';
import { createObserver, type RecordRequest } from './http/observer.js';
import type { ModelSource } from './http/operations.js';
import { sharedBook } from './http/account-books.js';
import type { AccountBook, Clock } from './http/search-budget.js';
import { ReadModelFollower } from './read-model/follower.js';
import { createSite } from './web/site.js';
import { listen, withBrackets } from './listen.js';
import type { ReadStore } from './store/store.js';
import type { SharedBudgetTable } from './store/postgres-budgets.js';

export interface HttpAppOptions {
  source: ModelSource;
  /** Every setting of the server, as `serve` resolved them (src/config). */
  settings: ServerSettings;
  /** A pino logger (the CLI's), or `false` for none (tests). */
  logger: Logger | false;
  /** Where answers are counted (the metrics); nowhere when omitted. */
  recordRequest?: RecordRequest;
  /** The search budgets' clock: a test's or a benchmark's, which moves time itself. */
  clock?: Clock;
  /** Where the search budgets' accounts live; this process's memory (on `clock`) when omitted. */
  book?: AccountBook;
}

export interface ServerOptions extends Omit<HttpAppOptions, 'source' | 'recordRequest' | 'book'> {
  openStore: () => Promise<ReadStore>;
  /** The search budgets' table every replica shares (PostgreSQL), closed with the server; none: each process counts alone. */
  budgetTable?: SharedBudgetTable & { close(): Promise<void> };
  /** What must hold before the server listens, once its first model is in (`serve`: the budgets' table). */
  beforeListening?: () => Promise<void>;
}

/** `url`: `http://host:port` as bound (port 0 picks a free one); `metricsUrl`: undefined without metrics. */
export interface RunningServer {
  http: Server;
  follower: ReadModelFollower;
  url: string;
  metricsUrl: string | undefined;
  close(): Promise<void>;
}

const SILENT = { info() {}, warn() {}, error() {}, debug() {} } as unknown as Logger;

/**
 * `http://host:port` to reach a bound server at `host` (an unspecified address is reached
 * on loopback); without `host`, as it is bound (`[::]:3000`, `0.0.0.0:3000`), for the log.
 */
function urlOf(server: Server, host?: string): string {
  const { address, port } = server.address() as AddressInfo;
  return `http://${host === '0.0.0.0' || host === '::' ? '127.0.0.1' : withBrackets(host ?? address)}:${port}`;
}

/** The HTTP server over a source of read models: Node's server in front of the one dispatcher. */
export function createHttpApp(options: HttpAppOptions): Server {
  const { source, settings, logger, recordRequest, clock, book } = options;
  const site = settings.webPages ? createSite(settings) : undefined;
  const observer = createObserver(logger, recordRequest ?? (() => undefined));
  const http = createHttpServer(
    settings,
    createDispatcher({ source, settings, observer, site, clock, book }),
    observer,
  );
  http.once('close', () => site?.close());
  return http;
}

/** The read model that follows the store, the HTTP server and the metrics listener: loads once, then listens. */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const { openStore, settings, logger, clock, budgetTable, beforeListening } = options;
  const follower = new ReadModelFollower(openStore, {
    pollIntervalMs: settings.pollIntervalMs,
    searchFailClosedAfterMs: settings.searchFailClosedAfterMs,
    logger: logger || SILENT,
  });
  const metricsAddress = settings.metrics;
  // With no listener (`METRICS_PORT=off`) nothing is counted and prom-client (10 MB resident) is not loaded.
  const metricsModule = metricsAddress && (await import('./http/metrics.js'));
  const metrics = metricsModule && metricsModule.createMetrics(follower);
  const http = createHttpApp({
    source: follower,
    settings,
    logger,
    recordRequest: metrics?.recordRequest,
    clock,
    book: budgetTable && sharedBook(budgetTable),
  });
  const metricsServer = metricsModule && metrics && metricsModule.createMetricsServer(metrics.registry);
  const close = async () => {
    metricsServer?.close();
    metricsServer?.closeAllConnections();
    // No new connections; open ones end once their answers are written (entry.ts).
    await new Promise((resolve) => http.close(resolve));
    await follower.stop();
    await budgetTable?.close();
  };
  await follower.start();
  try {
    await beforeListening?.();
    await listen(http, 'the API', settings.listen);
    if (metricsServer) await listen(metricsServer, 'the metrics', metricsAddress);
  } catch (error) {
    await close();
    throw error;
  }
  const url = urlOf(http, settings.listen.host);
  const metricsUrl = metricsServer ? `${urlOf(metricsServer, metricsAddress.host)}/metrics` : undefined;
  if (logger && metricsServer) logger.info(`Metrics listening at ${urlOf(metricsServer)}/metrics`);
  if (logger) logger.info(`Server listening at ${urlOf(http)}`);
  return { http, follower, url, metricsUrl, close };
}
