import { DEFAULT_MIN_PUBLISHED_COUNT } from '../domain/statistics/tally.js';
import * as parse from './parsers.js';
import type { Parse } from './parsers.js';

/** The metrics listener's port by default: the API's plus this (3000 → 9464, Prometheus's usual range). */
export const METRICS_PORT_OFFSET = 6464;

/** Which commands read a setting. */
export type SettingScope = 'every command' | 'import' | 'serve' | 'import, demo, recompute';

/** `option` (`--port <n>`) wins over `variable`; `fallbackText`: the docs' default when the value does not say it. */
export interface Setting<T> {
  variable: string;
  option?: string;
  scope: SettingScope;
  fallback: T;
  fallbackText?: string;
  parse: Parse<T>;
  meaning: string;
}

const setting =
  <Scope extends SettingScope>(scope: Scope) =>
  <T>(parse: Parse<T>, fallback: T, more: Pick<Setting<T>, 'meaning' | 'option' | 'fallbackText'>) => ({
    scope,
    parse,
    fallback,
    ...more,
  });
const everyCommand = setting('every command');
const importCommand = setting('import');
const serve = setting('serve');
const computing = setting('import, demo, recompute');

/** What one client may cost the server: sizes and timeouts of the HTTP layer (docs/security.md). */
const SERVER_LIMITS = {
  maxUrlLength: serve(parse.positiveInteger, 8 * 1024, {
    meaning: 'longest request target (path and query) in bytes; longer ones get 414',
  }),
  maxHeaderSize: serve(parse.positiveInteger, 16 * 1024, {
    meaning: 'request line and headers together in bytes; larger ones get 431',
  }),
  headersTimeoutMs: serve(parse.positiveInteger, 10_000, {
    meaning: 'time a client has to send the request line and headers',
  }),
  requestTimeoutMs: serve(parse.positiveInteger, 30_000, {
    meaning: 'time a client has to send the whole request',
  }),
  keepAliveTimeoutMs: serve(parse.positiveInteger, 5_000, {
    meaning: 'an idle kept-alive connection is closed after this long',
  }),
  socketTimeoutMs: serve(parse.positiveInteger, 60_000, {
    meaning:
      'a connection where nothing moves for this long is cut, and so is one whose client stops reading',
  }),
  // Node answers an empty 503 to a client that keeps sending after the last allowed
  // request (autocannon does): off unless an operator wants connections recycled.
  maxRequestsPerSocket: serve(parse.nonNegativeInteger, 0, {
    meaning: 'requests served on one connection before it is closed',
    fallbackText: '0 (no limit)',
  }),
  maxPipelinedRequests: serve(parse.positiveInteger, 32, {
    meaning: 'answers one connection may have waiting to be sent; past it the server stops reading from it',
  }),
  maxUnsentBytes: serve(parse.positiveInteger, 1024 * 1024, {
    meaning:
      'bytes of answers one connection may have waiting to be sent; past it the server stops reading from it',
  }),
  shutdownGraceMs: serve(parse.positiveInteger, 10_000, {
    meaning: 'on SIGTERM or SIGINT, how long answers in flight may take to finish',
  }),
};
export const LIMIT_NAMES = Object.keys(SERVER_LIMITS) as (keyof typeof SERVER_LIMITS)[];

