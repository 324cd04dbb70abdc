import { createServer, type Server } from 'node:http';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { ReadModelFollower } from '../read-model/follower.js';

export const METRICS_PATH = '/metrics';

/** Seconds; our answers take well under a millisecond, slow ones show at the top. */
const DURATION_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1];

/** The process metrics (CPU, memory, event loop, GC) are collected once per process. */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** Counts an answer (the observer calls it for every answer). */
export type RecordRequest = (route: string, method: string, status: number, seconds: number) => void;

export interface Metrics {
  recordRequest: RecordRequest;
  registry: Registry;
}

/**
 * Prometheus metrics: requests by route, method and status, latency by route, the read
 * model and the store, and the process. The only per-request work is a tally and a
 * histogram observation on a series looked up once.
 */
export function createMetrics(follower: ReadModelFollower): Metrics {
  const registry = new Registry();
  const registers = [registry];

  // Answers are tallied in plain numbers and handed to the counter when /metrics is read:
  // prom-client hashes and checks the labels of every `inc`, a cost paid per request.
  const tallies = new Map<string, Map<string, Map<number, { count: number }>>>();
  new Counter({
    name: 'http_requests_total',
    help: 'Answers sent, by route pattern, method and status code',
    labelNames: ['route', 'method', 'status'] as const,
    registers,
    collect() {
      this.reset();
      for (const [route, byMethod] of tallies)
        for (const [method, byStatus] of byMethod)
          for (const [status, { count }] of byStatus) this.inc({ route, method, status }, count);
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

  const model = () => {
    const state = follower.state;
    return state.kind === 'ready' ? state.model : undefined;
  };
  new Gauge({
    name: 'tamborrada_read_model_version',
    help: 'Version of the read model being served (increases with every rebuild; 0 before the first load)',
    registers,
    collect() {
      this.set(model()?.version ?? 0);
    },
  });
  new Gauge({
    name: 'tamborrada_read_model_age_seconds',
    help: 'Seconds since the read model being served was built (NaN before the first load)',
    registers,
    collect() {
      const built = model()?.builtAt;
      this.set(built === undefined ? Number.NaN : (Date.now() - built.getTime()) / 1000);
    },
  });
  new Gauge({
    name: 'tamborrada_read_model_build_duration_seconds',
    help: 'How long the last rebuild of the read model took',
    registers,
    collect() {
      this.set(follower.lastBuildMs / 1000);
    },
  });
  new Gauge({
    name: 'tamborrada_store_up',
    help: '1 when the last read of the store succeeded, 0 when it failed (the last good model is served)',
    registers,
    collect() {
      this.set(follower.storeHealthy ? 1 : 0);
    },
  });
  new Gauge({
    name: 'tamborrada_updating',
    help: '1 while the annual refresh flag is on (statistics answer {"isUpdating":true})',
    registers,
    collect() {
      this.set(model()?.catalog.isUpdating ? 1 : 0);
    },
  });
  let reported = 0;
  new Counter({
    name: 'tamborrada_store_reconnects_total',
    help: 'Times the store connection was dropped after a failure and opened again',
    registers,
    collect() {
      this.inc(follower.reconnects - reported);
      reported = follower.reconnects;
    },
  });
  let reportedReopens = 0;
  new Counter({
    name: 'tamborrada_store_reopens_total',
    help: 'Times the store connection no longer saw the store as it is on disk and was opened again',
    registers,
    collect() {
      this.inc(follower.reopens - reportedReopens);
      reportedReopens = follower.reopens;
    },
  });

  const recordRequest: RecordRequest = (route, method, status, seconds) => {
    let byMethod = tallies.get(route);
    if (byMethod === undefined) tallies.set(route, (byMethod = new Map()));
    let byStatus = byMethod.get(method);
    if (byStatus === undefined) byMethod.set(method, (byStatus = new Map()));
    const tally = byStatus.get(status);
    if (tally === undefined) byStatus.set(status, { count: 1 });
    else tally.count++;
    // One histogram child per route, looked up once (`labels` hashes them).
    let latency = latencies.get(route);
    if (latency === undefined) latencies.set(route, (latency = duration.labels({ route })));
    latency.observe(seconds);
  };
  return { recordRequest, registry: Registry.merge([processMetrics(), registry]) };
}

const METRICS_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cache-control': 'no-store',
};

/**
 * The metrics listener: `GET /metrics` (Prometheus text), apart from the API, so that the
 * process's figures (Node version, descriptors, per-route counts) are not public unless
 * an operator binds it to a public address (`METRICS_HOST`, `METRICS_PORT`). Anything
 * else is a 404; no other method is served.
 */
export function createMetricsServer({ registry }: Metrics): Server {
  return createServer((request, response) => {
    const path = (request.url ?? '').split('?', 1)[0];
    if (path !== METRICS_PATH || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(path === METRICS_PATH ? 405 : 404, {
        ...METRICS_HEADERS,
        'content-type': 'text/plain; charset=utf-8',
        ...(path === METRICS_PATH ? { allow: 'GET, HEAD' } : {}),
      });
      response.end(path === METRICS_PATH ? 'Method Not Allowed\n' : 'Not Found\n');
      return;
    }
    registry.metrics().then(
      (text) => {
        response.writeHead(200, { ...METRICS_HEADERS, 'content-type': registry.contentType });
        response.end(text);
      },
      () => {
        response.writeHead(500, { ...METRICS_HEADERS, 'content-type': 'text/plain; charset=utf-8' });
        response.end('metrics unavailable\n');
      },
    );
  });
}
