/** Settings shared by every command, from options and then the environment. */

/** Bad settings: one line per problem in `problems` (and in `message`). */
export class ConfigError extends Error {
  readonly problems: readonly string[];

  constructor(problems: string | readonly string[]) {
    const lines = typeof problems === 'string' ? [problems] : problems;
    super(lines.join('\n'));
    this.problems = lines;
  }
}

/** Runs every check and then throws once, listing each problem (not only the first). */
function allProblems() {
  const problems: string[] = [];
  return {
    check<T>(parse: () => T): T {
      try {
        return parse();
      } catch (error) {
        if (!(error instanceof ConfigError)) throw error;
        problems.push(...error.problems);
        return undefined as T;
      }
    },
    throwIfAny(): void {
      if (problems.length > 0) throw new ConfigError(problems);
    },
  };
}

export const DEFAULTS = {
  dbPath: './data/tamborrada.db',
  port: 3000,
  host: '0.0.0.0',
  logLevel: 'info',
  corsOrigin: '*',
  pollIntervalMs: 500,
} as const;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export function parsePort(raw: string, source: string): number {
  if (!/^[0-9]{1,5}$/.test(raw) || Number(raw) > 65535) {
    throw new ConfigError(`${source} must be a port number from 0 to 65535, got '${raw}'`);
  }
  return Number(raw);
}

export function parseLogLevel(raw: string, source: string): LogLevel {
  if (!(LOG_LEVELS as readonly string[]).includes(raw)) {
    throw new ConfigError(`${source} must be one of ${LOG_LEVELS.join(', ')}, got '${raw}'`);
  }
  return raw as LogLevel;
}

export function parsePositiveInteger(raw: string, source: string): number {
  if (!/^[0-9]+$/.test(raw) || Number(raw) < 1)
    throw new ConfigError(`${source} must be a positive integer, got '${raw}'`);
  return Number(raw);
}

export function parseHost(raw: string, source: string): string {
  if (raw.trim() === '' || /\s/.test(raw))
    throw new ConfigError(`${source} must be a host name or address, got '${raw}'`);
  return raw;
}

type Env = Readonly<Record<string, string | undefined>>;

/** The option if given, else the environment variable if set and not empty, else the default. */
export function pick(option: string | undefined, env: Env, variable: string): [string | undefined, string] {
  if (option !== undefined) return [option, `--${variable.toLowerCase().replace(/_/g, '-')}`];
  const value = env[variable];
  return [value === '' ? undefined : value, variable];
}

/** Where the data lives: a PostgreSQL URL when given, otherwise the SQLite file. */
export interface StoreLocation {
  dbPath: string;
  databaseUrl: string | undefined;
}

export function parseDatabaseUrl(raw: string, source: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${source} must be a postgres:// URL`);
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new ConfigError(`${source} must be a postgres:// URL, got a ${url.protocol}// URL`);
  }
  return raw;
}

export function resolveStoreLocation(
  options: { db?: string; databaseUrl?: string },
  env: Env,
): StoreLocation {
  const [dbPath] = pick(options.db, env, 'DB_PATH');
  const [databaseUrl, urlSource] = pick(options.databaseUrl, env, 'DATABASE_URL');
  return {
    dbPath: dbPath ?? DEFAULTS.dbPath,
    databaseUrl: databaseUrl === undefined ? undefined : parseDatabaseUrl(databaseUrl, urlSource),
  };
}

export interface ServeConfig extends StoreLocation {
  port: number;
  host: string;
  logLevel: LogLevel;
  corsOrigin: string;
  pollIntervalMs: number;
  /** Participant searches per client address and minute; 0: no limit (the default). */
  rateLimitParticipants: number;
  /** Server processes sharing the port (node:cluster); 1: no cluster (the default). */
  workers: number;
}

export function resolveServeConfig(
  options: {
    db?: string;
    databaseUrl?: string;
    port?: string;
    host?: string;
    logLevel?: string;
    rateLimitParticipants?: string;
    workers?: string;
  },
  env: Env,
): ServeConfig {
  const [port, portSource] = pick(options.port, env, 'PORT');
  const [host, hostSource] = pick(options.host, env, 'HOST');
  const [logLevel, logSource] = pick(options.logLevel, env, 'LOG_LEVEL');
  const [poll, pollSource] = pick(undefined, env, 'POLL_INTERVAL_MS');
  const [rate, rateSource] = pick(options.rateLimitParticipants, env, 'RATE_LIMIT_PARTICIPANTS');
  const [workers, workersSource] = pick(options.workers, env, 'WORKERS');
  const { check, throwIfAny } = allProblems();
  const config: ServeConfig = {
    ...check(() => resolveStoreLocation(options, env)),
    port: port === undefined ? DEFAULTS.port : check(() => parsePort(port, portSource)),
    host: host === undefined ? DEFAULTS.host : check(() => parseHost(host, hostSource)),
    logLevel: logLevel === undefined ? DEFAULTS.logLevel : check(() => parseLogLevel(logLevel, logSource)),
    corsOrigin: env.CORS_ORIGIN || DEFAULTS.corsOrigin,
    pollIntervalMs:
      poll === undefined ? DEFAULTS.pollIntervalMs : check(() => parsePositiveInteger(poll, pollSource)),
    rateLimitParticipants:
      rate === undefined || rate === '0' ? 0 : check(() => parsePositiveInteger(rate, rateSource)),
    workers: workers === undefined ? 1 : check(() => parsePositiveInteger(workers, workersSource)),
  };
  throwIfAny();
  return config;
}
