#!/usr/bin/env node
import { Command, CommanderError } from 'commander';
import { createLogger } from './logger.js';
import { ConfigError, DEFAULTS, resolveServeConfig, resolveStoreLocation } from './config.js';
import { serve } from './serve.js';
import { openWriteStore } from '../store/open-store.js';
import { describeStoreError } from '../store/store-errors.js';

const program = new Command('tamborrada')
  .description("Statistics service of the children's drum festival: API server and operator tools")
  .showHelpAfterError('(run with --help for usage)')
  .exitOverride();

const dbOption = ['--db <path>', `SQLite file (env DB_PATH, default ${DEFAULTS.dbPath})`] as const;
const urlOption = [
  '--database-url <url>',
  'PostgreSQL URL; when set, used instead of --db (env DATABASE_URL)',
] as const;

program
  .command('serve')
  .description('serve the read-only JSON API')
  .option(...dbOption)
  .option(...urlOption)
  .option('--port <n>', `port to listen on (env PORT, default ${DEFAULTS.port})`)
  .option('--host <h>', `address to listen on (env HOST, default ${DEFAULTS.host})`)
  .option('--log-level <level>', `log level (env LOG_LEVEL, default ${DEFAULTS.logLevel})`)
  .action(async (options) => {
    const config = resolveServeConfig(options, process.env);
    await serve(config, createLogger(config.logLevel));
  });

program
  .command('migrate')
  .description('create or upgrade the store schema (idempotent, safe on a live store)')
  .option(...dbOption)
  .option(...urlOption)
  .action(async (options) => {
    const store = await openWriteStore(resolveStoreLocation(options, process.env));
    try {
      await store.migrate();
      console.log(`migrated ${store.description}`);
    } finally {
      await store.close();
    }
  });

/** One clear line and a non-zero exit for anything the user can fix; never a stack trace. */
function fail(error: unknown): never {
  if (error instanceof CommanderError) process.exit(error.exitCode === 0 ? 0 : 2);
  const message = error instanceof ConfigError ? error.message : describeStoreError(error);
  console.error(`tamborrada: error: ${message}`);
  process.exit(error instanceof ConfigError ? 2 : 1);
}

program.parseAsync(process.argv).catch(fail);
