import * as parse from './parsers.js';
import type { Parse } from './parsers.js';

/** Which commands read a setting. */
export type SettingScope = 'every command' | 'serve';

export interface Setting<T> {
  /** The environment variable. */
  variable: string;
  /** The command-line option (`--port <n>`), when there is one; it wins over the variable. */
  option?: string;
  scope: SettingScope;
  /** The value when neither the option nor the variable is given (`undefined`: none). */
  fallback: T;
  /** How the default reads in the docs, when the value alone does not say it. */
  fallbackText?: string;
  parse: Parse<T>;
  /** One line for the README's table and the CLI's help. */
  meaning: string;
}

function setting<T>(definition: Setting<T>): Setting<T> {
  return definition;
}

/**
 * Every setting of every command, in one place: its variable, its option, its default,
 * how it is read and what it means. The CLI's options, the README's configuration table
 * (`npm run docs:config`, checked by a test) and the checks at start come from this list.
 */
export const SETTINGS = {
  dbPath: setting({
    variable: 'DB_PATH',
    option: '--db <path>',
    scope: 'every command',
    fallback: './data/tamborrada.db',
    parse: parse.text,
    meaning: 'SQLite file, the embedded store (used unless a PostgreSQL URL is given)',
  }),
  databaseUrl: setting<string | undefined>({
    variable: 'DATABASE_URL',
    option: '--database-url <url>',
    scope: 'every command',
    fallback: undefined,
    parse: parse.databaseUrl,
    meaning: 'PostgreSQL instead of SQLite (see docs/postgresql.md)',
  }),
  pgPoolMax: setting({
    variable: 'PG_POOL_MAX',
    scope: 'every command',
    fallback: 5,
    parse: parse.positiveInteger,
    meaning:
      "most PostgreSQL connections a process opens for queries (LISTEN and the read model's builds use 1–2 more)",
  }),
  pgStatementTimeoutMs: setting({
    variable: 'PG_STATEMENT_TIMEOUT_MS',
    scope: 'every command',
    fallback: 60_000,
    parse: parse.nonNegativeInteger,
    meaning: 'server-side limit on one PostgreSQL statement, 0 for none',
  }),
  pgConnectTimeoutMs: setting({
    variable: 'PG_CONNECT_TIMEOUT_MS',
    scope: 'every command',
    fallback: 5_000,
    parse: parse.positiveInteger,
    meaning: 'limit on opening a PostgreSQL connection',
  }),
  progressEveryMs: setting({
    variable: 'PROGRESS_EVERY_MS',
    scope: 'every command',
    fallback: 3000,
    parse: parse.positiveInteger,
    meaning: 'how often `import`, `demo` and `recompute` print a progress line when stderr is not a terminal',
  }),
  port: setting({
    variable: 'PORT',
    option: '--port <n>',
    scope: 'serve',
    fallback: 3000,
    parse: parse.port,
    meaning: 'port to listen on (0: any free port)',
  }),
  host: setting({
    variable: 'HOST',
    option: '--host <address>',
    scope: 'serve',
    fallback: '0.0.0.0',
    parse: parse.host,
    meaning: 'address to listen on',
  }),
  logLevel: setting<parse.LogLevel>({
    variable: 'LOG_LEVEL',
    option: '--log-level <level>',
    scope: 'serve',
    fallback: 'info',
    parse: parse.logLevel,
    meaning: `${parse.LOG_LEVELS.join(', ')}`,
  }),
  corsOrigin: setting({
    variable: 'CORS_ORIGIN',
    scope: 'serve',
    fallback: '*',
    parse: parse.corsOrigin,
    meaning: 'value of `Access-Control-Allow-Origin` on every answer: `*`, `null` or one origin',
  }),
  pollIntervalMs: setting({
    variable: 'POLL_INTERVAL_MS',
    scope: 'serve',
    fallback: 500,
    parse: parse.positiveInteger,
    meaning: 'how often the server checks the store for changes',
  }),
  rateLimitParticipants: setting({
    variable: 'RATE_LIMIT_PARTICIPANTS',
    option: '--rate-limit-participants <n>',
    scope: 'serve',
    fallback: 30,
    parse: parse.nonNegativeInteger,
    meaning:
      'participant searches (API and web form together) per client address and minute, all of them at once if the client likes, then 429 until the minute is over; 0: no limit',
  }),
  trustProxyHops: setting({
    variable: 'TRUST_PROXY_HOPS',
    option: '--trust-proxy-hops <n>',
    scope: 'serve',
    fallback: 0,
    fallbackText: "0 (the connection's address)",
    parse: parse.nonNegativeInteger,
    meaning:
      'reverse proxies in front of the server whose `X-Forwarded-For` entries are trusted for the client address (docs/security.md)',
  }),
  metricsHost: setting({
    variable: 'METRICS_HOST',
    scope: 'serve',
    fallback: '127.0.0.1',
    parse: parse.host,
    meaning: 'address of the Prometheus metrics listener (`/metrics`), apart from the API',
  }),
  metricsPort: setting<number | 'off'>({
    variable: 'METRICS_PORT',
    scope: 'serve',
    fallback: 9464,
    parse: parse.portOrOff,
    meaning: 'port of the metrics listener; `off`: no metrics',
  }),
  webPages: setting({
    variable: 'WEB_PAGES',
    scope: 'serve',
    fallback: true,
    fallbackText: '`on`',
    parse: parse.onOff,
    meaning: 'the public web pages (`/`, `/estadisticas/…`, `/buscar`); `off` for a server of the API alone',
  }),
  publicUrl: setting({
    variable: 'PUBLIC_URL',
    scope: 'serve',
    fallback: 'http://localhost:3000',
    parse: parse.publicUrl,
    meaning:
      'the origin visitors reach the pages at (`https://host`): canonical links, preview cards, sitemap; set it in production',
  }),
  maxUrlLength: setting({
    variable: 'MAX_URL_LENGTH',
    scope: 'serve',
    fallback: 8 * 1024,
    parse: parse.positiveInteger,
    meaning: 'longest request target (path and query) in bytes; longer ones get 414',
  }),
  maxHeaderSize: setting({
    variable: 'MAX_HEADER_SIZE',
    scope: 'serve',
    fallback: 16 * 1024,
    parse: parse.positiveInteger,
    meaning: 'request line and headers together in bytes; larger ones get 431',
  }),
  headersTimeoutMs: setting({
    variable: 'HEADERS_TIMEOUT_MS',
    scope: 'serve',
    fallback: 10_000,
    parse: parse.positiveInteger,
    meaning: 'time a client has to send the request line and headers',
  }),
  requestTimeoutMs: setting({
    variable: 'REQUEST_TIMEOUT_MS',
    scope: 'serve',
    fallback: 30_000,
    parse: parse.positiveInteger,
    meaning: 'time a client has to send the whole request',
  }),
  keepAliveTimeoutMs: setting({
    variable: 'KEEP_ALIVE_TIMEOUT_MS',
    scope: 'serve',
    fallback: 5_000,
    parse: parse.positiveInteger,
    meaning: 'an idle kept-alive connection is closed after this long',
  }),
  socketTimeoutMs: setting({
    variable: 'SOCKET_TIMEOUT_MS',
    scope: 'serve',
    fallback: 60_000,
    parse: parse.positiveInteger,
    meaning:
      'a connection where nothing moves for this long is cut, and so is one whose client stops reading',
  }),
  maxRequestsPerSocket: setting({
    variable: 'MAX_REQUESTS_PER_SOCKET',
    scope: 'serve',
    // Node answers an empty 503 to a client that keeps sending after the last allowed
    // request (autocannon does): off unless an operator wants connections recycled.
    fallback: 0,
    fallbackText: '0 (no limit)',
    parse: parse.nonNegativeInteger,
    meaning: 'requests served on one connection before it is closed',
  }),
  maxPipelinedRequests: setting({
    variable: 'MAX_PIPELINED_REQUESTS',
    scope: 'serve',
    fallback: 32,
    parse: parse.positiveInteger,
    meaning: 'answers one connection may have waiting to be sent; past it the server stops reading from it',
  }),
  maxUnsentBytes: setting({
    variable: 'MAX_UNSENT_BYTES',
    scope: 'serve',
    fallback: 1024 * 1024,
    parse: parse.positiveInteger,
    meaning:
      'bytes of answers one connection may have waiting to be sent; past it the server stops reading from it',
  }),
  shutdownGraceMs: setting({
    variable: 'SHUTDOWN_GRACE_MS',
    scope: 'serve',
    fallback: 10_000,
    parse: parse.positiveInteger,
    meaning: 'on SIGTERM or SIGINT, how long answers in flight may take to finish',
  }),
} as const;

export type SettingName = keyof typeof SETTINGS;
export type SettingValue<N extends SettingName> = (typeof SETTINGS)[N] extends Setting<infer T> ? T : never;
