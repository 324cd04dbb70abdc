import { ConfigError, collectProblems } from './config-error.js';
import type { LogLevel } from './parsers.js';
import { SETTINGS, type SettingName, type SettingValue } from './settings.js';

export type Env = Readonly<Record<string, string | undefined>>;
/** A command's parsed options, as commander gives them (`--database-url` → `databaseUrl`). */
export type CommandOptions = Readonly<Record<string, unknown>>;

/** `--database-url <url>` → `databaseUrl`. */
export function optionKey(option: string): string {
  const long = option.split(' ', 1)[0]!.replace(/^--/, '');
  return long.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

/** `--database-url <url>` → `--database-url`. */
export function optionFlag(option: string): string {
  return option.split(' ', 1)[0]!;
}

/** The option if given, else the variable if set and not empty, else the setting's default. */
export function readSetting<N extends SettingName>(
  name: N,
  options: CommandOptions,
  env: Env,
): SettingValue<N> {
  const setting = SETTINGS[name];
  const option = 'option' in setting ? setting.option : undefined;
  const given = option === undefined ? undefined : options[optionKey(option)];
  if (typeof given === 'string') return setting.parse(given, optionFlag(option!)) as SettingValue<N>;
  const raw = env[setting.variable];
  if (raw !== undefined && raw !== '') return setting.parse(raw, setting.variable) as SettingValue<N>;
  return setting.fallback as SettingValue<N>;
}

/** Connection settings of the PostgreSQL store (docs/postgresql.md). */
export interface PostgresSettings {
  /** Most connections one process opens for queries; LISTEN uses one more. */
  poolMax: number;
  /** Server-side limit on one statement, 0 for none. */
  statementTimeoutMs: number;
  /** Limit on opening a connection. */
  connectTimeoutMs: number;
}

export const POSTGRES_DEFAULTS: Readonly<PostgresSettings> = Object.freeze({
  poolMax: SETTINGS.pgPoolMax.fallback,
  statementTimeoutMs: SETTINGS.pgStatementTimeoutMs.fallback,
  connectTimeoutMs: SETTINGS.pgConnectTimeoutMs.fallback,
});

/** Where the data lives: a SQLite file, or a PostgreSQL database with its connection settings. */
export type StoreLocation =
  { engine: 'sqlite'; path: string } | { engine: 'postgres'; url: string; settings: PostgresSettings };

export function sqliteLocation(path: string): StoreLocation {
  return { engine: 'sqlite', path };
}

export function postgresLocation(url: string, settings: PostgresSettings = POSTGRES_DEFAULTS): StoreLocation {
  return { engine: 'postgres', url, settings };
}

/** The store of a command: a PostgreSQL URL when given, otherwise the SQLite file. */
export function resolveStoreLocation(options: CommandOptions, env: Env): StoreLocation {
  const { check, throwIfAny } = collectProblems();
  const url = check(() => readSetting('databaseUrl', options, env));
  const path = check(() => readSetting('dbPath', options, env));
  const settings: PostgresSettings = {
    poolMax: check(() => readSetting('pgPoolMax', options, env)),
    statementTimeoutMs: check(() => readSetting('pgStatementTimeoutMs', options, env)),
    connectTimeoutMs: check(() => readSetting('pgConnectTimeoutMs', options, env)),
  };
  throwIfAny();
  return url === undefined ? sqliteLocation(path) : postgresLocation(url, settings);
}

/** What one client may cost the server: sizes and timeouts of the HTTP layer (docs/security.md). */
export interface ServerLimits {
  maxUrlLength: number;
  maxHeaderSize: number;
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  socketTimeoutMs: number;
  /** 0: no limit. */
  maxRequestsPerSocket: number;
  maxPipelinedRequests: number;
  maxUnsentBytes: number;
  shutdownGraceMs: number;
}

const LIMIT_NAMES = [
  'maxUrlLength',
  'maxHeaderSize',
  'headersTimeoutMs',
  'requestTimeoutMs',
  'keepAliveTimeoutMs',
  'socketTimeoutMs',
  'maxRequestsPerSocket',
  'maxPipelinedRequests',
  'maxUnsentBytes',
  'shutdownGraceMs',
] as const satisfies readonly (keyof ServerLimits & SettingName)[];

export const DEFAULT_SERVER_LIMITS: Readonly<ServerLimits> = Object.freeze(
  Object.fromEntries(LIMIT_NAMES.map((name) => [name, SETTINGS[name].fallback])) as unknown as ServerLimits,
);

/** The limits, from the environment; the defaults for what is not set. */
export function resolveServerLimits(env: Env): ServerLimits {
  const { check, throwIfAny } = collectProblems();
  const limits = Object.fromEntries(
    LIMIT_NAMES.map((name) => [name, check(() => readSetting(name, {}, env))]),
  ) as unknown as ServerLimits;
  throwIfAny();
  if (limits.headersTimeoutMs > limits.requestTimeoutMs) {
    throw new ConfigError(
      `HEADERS_TIMEOUT_MS (${limits.headersTimeoutMs}) must not be above REQUEST_TIMEOUT_MS (${limits.requestTimeoutMs})`,
    );
  }
  if (limits.maxUrlLength >= limits.maxHeaderSize) {
    throw new ConfigError(
      `MAX_URL_LENGTH (${limits.maxUrlLength}) must be below MAX_HEADER_SIZE (${limits.maxHeaderSize})`,
    );
  }
  return limits;
}

/** Where a listener binds. */
export interface ListenAddress {
  host: string;
  port: number;
}

/**
 * Everything the running server reads, in one object: `serve` resolves it once and it is
 * passed down whole (to the HTTP server, the dispatcher, the rate limit, the follower).
 */
export interface ServerSettings {
  listen: ListenAddress;
  corsOrigin: string;
  pollIntervalMs: number;
  /** Participant searches per client address and minute; 0: no limit. */
  rateLimitParticipants: number;
  /** Reverse proxies whose `X-Forwarded-For` entries are trusted; 0: the connection's address. */
  trustProxyHops: number;
  limits: ServerLimits;
  /** The separate listener of `/metrics`; undefined: no metrics. */
  metrics: ListenAddress | undefined;
  /** The public web pages; off for a server of the API alone. */
  webPages: boolean;
  /** The origin the pages are reached at (canonical links, cards, sitemap). */
  publicUrl: string;
}

/** The settings' defaults (what `serve` runs with when nothing is set). */
export const DEFAULT_SERVER_SETTINGS: Readonly<ServerSettings> = Object.freeze({
  listen: { host: SETTINGS.host.fallback, port: SETTINGS.port.fallback },
  corsOrigin: SETTINGS.corsOrigin.fallback,
  pollIntervalMs: SETTINGS.pollIntervalMs.fallback,
  rateLimitParticipants: SETTINGS.rateLimitParticipants.fallback,
  trustProxyHops: SETTINGS.trustProxyHops.fallback,
  limits: DEFAULT_SERVER_LIMITS,
  metrics: { host: SETTINGS.metricsHost.fallback, port: SETTINGS.metricsPort.fallback as number },
  webPages: SETTINGS.webPages.fallback,
  publicUrl: SETTINGS.publicUrl.fallback,
});

/** What `serve` reads: the server's settings, the store and the log level. */
export interface ServeConfig extends ServerSettings {
  store: StoreLocation;
  logLevel: LogLevel;
}

/** Everything `serve` reads, each problem reported (one line each) before anything starts. */
export function resolveServeConfig(options: CommandOptions, env: Env): ServeConfig {
  const { check, throwIfAny } = collectProblems();
  const read = <N extends SettingName>(name: N) => check(() => readSetting(name, options, env));
  // Read in the list's order, so that problems are reported in it.
  const store = check(() => resolveStoreLocation(options, env));
  const port = read('port');
  const host = read('host');
  const metricsPort = read('metricsPort');
  const config: ServeConfig = {
    store,
    listen: { host, port },
    logLevel: read('logLevel'),
    corsOrigin: read('corsOrigin'),
    pollIntervalMs: read('pollIntervalMs'),
    rateLimitParticipants: read('rateLimitParticipants'),
    trustProxyHops: read('trustProxyHops'),
    limits: check(() => resolveServerLimits(env)),
    metrics: metricsPort === 'off' ? undefined : { host: read('metricsHost'), port: metricsPort },
    webPages: read('webPages'),
    publicUrl: read('publicUrl'),
  };
  throwIfAny();
  return config;
}
