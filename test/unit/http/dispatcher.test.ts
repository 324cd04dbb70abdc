import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { refusalOf, routeMatcher, splitTarget } from '../../../src/http/dispatcher.js';
import { PREPARED_ERRORS } from '../../../src/answer/answer.js';
import { buildRoutes } from '../../../src/http/routes.js';

const request = (url: string, headers: Record<string, string> = {}, httpVersion = '1.1') =>
  ({ url, headers: { host: 'x', ...headers }, httpVersion }) as unknown as IncomingMessage;

describe('the dispatcher’s parts', () => {
  it('refusalOf: 414, 417, 400 without Host, 413, in that order; the others keep the connection only for 414', () => {
    expect(refusalOf(request('/api/ping?' + 'a'.repeat(20)), 10)).toEqual({
      answer: PREPARED_ERRORS.uriTooLong,
      close: false,
    });
    expect(refusalOf(request('/', { expect: 'x' }), 100)?.answer).toBe(PREPARED_ERRORS.expectationFailed);
    expect(refusalOf(request('/', { expect: '100-Continue' }), 100)).toBeUndefined();
    const noHost = { url: '/', headers: {}, httpVersion: '1.1' } as unknown as IncomingMessage;
    expect(refusalOf(noHost, 100)).toEqual({ answer: PREPARED_ERRORS.badRequest, close: true });
    expect(refusalOf(request('/', { 'content-length': String(2 * 1024 * 1024) }), 100)?.answer).toBe(
      PREPARED_ERRORS.payloadTooLarge,
    );
  });

  it('splitTarget: the path decoded, the query, no fragment; undefined for a path that does not decode', () => {
    expect(splitTarget('/estad%C3%ADsticas/2024?a=1#frag')).toEqual({
      path: '/estadísticas/2024',
      query: 'a=1',
    });
    expect(splitTarget('/api/ping#x?y')).toEqual({ path: '/api/ping', query: '' });
    expect(splitTarget('/%C3').path).toBeUndefined();
  });

  it('routeMatcher: exact paths, one trailing parameter, nothing deeper', () => {
    const match = routeMatcher(buildRoutes());
    expect(match('/api/years')?.route?.path).toBe('/api/years');
    expect(match('/api/years/')).toBeUndefined();
    const routes = [
      ...buildRoutes(),
      { path: '/estadisticas/:year', answer: () => PREPARED_ERRORS.badRequest, cache: '' },
    ];
    expect(routeMatcher(routes)('/estadisticas/2024')).toMatchObject({
      params: { year: '2024' },
      pathValue: '2024',
    });
    expect(routeMatcher(routes)('/estadisticas/2024/x')).toBeUndefined();
  });
});
