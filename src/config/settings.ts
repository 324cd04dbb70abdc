import * as parse from './parsers.js';
import type { Parse } from './parsers.js';

/** Which commands read a setting. */
export type SettingScope = 'every command' | 'serve';

export interface Setting<T> {
  /** The environment variable: the setting's name in CONSTANT_CASE (`maxUrlLength`: `MAX_URL_LENGTH`). */
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

type Definition<T> = Omit<Setting<T>, 'scope' | 'variable'>;
const everyCommand = <T>(setting: Definition<T>) => ({ ...setting, scope: 'every command' as const });
const serve = <T>(setting: Definition<T>) => ({ ...setting, scope: 'serve' as const });

/**
 * Every setting of every command, in one place. The CLI's options, the README's
 * configuration table (`npm run docs:config`, checked by a test) and the checks at start
 * come from this list, and problems are reported in its order.
 */
export const SETTINGS = withVariables({
  dbPath: everyCommand({
    option: '--db <path>',
    fallback: './data/tamborrada.db',
    parse: parse.text,
    meaning: 'SQLite file, the embedded store (used unless a PostgreSQL URL is given)',
  }),
  databaseUrl: everyCommand<string | undefined>({
    option: '--database-url <url>',
    fallback: undefined,
    parse: parse.databaseUrl,
    meaning: 'PostgreSQL instead of SQLite (see docs/postgresql.md)',
  }),
  pgPoolMax: everyCommand({
    fallback: 5,
    parse: parse.positiveInteger,
    meaning:
      "most PostgreSQL connections a process opens for queries (LISTEN and the read model's builds use 1–2 more)",
  }),
  pgStatementTimeoutMs: everyCommand({
    fallback: 60_000,
    parse: parse.nonNegativeInteger,
    meaning: 'server-side limit on one PostgreSQL statement, 0 for none',
  }),
  pgConnectTimeoutMs: everyCommand({
    fallback: 5_000,
    parse: parse.positiveInteger,
    meaning: 'limit on opening a PostgreSQL connection',
  }),
  progressEveryMs: everyCommand({
    fallback: 3000,
    parse: parse.positiveInteger,
    meaning: 'how often `import`, `demo` and `recompute` print a progress line when stderr is not a terminal',
  }),
  port: serve({
    option: '--port <n>',
    fallback: 3000,
    parse: parse.port,
    meaning: 'port to listen on (0: any free port)',
  }),
  host: serve({
    option: '--host <address>',
    fallback: '0.0.0.0',
    parse: parse.host,
    meaning: 'address to listen on',
  }),
  logLevel: serve<parse.LogLevel>({
    option: '--log-level <level>',
    fallback: 'info',
    parse: parse.logLevel,
    meaning: parse.LOG_LEVELS.join(', '),
  }),
  corsOrigin: serve({
    fallback: '*',
    parse: parse.corsOrigin,
    meaning: 'value of `Access-Control-Allow-Origin` on every answer: `*`, `null` or one origin',
  }),
  pollIntervalMs: serve({
    fallback: 500,
    parse: parse.positiveInteger,
    meaning: 'how often the server checks the store for changes',
  }),
  rateLimitParticipants: serve({
    option: '--rate-limit-participants <n>',
    fallback: 30,
    parse: parse.nonNegativeInteger,
    meaning:
      'participant searches (API and web form together) per client address and minute, all of them at once if the client likes, then 429 until the minute is over; 0: no limit',
  }),
  trustProxyHops: serve({
    option: '--trust-proxy-hops <n>',
    fallback: 0,
    fallbackText: "0 (the connection's address)",
    parse: parse.nonNegativeInteger,
    meaning:
      'reverse proxies in front of the server whose `X-Forwarded-For` entries are trusted for the client address (docs/security.md)',
  }),
  metricsHost: serve({
    fallback: '127.0.0.1',
    parse: parse.host,
    meaning: 'address of the Prometheus metrics listener (`/metrics`), apart from the API',
  }),
  metricsPort: serve<number | 'off'>({
    fallback: 9464,
    parse: parse.portOrOff,
    meaning: 'port of the metrics listener; `off`: no metrics',
  }),
  webPages: serve({
    fallback: true,
    fallbackText: '`on`',
    parse: parse.onOff,
    meaning: 'the public web pages (`/`, `/estadisticas/…`, `/buscar`); `off` for a server of the API alone',
  }),
  publicUrl: serve({
    fallback: 'http://localhost:3000',
    parse: parse.publicUrl,
    meaning:
      'the origin visitors reach the pages at (`https://host`): canonical links, preview cards, sitemap; set it in production',
  }),
  maxUrlLength: serve({
    fallback: 8 * 1024,
    parse: parse.positiveInteger,
    meaning: 'longest request target (path and query) in bytes; longer ones get 414',
  }),
  maxHeaderSize: serve({
    fallback: 16 * 1024,
    parse: parse.positiveInteger,
    meaning: 'request line and headers together in bytes; larger ones get 431',
  }),
  headersTimeoutMs: serve({
    fallback: 10_000,
    parse: parse.positiveInteger,
    meaning: 'time a client has to send the request line and headers',
  }),
  requestTimeoutMs: serve({
    fallback: 30_000,
    parse: parse.positiveInteger,
    meaning: 'time a client has to send the whole request',
  }),
  keepAliveTimeoutMs: serve({
    fallback: 5_000,
    parse: parse.positiveInteger,
    meaning: 'an idle kept-alive connection is closed after this long',
  }),
  socketTimeoutMs: serve({
    fallback: 60_000,
    parse: parse.positiveInteger,
    meaning:
      'a connection where nothing moves for this long is cut, and so is one whose client stops reading',
  }),
  maxRequestsPerSocket: serve({
    // Node answers an empty 503 to a client that keeps sending after the last allowed
    // request (autocannon does): off unless an operator wants connections recycled.
    fallback: 0,
    fallbackText: '0 (no limit)',
    parse: parse.nonNegativeInteger,
    meaning: 'requests served on one connection before it is closed',
  }),
  maxPipelinedRequests: serve({
    fallback: 32,
    parse: parse.positiveInteger,
    meaning: 'answers one connection may have waiting to be sent; past it the server stops reading from it',
  }),
  maxUnsentBytes: serve({
    fallback: 1024 * 1024,
    parse: parse.positiveInteger,
    meaning:
      'bytes of answers one connection may have waiting to be sent; past it the server stops reading from it',
  }),
  shutdownGraceMs: serve({
    fallback: 10_000,
    parse: parse.positiveInteger,
    meaning: 'on SIGTERM or SIGINT, how long answers in flight may take to finish',
  }),
});

function withVariables<S extends Record<string, { scope: SettingScope }>>(
  settings: S,
): { [N in keyof S]: S[N] & { variable: string } } {
  const variable = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter}`).toUpperCase();
  return Object.fromEntries(
    Object.entries(settings).map(([name, setting]) => [name, { ...setting, variable: variable(name) }]),
  ) as { [N in keyof S]: S[N] & { variable: string } };
}

export type SettingName = keyof typeof SETTINGS;
export type SettingValue<N extends SettingName> = (typeof SETTINGS)[N] extends Setting<infer T> ? T : never;
export type SettingValues = { [N in SettingName]: SettingValue<N> };

/** The default as the docs and the help show it (empty: none). */
export function fallbackText(setting: Setting<unknown>): string {
  return setting.fallbackText ?? (setting.fallback === undefined ? '' : String(setting.fallback));
}
