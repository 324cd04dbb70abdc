import { CommanderError } from 'commander';
import { ConfigError, type StoreLocation } from '../config/index.js';
import { ImportRejected } from '../import/import-participants.js';
import { YearChangeRefused } from '../import/year-changes.js';
import { CannotListenError } from '../server.js';
import { DemoRefused } from './commands/demo.js';
import { StoreNotFoundError } from '../store/open-store.js';
import { describeStoreError } from '../store/store-errors.js';

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
 * An error as the CLI says it. On the operator's own output, a PostgreSQL error names the
 * user, host, port and database it was for, and keeps what the server said about them
 * (`password authentication failed for user "writer"`, `connect ECONNREFUSED
 * 127.0.0.1:5433`); the password never shows. Other errors get the short description the
 * server logs too (no paths, no stack trace).
 */
export function describeForOperator(error: unknown, store: StoreLocation | undefined): string {
  if (store?.engine !== 'postgres') return describeStoreError(error);
  const firstLine = (
    (error instanceof Error ? error.message : String(error)).split(/\r?\n/, 1)[0] ?? ''
  ).trim();
  const code = (error as { code?: unknown } | null)?.code;
  let message = typeof code === 'string' && !firstLine.includes(code) ? `${code}: ${firstLine}` : firstLine;
  const password = passwordOf(store.url);
  if (password) message = message.split(password).join('<password>');
  return `PostgreSQL, ${describePostgresTarget(store.url)}: ${message.slice(0, 300) || 'unknown error'}`;
}

function passwordOf(url: string): string {
  try {
    return decodeURIComponent(new URL(url).password);
  } catch {
    return '';
  }
}

/** One clear line (or the list of bad rows) and a non-zero exit; never a stack trace. */
export function exitWithError(error: unknown, store: StoreLocation | undefined): never {
  if (error instanceof CommanderError) process.exit(error.exitCode === 0 ? 0 : 2);
  if (error instanceof ImportRejected) {
    console.error(error.message);
    process.exit(1);
  }
  // A setting or a store path the operator mistyped: exit code 2, like any usage error.
  const usage = error instanceof ConfigError || error instanceof StoreNotFoundError;
  const problems =
    error instanceof ConfigError
      ? error.problems
      : [
          error instanceof StoreNotFoundError ||
          error instanceof CannotListenError ||
          error instanceof DemoRefused ||
          error instanceof YearChangeRefused
            ? error.message
            : describeForOperator(error, store),
        ];
  for (const problem of problems) console.error(`tamborrada: error: ${problem}`);
  process.exit(usage ? 2 : 1);
}
