import { expect, it } from 'vitest';
import { ConfigError, resolveServeConfig } from '../../../src/config/index.js';

const metricsOf = (env: Record<string, string>) => resolveServeConfig({}, env).metrics;

it("gives each server's metrics listener a port of its own, from its PORT, unless METRICS_PORT says", () => {
  expect(metricsOf({})).toEqual({ host: '127.0.0.1', port: 9464 });
  expect(metricsOf({ PORT: '3001' })).toEqual({ host: '127.0.0.1', port: 9465 });
  expect(resolveServeConfig({ port: '8080' }, {}).metrics).toEqual({ host: '127.0.0.1', port: 14544 });
  expect(metricsOf({ PORT: '0' })).toEqual({ host: '127.0.0.1', port: 0 });
  expect(metricsOf({ PORT: '3001', METRICS_PORT: '9100' })).toEqual({ host: '127.0.0.1', port: 9100 });
  expect(metricsOf({ METRICS_PORT: 'off' })).toBeUndefined();
});

it('asks for METRICS_PORT when the default would be no port', () => {
  expect(() => metricsOf({ PORT: '60000' })).toThrow(ConfigError);
  expect(() => metricsOf({ PORT: '60000' })).toThrow(
    "METRICS_PORT must be set (a port or 'off') when PORT is above 59071: its default, PORT + 6464, is no port",
  );
  expect(metricsOf({ PORT: '60000', METRICS_PORT: 'off' })).toBeUndefined();
});

it('refuses TRUST_PROXY_HOPS, as a variable or an option, in one line saying what to set instead', () => {
  for (const [options, env] of [
    [{}, { TRUST_PROXY_HOPS: '1' }],
    [{}, { TRUST_PROXY_HOPS: '0', TRUST_PROXY: 'loopback' }],
    [{ trustProxyHops: '1' }, {}],
  ] as const) {
    const refused = (() => {
      try {
        resolveServeConfig(options, env);
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toBeInstanceOf(ConfigError);
    expect((refused as ConfigError).problems).toHaveLength(1);
    expect((refused as ConfigError).problems[0]).toMatch(
      /^TRUST_PROXY_HOPS \(--trust-proxy-hops\) is no longer read: .*set TRUST_PROXY \(--trust-proxy\) to the addresses or ranges of the proxies/,
    );
  }
  // Set but empty, as a unit file may leave it: not given.
  expect(resolveServeConfig({}, { TRUST_PROXY_HOPS: '' }).trustProxy).toEqual([]);
  expect(resolveServeConfig({ trustProxy: '127.0.0.1, ::1' }, {}).trustProxy).toEqual(['127.0.0.1', '::1']);
});
