import type { Logger } from 'pino';
import { StaleConnectionError, type ReadStore, type StoreVersion } from '../store/store.js';
import { describeStoreError, isPostgresMisconfiguration } from '../store/store-errors.js';
import type { PublishedFacts } from '../domain/statistics/name-facts.js';
import { runBuild, type BuildProgress } from './build.js';
import { NameIndex } from './name-index.js';
import { ParticipantIndex } from './participant-index.js';
import type { ReadModel } from './read-model.js';
import { StatisticsRecords } from './statistics-records.js';

/** `searchClosed`: the store has failed past `SEARCH_FAIL_CLOSED_AFTER_MS`; the search answers 500 (why). */
export type FollowerState =
  | { kind: 'loading' }
  | { kind: 'ready'; model: ReadModel; searchClosed?: string }
  | { kind: 'failed'; details: string };

/** After failed reads, the poll interval doubles at each failure, up to these (docs/postgresql.md). */
export const RETRY_CEILING_MS = { unreachable: 5_000, misconfigured: 60_000 } as const;
/** While the store keeps failing with the same error, it is logged again this often. */
const FAILURE_LOG_EVERY_MS = 5_000;

/** The first load failed for a reason waiting will not fix: `serve` stops (exit code 2). */
export class StoreMisconfiguredError extends Error {
  constructor(readonly reason: unknown) {
    super(reason instanceof Error ? reason.message : String(reason), { cause: reason });
  }

  get code(): unknown {
    return (this.reason as { code?: unknown } | null)?.code;
  }
}

/**
 * Keeps the read model in step with the store: polls its version and the updating flag (and
 * on notifications). A flip of the flag is served at once, without a rebuild; a new version
 * is built in a worker thread and swapped in with one assignment. The first load, in
 * `start`, is built on this thread. A failure after a load keeps the last good model.
 */
export class ReadModelFollower {
  /** The model in service, and the store's version it was built from. */
  private served: { model: ReadModel; storeVersion: StoreVersion } | undefined;
  private store: ReadStore | undefined;
  private timer: NodeJS.Timeout | undefined;
  private started = false;
  private running: Promise<void> | undefined;
  private again = false;
  private readonly stopping = new AbortController();
  private version = 0;
  private isUpdating = false;
  private building = false;
  private readingFlag = false;
  private lastReadAt = 0;
  private failures = 0;
  private lastFailure: string | undefined;
  private lastError: unknown;
  private retryAt = 0;
  private failureLoggedAt = 0;
  reconnects = 0;
  reopens = 0;
  lastBuildMs = 0;

  constructor(
    private readonly openStore: () => Promise<ReadStore>,
    private readonly options: { pollIntervalMs: number; searchFailClosedAfterMs: number; logger: Logger },
  ) {}

  get state(): FollowerState {
    if (this.served) {
      const closed = this.searchClosed() ? { searchClosed: this.lastFailure } : {};
      return { kind: 'ready', model: this.served.model, ...closed };
    }
    if (this.lastFailure !== undefined) return { kind: 'failed', details: this.lastFailure };
    return { kind: 'loading' };
  }

  private searchClosed(): boolean {
    return (
      this.lastFailure !== undefined &&
      performance.now() - this.lastReadAt > this.options.searchFailClosedAfterMs
    );
  }

  get storeHealthy(): boolean {
    return this.served !== undefined && this.lastFailure === undefined;
  }

  /** Loads once, then follows the store until `stop`; throws StoreMisconfiguredError if waiting will not help. */
  async start(): Promise<void> {
    await this.refresh();
    if (!this.served && isPostgresMisconfiguration(this.lastError)) {
      const reason = this.lastError;
      await this.stop();
      throw new StoreMisconfiguredError(reason);
    }
    this.started = true;
    this.timer = setInterval(() => this.poll(), this.options.pollIntervalMs);
    this.timer.unref();
  }

  private poll(): void {
    if (performance.now() < this.retryAt) return;
    // The check waits for the build under way; the flag need not.
    if (this.building) void this.readFlag();
    void this.refresh();
  }

  /** Reads the updating flag alone while a build runs; a failure is left to the check after the build. */
  private async readFlag(): Promise<void> {
    if (this.readingFlag || !this.store) return;
    this.readingFlag = true;
    await this.store
      .readUpdating()
      .then((isUpdating) => this.serveFlag(isUpdating))
      .catch(() => undefined)
      .finally(() => (this.readingFlag = false));
  }

