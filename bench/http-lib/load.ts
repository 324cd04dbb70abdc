import autocannon from 'autocannon';

export interface LoadCase {
  /** Row label. */
  operation: string;
  /** One or more paths; every connection cycles through them from its own offset. */
  paths: string[];
  headers?: Record<string, string>;
  /** Statuses the spec gives for these requests (e.g. 500 for a search that finds nothing). */
  expectedStatuses: number[];
}

export interface LoadSettings {
  durationS: number;
  connections: number;
}

export interface LoadResult {
  operation: string;
  paths: number;
  headers: Record<string, string>;
  durationS: number;
  requests: number;
  reqPerSec: number;
  /** Latency of every response (ms, sub-millisecond resolution from the 'response' event). */
  latencyMs: { mean: number; p50: number; p90: number; p99: number; p999: number; max: number };
  /** autocannon's own histogram (whole milliseconds, 2xx only), for reference. */
  autocannonLatencyMs: { p50: number; p99: number; max: number };
  statusCounts: Record<string, number>;
  /** Responses whose status is not in `expectedStatuses`. */
  unexpected: number;
  /** Non-2xx responses whose status is in `expectedStatuses`. */
  expectedNon2xx: number;
  errors: number;
  timeouts: number;
  bytesPerSec: number;
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

/** A growable list of numbers without per-item allocation. */
class Samples {
  private data = new Float64Array(1 << 18);
  length = 0;
  push(value: number): void {
    if (this.length === this.data.length) {
      const bigger = new Float64Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = value;
  }
  sorted(): Float64Array {
    return this.data.slice(0, this.length).sort();
  }
}

/** Drives one case with autocannon at fixed concurrency, pipelining 1, on `baseUrl`. */
export function drive(baseUrl: string, load: LoadCase, settings: LoadSettings): Promise<LoadResult> {
  const headers = load.headers ?? {};
  const requestsFrom = (offset: number): autocannon.Request[] =>
    load.paths.map((_, i) => ({
      method: 'GET',
      path: load.paths[(i + offset) % load.paths.length]!,
      headers: { ...headers },
    }));
  let clients = 0;
  const latencies = new Samples();

  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: baseUrl,
        connections: settings.connections,
        pipelining: 1,
        duration: settings.durationS,
        timeout: 10,
        requests: requestsFrom(0),
        // Spread the connections over the list so that concurrent requests differ.
        setupClient: (client) => {
          const offset = (clients++ * 7) % load.paths.length;
          if (offset !== 0) client.setRequests(requestsFrom(offset));
        },
      },
      (error, result) => {
        if (error) return reject(error);
        const sorted = latencies.sorted();
        let sum = 0;
        for (const value of sorted) sum += value;
        const statusCounts: Record<string, number> = {};
        let unexpected = 0;
        let expectedNon2xx = 0;
        for (const [status, { count }] of Object.entries(result.statusCodeStats ?? {})) {
          const n = Number(count ?? 0);
          statusCounts[status] = n;
          const code = Number(status);
          if (!load.expectedStatuses.includes(code)) unexpected += n;
          else if (code < 200 || code > 299) expectedNon2xx += n;
        }
        const requests = Object.values(statusCounts).reduce((a, b) => a + b, 0);
        resolve({
          operation: load.operation,
          paths: load.paths.length,
          headers,
          durationS: result.duration,
          requests,
          reqPerSec: requests / result.duration,
          latencyMs: {
            mean: sorted.length ? sum / sorted.length : 0,
            p50: percentile(sorted, 50),
            p90: percentile(sorted, 90),
            p99: percentile(sorted, 99),
            p999: percentile(sorted, 99.9),
            max: sorted.length ? sorted[sorted.length - 1]! : 0,
          },
          autocannonLatencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
          statusCounts,
          unexpected,
          expectedNon2xx,
          errors: result.errors,
          timeouts: result.timeouts,
          bytesPerSec: result.throughput.average,
        });
      },
    );
    instance.on('response', (_client, _status, _bytes, responseTime: number) => latencies.push(responseTime));
  });
}
