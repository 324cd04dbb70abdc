import { isIP } from 'node:net';
import proxyAddr from 'proxy-addr';

/** Bad settings: one line per problem in `problems` (and in `message`). */
export class ConfigError extends Error {
  readonly problems: readonly string[];

  constructor(problems: string | readonly string[]) {
    const lines = typeof problems === 'string' ? [problems] : problems;
    super(lines.join('\n'));
    this.problems = lines;
  }
}

/** A setting's reader: its ConfigError names the setting as written (`--port`, `PORT`). */
export type Parse<T> = (raw: string, source: string) => T;

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const text: Parse<string> = (raw) => raw;

function integer(min: number, max: number, what: string): Parse<number> {
  return (raw, source) => {
    const value = Number(raw);
    if (/^[0-9]+$/.test(raw) && value >= min && value <= max) return value;
    throw new ConfigError(`${source} must be ${what}, got '${raw}'`);
  };
}

export const port = integer(0, 65535, 'a port number from 0 to 65535');
export const ipv6Prefix = integer(1, 128, 'a prefix length from 1 to 128');
export const positiveInteger = integer(1, Number.MAX_SAFE_INTEGER, 'a positive integer');
export const nonNegativeInteger = integer(0, Number.MAX_SAFE_INTEGER, 'an integer of at least 0');
const portNotOff = integer(0, 65535, "a port number from 0 to 65535 or 'off'");
export const portOrOff: Parse<number | 'off'> = (raw, source) =>
  raw === 'off' ? 'off' : portNotOff(raw, source);

export const host: Parse<string> = (raw, source) => {
  if (!/^\S+$/.test(raw)) throw new ConfigError(`${source} must be a host name or address, got '${raw}'`);
  return raw;
};

export const logLevel: Parse<LogLevel> = (raw, source) => {
  if (!(LOG_LEVELS as readonly string[]).includes(raw))
    throw new ConfigError(`${source} must be one of ${LOG_LEVELS.join(', ')}, got '${raw}'`);
  return raw as LogLevel;
};

export const databaseUrl: Parse<string> = (raw, source) => {
  if (!URL.canParse(raw)) throw new ConfigError(`${source} must be a postgres:// URL`);
  const { protocol } = new URL(raw);
  if (protocol !== 'postgres:' && protocol !== 'postgresql:')
    throw new ConfigError(`${source} must be a postgres:// URL, got a ${protocol}// URL`);
  return raw;
};

/** An operator's value for an error line, control characters escaped. */
function shown(raw: string): string {
  return JSON.stringify(raw).slice(1, -1);
}

/** An http(s) URL in printable ASCII (what a header can carry), or undefined. */
function httpUrl(raw: string): URL | undefined {
  const url = /^[\x21-\x7e]+$/.test(raw) ? URL.parse(raw) : null;
  return url?.protocol === 'http:' || url?.protocol === 'https:' ? url : undefined;
}

/** Checked at start: a bad `Access-Control-Allow-Origin` breaks every answer. */
export const corsOrigin: Parse<string> = (raw, source) => {
  if (raw === '*' || raw === 'null' || httpUrl(raw)?.origin === raw) return raw;
  throw new ConfigError(
    `${source} must be *, null or an origin such as https://example.org, got '${shown(raw)}'`,
  );
};

export const onOff: Parse<boolean> = (raw, source) => {
  if (raw === 'on' || raw === 'off') return raw === 'on';
  throw new ConfigError(`${source} must be 'on' or 'off', got '${shown(raw)}'`);
};

/** An origin (the pages live at the root); a trailing `/` is dropped. */
export const publicUrl: Parse<string> = (raw, source) => {
  const url = httpUrl(raw);
  if (url !== undefined && url.origin === raw.replace(/\/$/, '')) return url.origin;
  throw new ConfigError(
    `${source} must be an http(s) origin such as https://tamborrada.example.org, got '${shown(raw)}'`,
  );
};

export const contact: Parse<string> = (raw, source) => {
  if (/^[\w.!#$%&'*+/=?^`{|}~-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+$/i.test(raw) || httpUrl(raw) !== undefined)
    return raw;
  throw new ConfigError(
    `${source} must be an e-mail address or an http(s) address such as https://example.org/privacidad, got '${shown(raw)}'`,
  );
};

/** A code of DIR3, Spain's directory of public bodies: a capital letter, then eight capitals or digits. */
export const dir3: Parse<string> = (raw, source) => {
  if (/^[A-Z][A-Z0-9]{8}$/.test(raw)) return raw;
  throw new ConfigError(
    `${source} must be a DIR3 code: a capital letter, then eight capitals or digits, got '${shown(raw)}'`,
  );
};

const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'] as const;

/** Addresses, ranges or `proxy-addr`'s names, separated by commas or spaces. */
export const trustedProxies: Parse<readonly string[]> = (raw, source) => {
  const entries = raw.split(/[\s,]+/).filter((entry) => entry !== '');
  for (const entry of entries) {
    // `proxy-addr` reads `1` as 0.0.0.1: a count of proxies, from the retired TRUST_PROXY_HOPS, is refused.
    const address = entry.split('/', 1)[0]!;
    const named = (PROXY_RANGE_NAMES as readonly string[]).includes(entry);
    try {
      if (!named && isIP(address) === 0) throw new Error('not an address as written');
      proxyAddr.compile(entry);
    } catch {
      throw new ConfigError(
        `${source} must list addresses or ranges of proxies (10.0.0.7, 10.0.0.0/8, fd00::/8) or ${PROXY_RANGE_NAMES.join(', ')}, got '${shown(entry)}'`,
      );
    }
  }
  if (entries.length === 0)
    throw new ConfigError(`${source} must name at least one proxy, got '${shown(raw)}'`);
  return entries;
};
