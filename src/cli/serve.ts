import { setTimeout as sleep } from 'node:timers/promises';
import pino, { type Logger } from 'pino';
import { ConfigError, type LogLevel, type ServeConfig } from '../config/index.js';
import { checkCanListen } from '../listen.js';
import { startServer } from '../server.js';
import { SqliteStore } from '../store/sqlite-store.js';
import { openReadStore, sqliteFileExists } from '../store/open-store.js';
import { describeStoreError, isPostgresMisconfiguration } from '../store/store-errors.js';
import { loadDemo } from './commands/demo.js';
import { DEFAULT_DEMO_OPTIONS } from '../demo/index.js';
import type { PostgresBudgetTable } from '../store/postgres-budgets.js';

/** On PostgreSQL a table every replica shares; on SQLite this process alone (said at start). */
async function budgetTableOf(config: ServeConfig, logger: Logger) {
  if (!config.searchBudgets) return undefined;
  const { store } = config;
  if (store.engine === 'postgres') {
    const { PostgresBudgetTable } = await import('../store/postgres-budgets.js');
    return new PostgresBudgetTable(store.url, store.settings);
  }
  logger.info(
    'search budgets: counted by this process alone (SQLite): every server started on this store gives each client budgets of its own (docs/security.md)',
  );
  return undefined;
}

/** A role that may not write the table stops the start; a database not reachable yet, each search (500). */
async function checkBudgetTable(table: PostgresBudgetTable, logger: Logger): Promise<void> {
  try {
    await table.check();
    logger.info('search budgets: shared by every server of this database (table tamborrada_search_budgets)');
  } catch (error) {
    // A refusal (BudgetTableRefused) is a ConfigError: one line, exit code 2.
    if (error instanceof ConfigError || isPostgresMisconfiguration(error)) throw error;
    logger.warn(
      { details: describeStoreError(error) },
      'search budgets: their table cannot be read yet; participant searches answer 500 until it can',
    );
  }
}

/** JSON lines, buffered (a write per request would cost more than the answer); colours on a terminal. */
function createLogger(level: LogLevel): Logger {
  if (process.stdout.isTTY)
    return pino({ level, transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } } });
  const destination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  setInterval(() => destination.flush(), 500).unref();
  return pino({ level }, destination);
}

/** A missing SQLite file gets the demo data if `demoIfMissing`, else stops the start (a typo, likely). */
export async function serve(config: ServeConfig & { demoIfMissing: boolean }): Promise<void> {
  const logger = createLogger(config.logLevel);
  // A signal during the start stops the server as soon as it is up.
  const stopSignal = new Promise<string>((resolve) => {
    for (const signal of ['SIGTERM', 'SIGINT']) process.once(signal, () => resolve(signal));
  });

  // Mistakes of the command line first, each before anything slow.
  const { store } = config;
  const fileExists =
    store.engine === 'sqlite' && sqliteFileExists(store.path, config.demoIfMissing ? 'create' : 'write');
  await checkCanListen('the API', config.listen);
  if (config.metrics) await checkCanListen('the metrics', config.metrics);
  if (store.engine === 'sqlite' && !fileExists) {
    logger.info('no store yet: creating it with the fictional demo data');
    await loadDemo(DEFAULT_DEMO_OPTIONS, store);
    logger.info('created the store with the demo data');
  } else if (store.engine === 'sqlite') {
    try {
      const sqlite = new SqliteStore(store.path);
      await sqlite.migrate().finally(() => sqlite.close());
    } catch (error) {
      const details = describeStoreError(error);
      logger.error({ details }, 'could not prepare the store; serving errors until it is fixed');
    }
  }
  const budgetTable = await budgetTableOf(config, logger);
  const server = await startServer({
    openStore: () => openReadStore(store),
    settings: config,
    logger,
    budgetTable,
    beforeListening: budgetTable && (() => checkBudgetTable(budgetTable, logger)),
  });
  void stopSignal.then((signal) => {
    logger.info({ signal }, 'stopping: finishing requests in flight');
    setTimeout(() => {
      logger.warn('requests still in flight after the grace period; closing anyway');
      const storeClosed = server.follower.stop().catch(() => undefined);
      void Promise.race([storeClosed, sleep(1000)]).finally(() => process.exit(0));
    }, config.limits.shutdownGraceMs).unref();
    void server.close().then(() => {
      logger.info('stopped');
      process.exit(0);
    });
  });
}
