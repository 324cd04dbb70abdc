import { createServer, type Server } from 'node:http';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { ReadModelFollower } from '../read-model/follower.js';
import { CACHE, securityHeaders } from '../answer/answer.js';
import type { RecordRequest } from './observer.js';

/** Seconds; our answers take well under a millisecond, slow ones show at the top. */
const DURATION_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1];

/** The process metrics (CPU, memory, event loop, GC) are collected once per process. */
let processRegistry: Registry | undefined;

/** The read model's and the store's figures, read from the follower when /metrics is read. */
function registerFollowerMetrics(registry: Registry, follower: ReadModelFollower): void {
  const model = () => (follower.state.kind === 'ready' ? follower.state.model : undefined);
  const figures: [name: string, help: string, value: () => number][] = [
    [
      'tamborrada_read_model_version',
      'Version of the read model being served (increases with every rebuild; 0 before the first load)',
      () => model()?.version ?? 0,
    ],
    [
      'tamborrada_read_model_age_seconds',
      'Seconds since the read model being served was built (NaN before the first load)',
      () => {
        const built = model()?.builtAt;
        return built === undefined ? Number.NaN : (Date.now() - built.getTime()) / 1000;
      },
    ],
    [
      'tamborrada_read_model_build_duration_seconds',
      'How long the last rebuild of the read model took',
      () => follower.lastBuildMs / 1000,
    ],
    [
      'tamborrada_store_up',
      '1 when the last read of the store succeeded, 0 when it failed (the last good model is served)',
      () => (follower.storeHealthy ? 1 : 0),
    ],
    [
      'tamborrada_updating',
      '1 while the annual refresh flag is on (statistics answer {"isUpdating":true})',
      () => (model()?.isUpdating ? 1 : 0),
    ],
    [
      'tamborrada_store_reconnects_total',
      'Times the store connection was dropped after a failure and opened again',
      () => follower.reconnects,
    ],
    [
      'tamborrada_store_reopens_total',
      'Times the store connection no longer saw the store as it is on disk and was opened again',
      () => follower.reopens,
    ],
  ];
  for (const [name, help, value] of figures) {
    const options = { name, help, registers: [registry] };
    if (!name.endsWith('_total'))
      new Gauge({
        ...options,
        collect() {
          this.set(value());
        },
      });
    else
      new Counter({
        ...options,
        collect() {
          this.reset();
          this.inc(value());
        },
      });
  }
}

/** Answers by route, method and status, and latency by route. */
function requestRecorder(registry: Registry): RecordRequest {
  const registers = [registry];
  // Answers are tallied in plain numbers and handed to the counter when /metrics is read:
  // prom-client hashes and checks the labels of every `inc`, a cost paid per request.
  const tallies = new Map<string, { labels: Record<string, string | number>; count: number }>();
  new Counter({
    name: 'http_requests_total',
    help: 'Answers sent, by route pattern, method and status code',
    labelNames: ['route', 'method', 'status'] as const,
    registers,
    collect() {
      this.reset();
      for (const { labels, count } of tallies.values()) this.inc(labels, count);
    },
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request arriving to the answer being written, by route pattern',
    labelNames: ['route'] as const,
    buckets: DURATION_BUCKETS,
    registers,
  });
  const latencies = new Map<string, ReturnType<typeof duration.labels>>();

  return (route, method, status, seconds) => {
    const key = `${route} ${method} ${status}`;
    const tally = tallies.get(key);
    if (tally === undefined) tallies.set(key, { labels: { route, method, status }, count: 1 });
    else tally.count++;
    // One histogram child per route, looked up once (`labels` hashes them).
    let latency = latencies.get(route);
    if (latency === undefined) latencies.set(route, (latency = duration.labels({ route })));
    latency.observe(seconds);
  };
}

/** Prometheus metrics: requests by route, method and status, latency by route, the read model and the store, the process. */
export function createMetrics(follower: ReadModelFollower) {
  const registry = new Registry();
  registerFollowerMetrics(registry, follower);
  const recordRequest = requestRecorder(registry);
  if (!processRegistry) collectDefaultMetrics({ register: (processRegistry = new Registry()) });
  return { recordRequest, registry: Registry.merge([processRegistry, registry]) };
}

const METRICS_HEADERS = { ...securityHeaders(), 'cache-control': CACHE.none };
const TEXT = 'text/plain; charset=utf-8';

/** `GET /metrics`, on a listener apart from the API's so that it is public only if an operator binds it so. */
export function createMetricsServer(registry: Registry): Server {
  return createServer((request, response) => {
    const reply = (status: number, text: string, headers: object = { 'content-type': TEXT }) =>
      response.writeHead(status, { ...METRICS_HEADERS, ...headers }).end(text);
    if ((request.url ?? '').split('?', 1)[0] !== '/metrics') return reply(404, 'Not Found\n');
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return reply(405, 'Method Not Allowed\n', { 'content-type': TEXT, allow: 'GET, HEAD' });
    registry.metrics().then(
      (text) => reply(200, text, { 'content-type': registry.contentType }),
      () => reply(500, 'metrics unavailable\n'),
    );
  });
}