/** Every setting: the CLI's options, the README's table and the checks at start come from this list. */
export const SETTINGS = withVariables({
  dbPath: everyCommand(parse.text, './data/tamborrada.db', {
    meaning: 'SQLite file, the embedded store (used unless a PostgreSQL URL is given)',
    option: '--db <path>',
  }),
  databaseUrl: everyCommand<string | undefined>(parse.databaseUrl, undefined, {
    meaning: 'PostgreSQL instead of SQLite (see docs/postgresql.md)',
    option: '--database-url <url>',
  }),
  pgPoolMax: everyCommand(parse.positiveInteger, 5, {
    meaning:
      'most PostgreSQL connections a process opens for queries, and as many for the search budgets (LISTEN and builds use 1–2 more)',
  }),
  pgStatementTimeoutMs: everyCommand(parse.nonNegativeInteger, 60_000, {
    meaning: 'server-side limit on one PostgreSQL statement, 0 for none',
  }),
  pgConnectTimeoutMs: everyCommand(parse.positiveInteger, 5_000, {
    meaning: 'limit on opening a PostgreSQL connection',
  }),
  progressEveryMs: everyCommand(parse.positiveInteger, 3000, {
    meaning: 'how often `import`, `demo` and `recompute` print a progress line when stderr is not a terminal',
  }),
  minPublishedCount: computing<number | undefined>(parse.positiveInteger, undefined, {
    meaning:
      'small-count rule: no list names a name fewer children bear in its scope; kept with the statistics, shown by `status`; 1 lists every name (docs/security.md)',
    option: '--min-published-count <k>',
    fallbackText: `${DEFAULT_MIN_PUBLISHED_COUNT} (then the one in force)`,
  }),
  maxNameLength: importCommand(parse.positiveInteger, 100, {
    meaning: 'longest name a list may hold, in characters; a longer one refuses the list with its line',
  }),
  maxSchoolLength: importCommand(parse.positiveInteger, 150, {
    meaning:
      'longest school name a list may hold, in characters; a longer one refuses the list with its line',
  }),
  port: serve(parse.port, 3000, { meaning: 'port to listen on (0: any free port)', option: '--port <n>' }),
  host: serve(parse.host, '0.0.0.0', { meaning: 'address to listen on', option: '--host <address>' }),
  logLevel: serve(parse.logLevel, 'info', {
    meaning: parse.LOG_LEVELS.join(', '),
    option: '--log-level <level>',
  }),
  corsOrigin: serve(parse.corsOrigin, '*', {
    meaning:
      'value of `Access-Control-Allow-Origin` on every answer but the participant search: `*`, `null` or one origin',
  }),
  searchCorsOrigin: serve<string | undefined>(parse.corsOrigin, undefined, {
    meaning:
      "value of `Access-Control-Allow-Origin` on participant searches (the API's and the form's): `*`, `null` or one origin",
    fallbackText: 'none (no header)',
  }),
  pollIntervalMs: serve(parse.positiveInteger, 100, {
    meaning:
      'how often the server checks the store for changes and reads the updating flag (one tiny query; PostgreSQL also notifies)',
  }),
  searchFailClosedAfterMs: serve(parse.nonNegativeInteger, 300_000, {
    meaning:
      'once the store has not been read for this long, the participant search (API and web form) answers 500 until it is; the rest keeps the last good model',
    fallbackText: '300000 (5 minutes)',
  }),
  searchBudgets: serve(parse.onOff, true, {
    meaning:
      'budgets on the names participant searches show, per client and per school (docs/security.md); `off`: none',
    fallbackText: '`on`',
  }),
  searchClientShare: serve(parse.positiveInteger, 1, {
    meaning:
      "per cent of a school's children one client may discover a day through the API: names shown that it did not type whole (at least 2)",
  }),
  searchSchoolShare: serve(parse.positiveInteger, 4, {
    meaning:
      "per cent of a school's children revealed a day, every client together, to searches that discover or guess (at least 4 names)",
  }),
  searchClientMisses: serve(parse.positiveInteger, 20, {
    meaning:
      'searches finding nobody one client may make a day at one school, API and form together; a typo soon put right is forgiven',
  }),
  ipv6ClientPrefix: serve(parse.ipv6Prefix, 56, {
    meaning: 'IPv6 clients are counted by this prefix (a subscriber is usually given a /56 or a /48)',
  }),
  trustProxy: serve<readonly string[]>(parse.trustedProxies, [], {
    meaning:
      "reverse proxies whose `X-Forwarded-For` gives the client's address: addresses, ranges, `loopback`, `linklocal`, `uniquelocal` (docs/security.md)",
    option: '--trust-proxy <addresses>',
    fallbackText: "none (the connection's address)",
  }),
  metricsHost: serve(parse.host, '127.0.0.1', {
    meaning: 'address of the Prometheus metrics listener (`/metrics`), apart from the API',
  }),
  metricsPort: serve<number | 'off' | undefined>(parse.portOrOff, undefined, {
    meaning:
      'port of the metrics listener; `off`: no metrics. By default each `serve` on a machine has its own, from its `PORT`',
    fallbackText: `\`PORT\` + ${METRICS_PORT_OFFSET} (9464 for port 3000; any free port for port 0)`,
  }),
  webPages: serve(parse.onOff, true, {
    meaning: 'the public web pages (`/`, `/estadisticas/…`, `/buscar`); `off` for a server of the API alone',
    fallbackText: '`on`',
  }),
  publicUrl: serve(parse.publicUrl, 'http://localhost:3000', {
    meaning:
      'the origin visitors reach the pages at (`https://host`): canonical links, preview cards, sitemap; set it in production',
  }),
  privacyContact: serve<string | undefined>(parse.contact, undefined, {
    meaning:
      "where families ask for a child's removal, shown on `/acerca`: an e-mail address or a form's https:// address; set it in production",
  }),
  publisherDir3: serve<string | undefined>(parse.dir3, undefined, {
    meaning:
      "the publisher's DIR3 code (nine capitals or digits), which the open-data catalogue names as Spain's national portal asks (docs/operations.md)",
  }),
  ...SERVER_LIMITS,
});

/** Settings no longer read: given, they stop the command with one line saying what to set `instead`. */
export const RETIRED_SETTINGS: readonly (Pick<Setting<unknown>, 'variable' | 'option' | 'scope'> & {
  instead: string;
})[] = [
  {
    variable: 'TRUST_PROXY_HOPS',
    option: '--trust-proxy-hops <n>',
    scope: 'serve',
    instead:
      'a count of proxies lets a client that reaches the server directly forge its address: set TRUST_PROXY (--trust-proxy) to the addresses or ranges of the proxies instead, e.g. TRUST_PROXY=loopback or TRUST_PROXY=10.0.0.0/8 (docs/security.md)',
  },
  {
    variable: 'SEARCH_FORM_FAMILIES',
    scope: 'serve',
    instead:
      'the web form is bounded per school now, like the API: set SEARCH_CLIENT_MISSES, the searches finding nobody one client may make a day at one school (docs/security.md)',
  },
];

function withVariables<S extends Record<string, { scope: SettingScope }>>(settings: S) {
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
