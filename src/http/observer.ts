import type { Logger } from 'pino';
import { isCategoryId } from '../domain/categories.js';
import { isYearFormat } from '../domain/validation.js';
import { parseQuery } from './query.js';

/** One answer, as the dispatcher reports it. */
export interface AnsweredRequest {
  method: string;
  /** The route's path, or null when no route matched (404, refused requests). */
  route: string | null;
  /** The value of the route's path parameter, decoded, when it has one. */
  pathValue?: string | undefined;
  /** The query string (after `?`, without a fragment); only known values of it are logged. */
  query: string;
  status: number;
  responseTimeMs: number;
}

/** What sees every answer: one log line and the request metrics. */
export interface Observer {
  answered(request: AnsweredRequest): void;
  /** An answer that failed (a bug, or a broken socket): logged, never swallowed, never with its text. */
  failed(request: AnsweredRequest, error: unknown, message: string): void;
}

/** Counts an answer in the metrics. */
export type RecordRequest = (route: string, method: string, status: number, seconds: number) => void;

/** The values a logged URL may show: a year and a category. Nothing else a visitor writes is logged. */
const KNOWN_VALUES: ReadonlyMap<string, (value: string) => boolean> = new Map([
  ['year', isYearFormat],
  ['category', isCategoryId],
]);

const isKnown = (name: string, value: string) => KNOWN_VALUES.get(name)?.(value) ?? false;

/** A request's URL as logged: the route's template with only known values filled in, `[redacted]` for the rest. */
export function loggedUrl(
  template: string | null,
  pathValue: string | undefined,
  query: Readonly<Partial<Record<string, string>>>,
): string {
  if (template === null) return '[unknown path]';
  const path = template.replace(/\/:(\w+)$/, (parameter, name: string) =>
    pathValue !== undefined && isKnown(name, pathValue) ? `/${pathValue}` : parameter,
  );
  const kept = Object.entries(query)
    .filter(([name, value]) => isKnown(name, value!))
    .map(([name, value]) => `${name}=${value}`);
  if (kept.length < Object.keys(query).length) kept.push('[redacted]');
  return kept.length === 0 ? path : `${path}?${kept.join('&')}`;
}

/** One `request` line per answer at `info` or below, and the metrics (route `unmatched`: a bounded label set). */
export function createObserver(logger: Logger | false, recordRequest: RecordRequest): Observer {
  let lastId = 0;
  const logsRequests = logger !== false && ['info', 'debug', 'trace'].includes(logger.level);
  const nextId = () => `req-${(++lastId).toString(36)}`;
  const urlOf = ({ route, pathValue, query }: AnsweredRequest) =>
    loggedUrl(route, pathValue, parseQuery(query));
  return {
    answered(request) {
      const { method, route, status, responseTimeMs } = request;
      recordRequest(route ?? 'unmatched', method, status, responseTimeMs / 1000);
      if (!logsRequests) return;
      const responseTime = Math.round(responseTimeMs * 1000) / 1000;
      logger.info({ reqId: nextId(), method, route, url: urlOf(request), status, responseTime }, 'request');
    },
    failed(request, error, message) {
      if (logger === false) return;
      const cause = (error instanceof Error ? error : new Error(String(error))) as NodeJS.ErrnoException;
      const { method, route } = request;
      const err = { type: cause.name, code: cause.code, message: cause.message };
      logger.error({ reqId: nextId(), method, route, url: urlOf(request), err }, message);
    },
  };
}
