import cluster from 'node:cluster';
import type { Logger } from 'pino';
import type { ServeConfig } from '../config/index.js';
import { checkCanListen, startServer, type RunningServer } from '../server.js';
import { SqliteStore } from '../store/sqlite-store.js';
import { openReadStore, sqliteFileExists } from '../store/open-store.js';
import { describeStoreError } from '../store/store-errors.js';
import { loadDemo } from './commands/demo.js';
import { EXIT_CODES } from './errors.js';
import { DEFAULT_DEMO_OPTIONS } from '../demo/index.js';

export interface ServeOptions extends ServeConfig {
  /** Fill a missing SQLite file with the demo data (npm start); without it, a missing file stops the start. */
  demoIfMissing: boolean;
}

/**
 * The SQLite file before serving: a missing one is created with the demo data when the
 * operator asked for it (`--demo-if-missing`, what `npm start` does), and otherwise
 * stops the start (StoreNotFoundError: a mistyped path, most likely), as does a folder.
 * An existing file is upgraded; a failure there is not fatal (the server answers 500
 * until the store is fixed).
 */
async function prepareSqliteFile(config: ServeOptions, path: string, logger: Logger): Promise<void> {
  if (!sqliteFileExists(path, config.demoIfMissing ? 'create' : 'write')) {
    logger.info({ db: path }, 'no store yet: creating it with the fictional demo data');
    await loadDemo(DEFAULT_DEMO_OPTIONS, config.store);
    logger.info({ db: path }, 'created the store with the demo data');
    return;
  }
  try {
    const store = new SqliteStore(path);
    try {
      await store.migrate();
    } finally {
      await store.close();
    }
  } catch (error) {
    logger.error(
      { details: describeStoreError(error) },
      'could not prepare the store; serving errors until it is fixed',
    );
  }
}

export async function serve(config: ServeOptions, logger: Logger): Promise<void> {
  if (cluster.isPrimary) {
    // Mistakes of the command line first, each before anything slow.
    if (config.store.engine === 'sqlite')
      sqliteFileExists(config.store.path, config.demoIfMissing ? 'create' : 'write');
    await checkCanListen('the API', config.listen);
    if (config.metrics) await checkCanListen('the metrics', config.metrics);
  }
  if (config.workers > 1 && cluster.isPrimary) {
    if (config.store.engine === 'sqlite') await prepareSqliteFile(config, config.store.path, logger);
    runPrimary(config.workers, logger);
    return;
  }
  await serveOneProcess(config, logger);
}

/**
 * `--workers N`: N processes each with its own read model, sharing the port (the
 * primary hands out connections). Signals are passed on; a worker that dies
 * unexpectedly is replaced.
 */
function runPrimary(workers: number, logger: Logger): void {
  let stopping = false;
  const fork = () => cluster.fork({ TAMBORRADA_WORKER: '1' });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        logger.info('all workers stopped');
        process.exit(process.exitCode ?? 0);
      }
      return;
    }
    if (code === EXIT_CODES.usage) {
      // A misconfiguration (PostgreSQL credentials or rights): every worker would meet it.
      stopping = true;
      logger.error({ pid: worker.process.pid, code }, 'a worker stopped on a misconfiguration; stopping');
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGTERM');
      process.exitCode = EXIT_CODES.usage;
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(EXIT_CODES.usage);
      return;
    }
    logger.error({ pid: worker.process.pid, code, signal }, 'worker died; starting another');
    fork();
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal, workers }, 'stopping the workers');
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
  for (let i = 0; i < workers; i++) fork();
  logger.info({ workers }, 'started the workers');
}

async function serveOneProcess(config: ServeOptions, logger: Logger): Promise<void> {
  /**
   * SIGTERM or SIGINT: stop accepting connections, let the answers in flight finish (at
   * most `SHUTDOWN_GRACE_MS`), close the store, exit 0. A signal during the start stops
   * the server as soon as it is up. A second signal ends the process at once.
   */
  let server: RunningServer | undefined = undefined;
  let stopRequested: string | undefined;
  const stop = (running: RunningServer, signal: string) => {
    logger.info({ signal }, 'stopping: finishing requests in flight');
    const forced = setTimeout(() => {
      logger.warn('requests still in flight after the grace period; closing anyway');
      const storeClosed = running.follower.stop().catch(() => undefined);
      void Promise.race([storeClosed, new Promise((resolve) => setTimeout(resolve, 1000))]).finally(() =>
        process.exit(0),
      );
    }, config.limits.shutdownGraceMs);
    forced.unref();
    void running.close().then(() => {
      logger.info('stopped');
      process.exit(0);
    });
  };
  const onSignal = (signal: string) => {
    if (stopRequested !== undefined) return;
    stopRequested = signal;
    if (server) stop(server, signal);
  };
  process.once('SIGTERM', () => onSignal('SIGTERM'));
  process.once('SIGINT', () => onSignal('SIGINT'));

  // In a cluster the primary prepared the file already.
  if (config.store.engine === 'sqlite' && cluster.isPrimary)
    await prepareSqliteFile(config, config.store.path, logger);
  const store = config.store;
  server = await startServer({
    openStore: () => openReadStore(store),
    port: config.listen.port,
    host: config.listen.host,
    corsOrigin: config.corsOrigin,
    pollIntervalMs: config.pollIntervalMs,
    logger,
    limits: config.limits,
    rateLimitParticipants: config.rateLimitParticipants,
    metrics: config.metrics,
    webPages: config.webPages,
    publicUrl: config.publicUrl,
  });
  if (stopRequested !== undefined) stop(server, stopRequested);
}
