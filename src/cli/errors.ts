import { ConfigError, type StoreLocation } from '../config/index.js';
import { ImportRejected } from '../import/import-participants.js';
import { YearChangeRefused } from '../import/year-changes.js';
import { CannotListenError } from '../listen.js';
import { DemoRefused } from './commands/demo.js';
import { InputFileError } from './input-file.js';
import {
  migrateCommand,
  storeAsTyped,
  StoreNotFoundError,
  StoreNotMigratedError,
  sqliteStoreError,
  StoreUnusableError,
} from '../store/open-store.js';
import { describeStoreError, isPostgresMisconfiguration } from '../store/store-errors.js';

/**
 * PostgreSQL's reason, redacted as the server's `details` are, but naming the role when
 * PostgreSQL refused it: the operator's terminal is where that is fixed. Never the password.
 */
async function describePostgresError(error: unknown, url: string): Promise<string> {
  // Loaded here: pg is not needed to report the errors of a SQLite store or of the settings.
  const role = (await import('../store/postgres-store.js')).connectingRole(url);
  let message = describeStoreError(error, { connectedAs: role });
  if (role !== undefined && isPostgresMisconfiguration(error) && !message.includes(`"${role}"`))
    message += ` (connected as role "${role}")`;
  const password = decodeURIComponent(URL.parse(url)?.password ?? '');
  return `PostgreSQL: ${password === '' ? message : message.replaceAll(password, '<password>')}`;
}

/** An error's code and first line, with the operator's paths as typed. */
async function describeForOperator(error: unknown, store: StoreLocation | undefined): Promise<string> {
  if (store?.engine === 'postgres') return await describePostgresError(error, store.url);
  const firstLine = (error instanceof Error ? error.message : String(error))
    .split(/\r?\n/, 1)[0]!
    .replace(/\p{Cc}/gu, ' ')
    .trim();
  const code = (error as { code?: unknown } | null)?.code;
  const message = typeof code === 'string' && !firstLine.includes(code) ? `${code}: ${firstLine}` : firstLine;
  return message.slice(0, 300) || 'unknown error';
}

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
  return USAGE_ERRORS.some((kind) => error instanceof kind) || isPostgresMisconfiguration(error) ? 2 : 1;
}

/** The table SQLite or PostgreSQL (42P01) says is missing, if that is the error. */
function missingTable(error: unknown): string | undefined {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof message !== 'string' || (code !== 'SQLITE_ERROR' && code !== '42P01')) return undefined;
  return (
    /^no such table: ([\w.]+)/.exec(message)?.[1] ?? /^relation "([^"]+)" does not exist/.exec(message)?.[1]
  );
}

/** The error in the operator's words: a missing table, or SQLite refusing the file. */
function inWords(thrown: unknown, store: StoreLocation | undefined): unknown {
  const table = store && missingTable(thrown);
  if (table !== undefined)
    return new StoreLacksTableError(
      `store incomplete: ${storeAsTyped(store!)} has no table ${table}; run ${migrateCommand(store!)} to create it`,
    );
  return store?.engine === 'sqlite' ? sqliteStoreError(store.path, thrown) : thrown;
}

/** What the operator reads of an error: the bad rows, the bad settings, or one line. */
async function linesFor(error: unknown, store: StoreLocation | undefined): Promise<readonly string[]> {
  if (error instanceof ImportRejected) return error.lines;
  if (error instanceof ConfigError) return error.problems.map((problem) => `tamborrada: error: ${problem}`);
  const said = SAID_FOR_THE_OPERATOR.some((kind) => error instanceof kind);
  return [`tamborrada: error: ${said ? (error as Error).message : await describeForOperator(error, store)}`];
}

/** One clear line (or the list of bad rows) and the exit code of its kind; never a stack trace. */
export async function exitWithError(thrown: unknown, store: StoreLocation | undefined): Promise<never> {
  const error = inWords(thrown, store);
  for (const line of await linesFor(error, store)) console.error(line);
  process.exit(exitCodeOf(error));
}
