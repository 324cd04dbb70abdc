import type { ClientConfig, PoolConfig } from 'pg';
import type { PostgresSettings } from '../config/index.js';

/**
 * The `pg` configuration of the PostgreSQL store, from its settings (src/config). SSL is
 * not set here: `sslmode` (and `sslrootcert`, `sslcert`, `sslkey`) in the URL, or the
 * `PGSSLMODE` variable, are read by `pg` itself.
 */

/**
 * Extra time the client waits for an answer beyond the statement timeout, so that a
 * server that stopped answering (a dropped network path) is noticed too.
 */
const CLIENT_TIMEOUT_MARGIN_MS = 5_000;

/**
 * Settings for one connection. Parameters in the URL win over these (that is how `pg`
 * merges them), so an operator can still set e.g. `application_name` in the URL.
 */
export function clientConfig(url: string, settings: PostgresSettings, applicationName: string): ClientConfig {
  return {
    connectionString: url,
    application_name: applicationName,
    connectionTimeoutMillis: settings.connectTimeoutMs,
    keepAlive: true,
    ...(settings.statementTimeoutMs > 0
      ? {
          statement_timeout: settings.statementTimeoutMs,
          query_timeout: settings.statementTimeoutMs + CLIENT_TIMEOUT_MARGIN_MS,
        }
      : {}),
  };
}

export function poolConfig(url: string, settings: PostgresSettings, applicationName: string): PoolConfig {
  return { ...clientConfig(url, settings, applicationName), max: settings.poolMax };
}

/** `postgresql://host:port/database`: where the data is, without user or password. */
export function describeDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
    return `postgresql://${parsed.host || 'localhost'}/${database}`;
  } catch {
    return 'postgresql';
  }
}

/** `db.example.org:5432`: the server a URL connects to. */
export function serverAddress(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname || 'localhost'}:${parsed.port || '5432'}`;
  } catch {
    return 'the configured server';
  }
}
