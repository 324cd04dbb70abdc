import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/server.js';
import { startTestServer } from '../support/server.js';
import type { ReadStore } from '../../src/store/store.js';
import { seedPublishedYears } from '../support/dataset.js';
import { createSqliteFixture, type StoreFixture } from '../support/store-fixture.js';

/** `name{labels} value` lines of a Prometheus text exposition, by series. */
function parse(text: string): Map<string, number> {
  const series = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    series.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return series;
}

describe('GET /metrics, on its own listener', () => {
  let fixture: StoreFixture;
  let server: RunningServer;
  /** While true, every read of the store fails (the store "goes down"). */
  let down = false;

  async function scrape(): Promise<{ text: string; series: Map<string, number> }> {
    const response = await fetch(server.metricsUrl!);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    const text = await response.text();
    return { text, series: parse(text) };
  }

  beforeAll(async () => {
    fixture = await createSqliteFixture();
    await seedPublishedYears(fixture);
    await fixture.insertParticipants([{ name: 'Ane Garcia Lopez', school: 'Ikastola', year: 2024 }]);
    server = await startTestServer(
      async () => {
        const store = await fixture.openReadStore();
        return new Proxy(store, {
          get(target, property) {
            if (down && property === 'readVersion') return () => Promise.reject(new Error('down'));
            const value = Reflect.get(target, property) as unknown;
            return typeof value === 'function' ? value.bind(target) : value;
          },
        }) as ReadStore;
      },
      { pollIntervalMs: 60_000, metrics: { host: '127.0.0.1', port: 0 } },
    );
  });

  afterAll(async () => {
    await server?.close();
    await fixture?.dispose();
  });

  it('counts answers by route, method and status, and times them by route', async () => {
    const before = (await scrape()).series;
    const key = (route: string, method: string, status: number) =>
      `http_requests_total{route="${route}",method="${method}",status="${status}"}`;
    const count = (series: Map<string, number>, name: string) => series.get(name) ?? 0;

    await fetch(`${server.url}/api/years`);
    await fetch(`${server.url}/api/years`);
    await fetch(`${server.url}/api/years`, { method: 'HEAD' });
    await fetch(`${server.url}/api/statistics?year=1999`);
    await fetch(`${server.url}/api/participants?name=Ane%20Garcia%20Lopez&company=Ikastola`);
    await fetch(`${server.url}/no/such/path`);
    await fetch(`${server.url}/api/years`, { method: 'DELETE' });

    const { text, series } = await scrape();
    expect(count(series, key('/api/years', 'GET', 200)) - count(before, key('/api/years', 'GET', 200))).toBe(
      2,
    );
    expect(count(series, key('/api/years', 'HEAD', 200))).toBeGreaterThanOrEqual(1);
    expect(count(series, key('/api/statistics', 'GET', 404))).toBeGreaterThanOrEqual(1);
    expect(count(series, key('/api/participants', 'GET', 200))).toBeGreaterThanOrEqual(1);
    // Unknown paths share one label value: no label per URL.
    expect(count(series, key('unmatched', 'GET', 404))).toBeGreaterThanOrEqual(1);
    // Another method on a row's path counts under that row.
    expect(count(series, key('/api/years', 'DELETE', 405))).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('/no/such/path');
    expect(text).not.toContain('Garcia');

    const histogram = (suffix: string) => series.get(`http_request_duration_seconds_${suffix}`);
    expect(histogram('count{route="/api/years"}')).toBeGreaterThanOrEqual(3);
    expect(histogram('bucket{le="+Inf",route="/api/years"}')).toBe(histogram('count{route="/api/years"}'));
    expect(histogram('sum{route="/api/years"}')).toBeGreaterThan(0);
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
  });

  it('is not on the API listener, and the metrics listener serves nothing else', async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
    const base = server.metricsUrl!.replace(/\/metrics$/, '');
    expect(new URL(base).port).not.toBe(new URL(server.url).port);
    expect((await fetch(`${base}/api/years`)).status).toBe(404);
    const post = await fetch(server.metricsUrl!, { method: 'POST' });
    expect([post.status, post.headers.get('allow')]).toEqual([405, 'GET, HEAD']);
  });

  it('reports the read model, the store and the process', async () => {
    const { text, series } = await scrape();
    expect(series.get('tamborrada_read_model_version')).toBeGreaterThanOrEqual(1);
    expect(series.get('tamborrada_read_model_age_seconds')).toBeGreaterThanOrEqual(0);
    expect(series.get('tamborrada_read_model_build_duration_seconds')).toBeGreaterThan(0);
    expect(series.get('tamborrada_store_up')).toBe(1);
    expect(series.get('tamborrada_updating')).toBe(0);
    expect(series.get('tamborrada_store_reconnects_total')).toBe(0);
    for (const name of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
    ])
      expect(text).toContain(`# TYPE ${name} `);
  });

  it('follows the store: the updating flag with no rebuild, a rebuild, an outage and the reconnect', async () => {
    const version = (await scrape()).series.get('tamborrada_read_model_version')!;
    await fixture.setUpdating(true);
    await server.follower.refresh();
    let { series } = await scrape();
    expect(series.get('tamborrada_updating')).toBe(1);
    expect(await (await fetch(`${server.url}/api/statistics?year=2024`)).text()).toBe('{"isUpdating":true}');
    expect(series.get('tamborrada_read_model_version')).toBe(version);

    await fixture.insertYear('2030', false);
    await server.follower.refresh();
    ({ series } = await scrape());
    expect(series.get('tamborrada_read_model_version')).toBe(version + 1);
    // A rebuild keeps the flag as read.
    expect(series.get('tamborrada_updating')).toBe(1);
    expect(await (await fetch(`${server.url}/api/statistics?year=2024`)).text()).toBe('{"isUpdating":true}');

    down = true;
    await server.follower.refresh();
    ({ series } = await scrape());
    expect(series.get('tamborrada_store_up')).toBe(0);
    expect(series.get('tamborrada_store_reconnects_total')).toBe(1);
    // The last good model is still served.
    expect((await fetch(`${server.url}/api/years`)).status).toBe(200);

    down = false;
    await server.follower.refresh();
    ({ series } = await scrape());
    expect(series.get('tamborrada_store_up')).toBe(1);
    expect(series.get('tamborrada_store_reconnects_total')).toBe(1);
    await fixture.setUpdating(false);
    await fixture.exec("DELETE FROM available_years WHERE year = '2030'");
  });
});
