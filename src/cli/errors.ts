import { CommanderError } from 'commander';
import { ConfigError, type StoreLocation } from '../config/index.js';
import { ImportRejected } from '../import/import-participants.js';
import { YearChangeRefused } from '../import/year-changes.js';
import { CannotListenError } from '../server.js';
import { DemoRefused } from './commands/demo.js';
import { InputFileError } from './input-file.js';
import {
  migrateCommand,
  storeAsTyped,
  StoreNotFoundError,
  StoreNotMigratedError,
  StoreUnusableError,
} from '../store/open-store.js';
import { isPostgresMisconfiguration } from '../store/store-errors.js';

/** `user "writer" at db.example.org:5432, database "tamborrada"`, and the password to hide. */
function postgresTarget(url: string): { target: string; password: string } {
  try {
    const { username, password, hostname, port, pathname } = new URL(url);
    const user = decodeURIComponent(username);
    const database = decodeURIComponent(pathname.replace(/^\//, ''));
    const target =
      `${user ? `user "${user}"` : 'the default user'} at ${hostname || 'localhost'}:${port || '5432'}, ` +
      `${database ? `database "${database}"` : 'the default database'}`;
    return { target, password: decodeURIComponent(password) };
  } catch {
    return { target: 'the configured database', password: '' };
  }
}

/**
 * An error's code and first line, with the operator's paths as typed (describeStoreError's
 * redactions are for the server); a PostgreSQL error names its target, never the password.
 */
function describeForOperator(error: unknown, store: StoreLocation | undefined): string {
  const firstLine = (error instanceof Error ? error.message : String(error))
    .split(/\r?\n/, 1)[0]!
    .replace(/\p{Cc}/gu, ' ')
    .trim();
  const code = (error as { code?: unknown } | null)?.code;
  let message = typeof code === 'string' && !firstLine.includes(code) ? `${code}: ${firstLine}` : firstLine;
  message = message.slice(0, 300) || 'unknown error';
  if (store?.engine !== 'postgres') return message;
  const { target, password } = postgresTarget(store.url);
  if (password) message = message.split(password).join('<password>');
  return `PostgreSQL, ${target}: ${message}`;
}

/** A store without one of its tables: said like a store not migrated (exit code 2). */
class StoreLacksTableError extends Error {}

/** Mistakes of the command line, the settings or the store's set-up: exit code 2. */
const USAGE_ERRORS = [
  StoreLacksTableError,
  ConfigError,
  StoreNotFoundError,
  StoreNotMigratedError,
  StoreUnusableError,
  InputFileError,
];

/** Errors whose message is written for the operator already. */
const SAID_FOR_THE_OPERATOR = [...USAGE_ERRORS, CannotListenError, DemoRefused, YearChangeRefused];

/** docs/operations.md: 2 when running it again as it is cannot work, 1 for other failures. */
function exitCodeOf(error: unknown): number {
  if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2;
  return USAGE_ERRORS.some((kind) => error instanceof kind) || isPostgresMisconfiguration(error) ? 2 : 1;
}

/** The table of ours that SQLite or PostgreSQL (42P01) says is missing, if that is the error. */
function missingTable(error: unknown): string | undefined {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof message !== 'string' || (code !== 'SQLITE_ERROR' && code !== '42P01')) return undefined;
  return (
    /^no such table: ([\w.]+)/.exec(message)?.[1] ?? /^relation "([^"]+)" does not exist/.exec(message)?.[1]
  );
}

/** One clear line (or the list of bad rows) and the exit code of its kind; never a stack trace. */
export function exitWithError(thrown: unknown, store: StoreLocation | undefined): never {
  const table = store && missingTable(thrown);
  const error =
    table === undefined
      ? thrown
      : new StoreLacksTableError(
          `store incomplete: ${storeAsTyped(store!)} has no table ${table}; run ${migrateCommand(store!)} to create it`,
        );
  let lines: readonly string[] = [];
  if (error instanceof ImportRejected) lines = error.lines;
  else if (error instanceof ConfigError)
    lines = error.problems.map((problem) => `tamborrada: error: ${problem}`);
  else if (SAID_FOR_THE_OPERATOR.some((kind) => error instanceof kind))
    lines = [`tamborrada: error: ${(error as Error).message}`];
  else if (!(error instanceof CommanderError))
    lines = [`tamborrada: error: ${describeForOperator(error, store)}`];
  for (const line of lines) console.error(line);
  process.exit(exitCodeOf(error));
}
