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

/** What one autocannon run counted, before it is summed up with other slices. */
interface Slice {
  durationS: number;
  statusCounts: Record<string, number>;
  errors: number;
  timeouts: number;
  bytes: number;
  autocannonLatencyMs: LoadResult['autocannonLatencyMs'];
}

/** Answers counted, whatever their status. */
function answered(statusCounts: Record<string, number>): number {
  return Object.values(statusCounts).reduce((a, b) => a + b, 0);
}

/** One autocannon run; its response times go into `latencies`. */
function runSlice(
  baseUrl: string,
  load: LoadCase,
  durationS: number,
  connections: number,
  latencies: Samples,
): Promise<Slice> {
  const headers = load.headers ?? {};
  const requestsFrom = (offset: number): autocannon.Request[] =>
    load.paths.map((_, i) => ({
      method: 'GET',
      path: load.paths[(i + offset) % load.paths.length]!,
      headers: { ...headers },
    }));
  let clients = 0;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: baseUrl,
        connections,
        pipelining: 1,
        duration: durationS,
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
        const statusCounts: Record<string, number> = {};
        for (const [status, { count }] of Object.entries(result.statusCodeStats ?? {})) {
          statusCounts[status] = Number(count ?? 0);
        }
        resolve({
          durationS: result.duration,
          statusCounts,
          errors: result.errors,
          timeouts: result.timeouts,
          bytes: result.throughput.average * result.duration,
          autocannonLatencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
        });
      },
    );
    instance.on('response', (_client, _status, _bytes, responseTime: number) => latencies.push(responseTime));
  });
}

/** Sums the slices of one case up (autocannon's own latency: the worst slice's). */
function summarize(load: LoadCase, slices: Slice[], latencies: Samples): LoadResult {
  const sorted = latencies.sorted();
  let sum = 0;
  for (const value of sorted) sum += value;
  const statusCounts: Record<string, number> = {};
  for (const slice of slices) {
    for (const [status, count] of Object.entries(slice.statusCounts)) {
      statusCounts[status] = (statusCounts[status] ?? 0) + count;
    }
  }
  let unexpected = 0;
  let expectedNon2xx = 0;
  for (const [status, count] of Object.entries(statusCounts)) {
    const code = Number(status);
    if (!load.expectedStatuses.includes(code)) unexpected += count;
    else if (code < 200 || code > 299) expectedNon2xx += count;
  }
  const total = (pick: (slice: Slice) => number) => slices.reduce((acc, slice) => acc + pick(slice), 0);
  const worst = (pick: (slice: Slice) => number) => Math.max(...slices.map(pick));
  const requests = answered(statusCounts);
  const durationS = total((slice) => slice.durationS);
  return {
    operation: load.operation,
    paths: load.paths.length,
    headers: load.headers ?? {},
    durationS,
    requests,
    reqPerSec: requests / durationS,
    latencyMs: {
      mean: sorted.length ? sum / sorted.length : 0,
      p50: percentile(sorted, 50),
      p90: percentile(sorted, 90),
      p99: percentile(sorted, 99),
      p999: percentile(sorted, 99.9),
      max: sorted.length ? sorted[sorted.length - 1]! : 0,
    },
    autocannonLatencyMs: {
      p50: worst((slice) => slice.autocannonLatencyMs.p50),
      p99: worst((slice) => slice.autocannonLatencyMs.p99),
      max: worst((slice) => slice.autocannonLatencyMs.max),
    },
    statusCounts,
    unexpected,
    expectedNon2xx,
    errors: total((slice) => slice.errors),
    timeouts: total((slice) => slice.timeouts),
    bytesPerSec: total((slice) => slice.bytes) / durationS,
  };
}

/** Drives one case with autocannon at fixed concurrency, pipelining 1, on `baseUrl`. */
export async function drive(baseUrl: string, load: LoadCase, settings: LoadSettings): Promise<LoadResult> {
  const latencies = new Samples();
  const slice = await runSlice(baseUrl, load, settings.durationS, settings.connections, latencies);
  return summarize(load, [slice], latencies);
}

export interface Compared {
  reference: LoadResult;
  measured: LoadResult;
  /** The median over the slices of measured req/s ÷ reference req/s. */
  ratio: number;
}

/**
 * Drives one case on two servers in turn, `slices` times each for `durationS / slices`
 * seconds, the reference first. This machine's speed swings by a quarter over seconds;
 * slices taken next to each other see the same machine, so the median of their ratios
 * says how the two compare where one long run each would mostly say when each ran.
 */
export async function driveInTurn(
  referenceUrl: string,
  measuredUrl: string,
  load: LoadCase,
  settings: LoadSettings & { slices: number },
): Promise<Compared> {
  const sliceS = Math.max(1, Math.round(settings.durationS / settings.slices));
  const latencies = { reference: new Samples(), measured: new Samples() };
  const slices: { reference: Slice[]; measured: Slice[] } = { reference: [], measured: [] };
  const ratios: number[] = [];
  for (let i = 0; i < settings.slices; i++) {
    const reference = await runSlice(referenceUrl, load, sliceS, settings.connections, latencies.reference);
    const measured = await runSlice(measuredUrl, load, sliceS, settings.connections, latencies.measured);
    slices.reference.push(reference);
    slices.measured.push(measured);
    const rate = (slice: Slice) => answered(slice.statusCounts) / slice.durationS;
    ratios.push(rate(measured) / rate(reference));
  }
  ratios.sort((a, b) => a - b);
  const middle = ratios.length >> 1;
  return {
    reference: summarize(load, slices.reference, latencies.reference),
    measured: summarize(load, slices.measured, latencies.measured),
    ratio: ratios.length % 2 ? ratios[middle]! : (ratios[middle - 1]! + ratios[middle]!) / 2,
  };
}
