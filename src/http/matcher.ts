import type { IncomingMessage } from 'node:http';
import { PREPARED_ERRORS } from '../answer/answer.js';
import type { Params, Route } from './routes.js';

/** Any other request body is never read; one announced past this is refused outright. */
const BODY_LIMIT = 1024 * 1024;

const NO_PARAMS: Params = Object.freeze({});

/** A path as Node gives it, percent-decoded; undefined when an escape is not valid UTF-8. */
function decodePath(raw: string): string | undefined {
  if (!raw.includes('%')) return raw;
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

/** Finds the row of a decoded path: a map lookup, then the rows whose last segment is a parameter. */
export function routeMatcher(routes: readonly Route[]) {
  const exact = new Map(
    routes.filter((route) => !route.path.includes('/:')).map((route) => [route.path, route]),
  );
  const withParameter = routes.flatMap((route) => {
    const colon = route.path.lastIndexOf('/:');
    return colon < 0
      ? []
      : [{ prefix: route.path.slice(0, colon + 1), name: route.path.slice(colon + 2), route }];
  });
  return (path: string) => {
    const route = exact.get(path);
    if (route !== undefined) return { route, params: NO_PARAMS, pathValue: undefined };
    for (const { prefix, name, route } of withParameter) {
      const value = path.startsWith(prefix) ? path.slice(prefix.length) : '';
      if (value !== '' && !value.includes('/')) return { route, params: { [name]: value }, pathValue: value };
    }
    return undefined;
  };
}

/**
 * The refusals before any route (docs/architecture.md, "Read path", step 2): the answer,
 * and whether the connection may not be reused (its body may still be coming).
 */
export function refusalOf(request: IncomingMessage, maxUrlLength: number) {
  if ((request.url ?? '').length > maxUrlLength) return { answer: PREPARED_ERRORS.uriTooLong, close: false };
  // Node passes an `Expect` other than 100-continue here too (`checkExpectation`).
  const expect = request.headers.expect;
  if (expect !== undefined && expect.toLowerCase() !== '100-continue')
    return { answer: PREPARED_ERRORS.expectationFailed, close: true };
  if (request.httpVersion === '1.1' && request.headers.host === undefined)
    return { answer: PREPARED_ERRORS.badRequest, close: true };
  if (Number(request.headers['content-length'] ?? 0) > BODY_LIMIT)
    return { answer: PREPARED_ERRORS.payloadTooLarge, close: true };
  return undefined;
}

/** A request target split: its path percent-decoded (undefined when it does not decode) and its query. */
export function splitTarget(url: string): { path: string | undefined; query: string } {
  // A fragment is never sent by a browser; one written into a raw request is dropped.
  const target = url.split('#', 1)[0]!;
  const queryStart = target.indexOf('?');
  if (queryStart < 0) return { path: decodePath(target), query: '' };
  return { path: decodePath(target.slice(0, queryStart)), query: target.slice(queryStart + 1) };
}
