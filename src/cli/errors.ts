import { CommanderError } from 'commander';
import { ConfigError, type StoreLocation } from '../config/index.js';
import { ImportRejected } from '../import/import-participants.js';
import { YearChangeRefused } from '../import/year-changes.js';
import { CannotListenError } from '../server.js';
import { DemoRefused } from './commands/demo.js';
import { FileRejected, InputFileError } from './input-file.js';
import {
  migrateCommand,
  storeAsTyped,
  StoreNotFoundError,
  StoreNotMigratedError,
  StoreUnusableError,
} from '../store/open-store.js';
import { isPostgresMisconfiguration } from '../store/store-errors.js';

/**
 * The exit codes every command follows (docs/operations.md): 0 done (also when there was
 * nothing to change), 1 failed (bad rows, a refused change, a store error or outage), 2 bad
 * usage or configuration (an option, a path, a store that is not migrated, PostgreSQL
 * credentials or rights: running it again as it is cannot work).
 */
export const EXIT_CODES = { done: 0, failed: 1, usage: 2 } as const;

/**
 * Where a PostgreSQL command was working, as the operator typed it: `user "writer" at
 * db.example.org:5432, database "tamborrada"` (never the password).
 */
export function describePostgresTarget(url: string): string {
  try {
    const parsed = new URL(url);
    const user = decodeURIComponent(parsed.username);
    const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
    return (
      `${user ? `user "${user}"` : 'the default user'} at ${parsed.hostname || 'localhost'}:${parsed.port || '5432'}, ` +
      `${database ? `database "${database}"` : 'the default database'}`
    );
  } catch {
    return 'the configured database';
  }
}

/**
 * An error as the CLI says it: its code and the first line of its message, with the
 * operator's own paths as they were typed (the redactions of describeStoreError are for
 * the server's logs and answers). A PostgreSQL error also names the user, host, port and
 * database it was for; the password never shows.
 */
export function describeForOperator(error: unknown, store: StoreLocation | undefined): string {
  const firstLine = (error instanceof Error ? error.message : String(error))
    .split(/\r?\n/, 1)[0]!
    .replace(/\p{Cc}/gu, ' ')
    .trim();
  const code = (error as { code?: unknown } | null)?.code;
  let message = typeof code === 'string' && !firstLine.includes(code) ? `${code}: ${firstLine}` : firstLine;
  message = message.slice(0, 300) || 'unknown error';
  if (store?.engine !== 'postgres') return message;
  const password = passwordOf(store.url);
  if (password) message = message.split(password).join('<password>');
  return `PostgreSQL, ${describePostgresTarget(store.url)}: ${message}`;
}

function passwordOf(url: string): string {
  try {
    return decodeURIComponent(new URL(url).password);
  } catch {
    return '';
  }
}

/** A store without one of its tables: said like a store not migrated (exit code 2). */
class StoreLacksTableError extends Error {}

/** Errors whose message is written for the operator already. */
const SAID_FOR_THE_OPERATOR = [
  StoreLacksTableError,
  StoreNotFoundError,
  StoreNotMigratedError,
  StoreUnusableError,
  InputFileError,
  CannotListenError,
  DemoRefused,
  YearChangeRefused,
];

/** Mistakes of the command line, the settings or the store's set-up. */
const USAGE_ERRORS = [
  StoreLacksTableError,
  ConfigError,
  StoreNotFoundError,
  StoreNotMigratedError,
  StoreUnusableError,
  InputFileError,
];

export function exitCodeOf(error: unknown): number {
  if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT_CODES.done : EXIT_CODES.usage;
  if (USAGE_ERRORS.some((kind) => error instanceof kind) || isPostgresMisconfiguration(error))
    return EXIT_CODES.usage;
  return EXIT_CODES.failed;
}

/**
 * A table of ours missing from a store that has the others (dropped by hand, say): the
 * table SQLite or PostgreSQL (42P01) names, or undefined.
 */
function missingTable(error: unknown): string | undefined {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof message !== 'string' || (code !== 'SQLITE_ERROR' && code !== '42P01')) return undefined;
  return (
    /^no such table: ([\w.]+)/.exec(message)?.[1] ?? /^relation "([^"]+)" does not exist/.exec(message)?.[1]
  );
}

/** An error as the operator is told it, with the store it concerns. */
function forOperator(error: unknown, store: StoreLocation | undefined): unknown {
  const table = store && missingTable(error);
  return table === undefined
    ? error
    : new StoreLacksTableError(
        `store incomplete: ${storeAsTyped(store!)} has no table ${table}; run ${migrateCommand(store!)} to create it`,
      );
}

/** The lines an error is told in on stderr. */
export function operatorLines(error: unknown, store: StoreLocation | undefined): string[] {
  if (error instanceof ImportRejected || error instanceof FileRejected) return error.lines;
  const problems =
    error instanceof ConfigError
      ? error.problems
      : [
          SAID_FOR_THE_OPERATOR.some((kind) => error instanceof kind)
            ? (error as Error).message
            : describeForOperator(error, store),
        ];
  return problems.map((problem) => `tamborrada: error: ${problem}`);
}

/** One clear line (or the list of bad rows) and the exit code of its kind; never a stack trace. */
export function exitWithError(thrown: unknown, store: StoreLocation | undefined): never {
  const error = forOperator(thrown, store);
  if (!(error instanceof CommanderError)) for (const line of operatorLines(error, store)) console.error(line);
  process.exit(exitCodeOf(error));
}
