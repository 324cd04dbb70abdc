import { existsSync } from 'node:fs';
import type { Logger } from 'pino';
import { startServer } from '../server.js';
import { SqliteStore } from '../store/sqlite-store.js';
import { openReadStore } from '../store/open-store.js';
import { describeStoreError } from '../store/store-errors.js';
import type { ServeConfig } from './config.js';
import { loadDemo } from './commands/demo.js';
import { DEFAULT_DEMO_OPTIONS } from '../demo/index.js';

/** How long requests in flight may take to finish once a stop is asked for. */
const SHUTDOWN_GRACE_MS = 10_000;

/** Creates (or upgrades) the SQLite file before serving; a failure here is not fatal. */
async function prepareSqliteFile(config: ServeOptions, logger: Logger): Promise<void> {
  const created = !existsSync(config.dbPath);
  try {
    if (created && config.demoIfMissing) {
      logger.info({ db: config.dbPath }, 'no store yet: creating it with the fictional demo data');
      await loadDemo(DEFAULT_DEMO_OPTIONS, config);
      logger.info({ db: config.dbPath }, 'created the store with the demo data');
      return;
    }
    const store = new SqliteStore(config.dbPath, { create: true });
    try {
      await store.migrate();
    } finally {
      await store.close();
    }
    if (created) logger.info({ db: config.dbPath }, 'created an empty store');
  } catch (error) {
    logger.error(
      { details: describeStoreError(error) },
      'could not prepare the store; serving errors until it is fixed',
    );
  }
}

export interface ServeOptions extends ServeConfig {
  /** Fill a missing SQLite file with the demo data (npm start). */
  demoIfMissing: boolean;
}

export async function serve(config: ServeOptions, logger: Logger): Promise<void> {
  if (config.databaseUrl === undefined) await prepareSqliteFile(config, logger);
  const server = await startServer({
    openStore: () => openReadStore(config),
    port: config.port,
    host: config.host,
    corsOrigin: config.corsOrigin,
    pollIntervalMs: config.pollIntervalMs,
    logger,
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping: finishing requests in flight');
    const forced = setTimeout(() => {
      logger.warn('requests still in flight after the grace period; closing anyway');
      process.exit(0);
    }, SHUTDOWN_GRACE_MS);
    forced.unref();
    void server.close().then(() => {
      logger.info('stopped');
      process.exit(0);
    });
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}
