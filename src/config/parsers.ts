import { ConfigError } from './config-error.js';

/**
 * Readers of one setting's text. Each throws a ConfigError whose one line names the
 * setting as the operator wrote it (`--port`, `PORT`) and the value it got.
 */
export type Parse<T> = (raw: string, source: string) => T;

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const text: Parse<string> = (raw) => raw;

export const port: Parse<number> = (raw, source) => {
  if (!/^[0-9]{1,5}$/.test(raw) || Number(raw) > 65535)
    throw new ConfigError(`${source} must be a port number from 0 to 65535, got '${raw}'`);
  return Number(raw);
};

export const host: Parse<string> = (raw, source) => {
  if (raw.trim() === '' || /\s/.test(raw))
    throw new ConfigError(`${source} must be a host name or address, got '${raw}'`);
  return raw;
};

export const logLevel: Parse<LogLevel> = (raw, source) => {
  if (!(LOG_LEVELS as readonly string[]).includes(raw))
    throw new ConfigError(`${source} must be one of ${LOG_LEVELS.join(', ')}, got '${raw}'`);
  return raw as LogLevel;
};

/** 1 or more. */
export const positiveInteger: Parse<number> = (raw, source) => {
  if (!/^[0-9]+$/.test(raw) || Number(raw) < 1 || !Number.isSafeInteger(Number(raw)))
    throw new ConfigError(`${source} must be a positive integer, got '${raw}'`);
  return Number(raw);
};

/** 0 or more (0 usually meaning "no limit"). */
export const nonNegativeInteger: Parse<number> = (raw, source) => {
  if (!/^[0-9]+$/.test(raw) || !Number.isSafeInteger(Number(raw)))
    throw new ConfigError(`${source} must be an integer of at least 0, got '${raw}'`);
  return Number(raw);
};

export const databaseUrl: Parse<string> = (raw, source) => {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${source} must be a postgres:// URL`);
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:')
    throw new ConfigError(`${source} must be a postgres:// URL, got a ${url.protocol}// URL`);
  return raw;
};

/** A printable rendering of an operator's value for an error line (control characters escaped). */
function shown(raw: string): string {
  return JSON.stringify(raw).slice(1, -1);
}

/**
 * The value of `Access-Control-Allow-Origin`: `*`, `null`, or one origin
 * (`scheme://host[:port]`, ASCII: a browser compares it byte for byte, and a header
 * cannot carry anything else). Checked at start, because a bad value would otherwise
 * break every answer.
 */
export const corsOrigin: Parse<string> = (raw, source) => {
  if (raw === '*' || raw === 'null') return raw;
  const problem = `${source} must be *, null or an origin such as https://example.org, got '${shown(raw)}'`;
  if (!/^[\x21-\x7e]+$/.test(raw)) throw new ConfigError(problem);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(problem);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== raw)
    throw new ConfigError(problem);
  return raw;
};

/** A port, or `off`. */
export const portOrOff: Parse<number | 'off'> = (raw, source) => {
  if (raw === 'off') return 'off';
  try {
    return port(raw, source);
  } catch {
    throw new ConfigError(`${source} must be a port number from 0 to 65535 or 'off', got '${raw}'`);
  }
};

/** A switch: `on` or `off`. */
export const onOff: Parse<boolean> = (raw, source) => {
  if (raw === 'on') return true;
  if (raw === 'off') return false;
  throw new ConfigError(`${source} must be 'on' or 'off', got '${shown(raw)}'`);
};

/**
 * The public address of the site: `http` or `https`, a host, maybe a port, no path,
 * query or credentials (the pages live at the root). A trailing `/` is dropped.
 */
export const publicUrl: Parse<string> = (raw, source) => {
  const problem = `${source} must be an http(s) origin such as https://tamborrada.example.org, got '${shown(raw)}'`;
  if (!/^[\x21-\x7e]+$/.test(raw)) throw new ConfigError(problem);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(problem);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== raw.replace(/\/$/, ''))
    throw new ConfigError(problem);
  return url.origin;
};
