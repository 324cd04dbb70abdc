import type { Logger } from 'pino';
import type { ServeConfig } from '../config/index.js';
import { checkCanListen, startServer, type RunningServer } from '../server.js';
import { SqliteStore } from '../store/sqlite-store.js';
import { openReadStore, sqliteFileExists } from '../store/open-store.js';
import { describeStoreError } from '../store/store-errors.js';
import { loadDemo } from './commands/demo.js';
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

  // Mistakes of the command line first, each before anything slow.
  if (config.store.engine === 'sqlite')
    sqliteFileExists(config.store.path, config.demoIfMissing ? 'create' : 'write');
  await checkCanListen('the API', config.listen);
  if (config.metrics) await checkCanListen('the metrics', config.metrics);
  if (config.store.engine === 'sqlite') await prepareSqliteFile(config, config.store.path, logger);
  const store = config.store;
  server = await startServer({ openStore: () => openReadStore(store), settings: config, logger });
  if (stopRequested !== undefined) stop(server, stopRequested);
}
