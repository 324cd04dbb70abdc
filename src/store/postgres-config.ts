import type { ClientConfig, PoolConfig } from 'pg';
import { ConfigError } from '../cli/config.js';

/**
 * Connection settings of the PostgreSQL store, from the environment (documented in
 * docs/postgresql.md). SSL is not set here: `sslmode` (and `sslrootcert`, `sslcert`,
 * `sslkey`) in the URL, or the `PGSSLMODE` variable, are read by `pg` itself.
 */
export interface PostgresSettings {
  /** Most connections one process opens for queries (`PG_POOL_MAX`); LISTEN uses one more. */
  poolMax: number;
  /** Server-side limit on one statement, 0 for none (`PG_STATEMENT_TIMEOUT_MS`). */
  statementTimeoutMs: number;
  /** Limit on opening a connection (`PG_CONNECT_TIMEOUT_MS`). */
  connectTimeoutMs: number;
}

export const POSTGRES_DEFAULTS: Readonly<PostgresSettings> = Object.freeze({
  poolMax: 5,
  statementTimeoutMs: 60_000,
  connectTimeoutMs: 5_000,
});

/**
 * Extra time the client waits for an answer beyond the statement timeout, so that a
 * server that stopped answering (a dropped network path) is noticed too.
 */
const CLIENT_TIMEOUT_MARGIN_MS = 5_000;

type Env = Readonly<Record<string, string | undefined>>;

function integerSetting(env: Env, variable: string, fallback: number, minimum: number): number {
  const raw = env[variable];
  if (raw === undefined || raw === '') return fallback;
  if (!/^[0-9]+$/.test(raw) || Number(raw) < minimum || !Number.isSafeInteger(Number(raw))) {
    throw new ConfigError(`${variable} must be an integer of at least ${minimum}, got '${raw}'`);
  }
  return Number(raw);
}

export function resolvePostgresSettings(env: Env): PostgresSettings {
  return {
    poolMax: integerSetting(env, 'PG_POOL_MAX', POSTGRES_DEFAULTS.poolMax, 1),
    statementTimeoutMs: integerSetting(
      env,
      'PG_STATEMENT_TIMEOUT_MS',
      POSTGRES_DEFAULTS.statementTimeoutMs,
      0,
    ),
    connectTimeoutMs: integerSetting(env, 'PG_CONNECT_TIMEOUT_MS', POSTGRES_DEFAULTS.connectTimeoutMs, 1),
  };
}

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