  private serveFlag(isUpdating: boolean): void {
    this.isUpdating = isUpdating;
    const served = this.served;
    if (!served || served.model.isUpdating === isUpdating) return;
    this.served = { ...served, model: { ...served.model, isUpdating } };
    this.options.logger.info({ isUpdating, readModelVersion: served.model.version }, 'updating flag served');
  }

  /** One check now; concurrent calls coalesce into one more run. */
  refresh(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.check().finally(() => {
      this.running = undefined;
      if (this.again && !this.stopping.signal.aborted) {
        this.again = false;
        this.poll();
      }
    });
    return this.running;
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    clearInterval(this.timer);
    await this.running;
    await this.closeStore();
  }

  private async check(): Promise<void> {
    if (this.stopping.signal.aborted) return;
    try {
      if (!this.store) {
        this.store = await this.openStore();
        this.store.onChange?.(() => this.poll());
      }
      const polled = await this.store.readVersion();
      this.serveFlag(await this.store.readUpdating());
      if (this.served?.storeVersion !== polled) await this.rebuild(this.store.location);
      if (this.lastFailure !== undefined) this.options.logger.info('store reachable again');
      this.lastFailure = this.lastError = undefined;
      this.failures = this.retryAt = 0;
      this.lastReadAt = performance.now();
    } catch (error) {
      if (this.stopping.signal.aborted) return;
      if (error instanceof StaleConnectionError) {
        // Reopened at once (a build worker has no connection between builds).
        this.reopens++;
        this.options.logger.warn(
          { details: describeStoreError(error) },
          'the store connection no longer saw the store as it is on disk: reopened',
        );
        this.again = true;
      } else {
        this.failed(error);
        if (this.store) this.reconnects++;
      }
      await this.closeStore();
    }
  }

  private failed(error: unknown): void {
    const details = describeStoreError(error);
    const now = performance.now();
    this.failures++;
    const ceiling = RETRY_CEILING_MS[isPostgresMisconfiguration(error) ? 'misconfigured' : 'unreachable'];
    const delayMs = Math.min(ceiling, this.options.pollIntervalMs * 2 ** (this.failures - 1));
    this.retryAt = now + delayMs;
    if (this.lastFailure !== details) {
      this.options.logger.error({ details }, 'store read failed');
      this.failureLoggedAt = now;
    } else if (now - this.failureLoggedAt >= FAILURE_LOG_EVERY_MS) {
      this.options.logger.warn(
        { details, failures: this.failures, retryInMs: Math.round(delayMs) },
        !this.served
          ? 'store still failing; retrying'
          : this.searchClosed()
            ? 'store still failing; serving the last good read model, the participant search closed'
            : 'store still failing; serving the last good read model',
      );
      this.failureLoggedAt = now;
    }
    this.lastFailure = details;
    this.lastError = error;
  }

  private async rebuild(location: ReadStore['location']): Promise<void> {
    const first = !this.served;
    if (first) this.options.logger.info('loading the read model');
    const started = performance.now();
    this.building = true;
    const onProgress = (progress: BuildProgress) =>
      this.options.logger[first ? 'info' : 'debug'](progress, 'read model build progress');
    // The first load is built on this thread.
    const built = await runBuild(
      location,
      onProgress,
      this.started ? this.stopping.signal : undefined,
    ).finally(() => (this.building = false));
    const model: ReadModel = {
      version: ++this.version,
      builtAt: new Date(),
      statistics: new StatisticsRecords(built.statistics),
      participants: new ParticipantIndex(built.shelves),
      names: new NameIndex(JSON.parse(built.names) as PublishedFacts),
      schoolLabels: built.schoolLabels,
      isUpdating: this.isUpdating,
    };
    this.served = { model, storeVersion: built.version };
    this.lastBuildMs = performance.now() - started;
    this.options.logger.info(
      {
        readModelVersion: model.version,
        buildMs: Math.round(this.lastBuildMs),
        readMs: Math.round(built.readMs),
        indexMs: Math.round(built.indexMs),
        workerCpuMs: built.cpuMs && Math.round(built.cpuMs),
        namesCpuMs: built.namesCpuMs && Math.round(built.namesCpuMs),
        namesMade: built.namesMade,
        rowsRead: built.rowsRead,
        participants: model.participants.size,
        years: model.statistics.years.length,
      },
      'read model built',
    );
  }

  private async closeStore(): Promise<void> {
    const store = this.store;
    this.store = undefined;
    await store?.close().catch(() => undefined);
  }
}
