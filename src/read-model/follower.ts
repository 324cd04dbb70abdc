import type { Logger } from 'pino';
import type { StoreLocation } from '../config/index.js';
import type { ChangeVersions, ReadStore } from '../store/store.js';
import { describeStoreError } from '../store/store-errors.js';
import { participantsDiffer, versionsDiffer, type BuildMode } from './build-plan.js';
import { BuildCancelled, BuildWorkers, type BuiltPart, type RunningBuild } from './build-runner.js';
import type { BuildProgress } from './model-build.js';
import { ParticipantIndex } from './participant-index.js';
import { buildParticipantDirectory, type ParticipantDirectory, type ReadModel } from './read-model.js';

export interface FollowerOptions {
  /** How often the store's change counters are read. */
  pollIntervalMs: number;
  logger: Logger;
}

export type FollowerState =
  { kind: 'loading' } | { kind: 'ready'; model: ReadModel } | { kind: 'failed'; details: string };

/** After a failed compaction, how long the overlay is kept before the next try. */
const COMPACTION_RETRY_MS = 30_000;

/** The model in service, with the versions it stands for. */
interface Served {
  model: ReadModel;
  /** Read in the snapshot the model was built from: a build compares its own snapshot with them. */
  snapshot: ChangeVersions;
  /** The poll that led to this model: the next polls are compared with it. */
  polled: ChangeVersions;
}

/**
 * Keeps the read model in step with the store: reads the change counters on a timer (and
 * at once when the store pushes a notification), and when they moved, builds what changed
 * in a worker thread (build-runner.ts) from one snapshot of the store, then swaps the new
 * model in with one assignment; requests in flight keep the one they started with. The
 * event loop only polls, receives the parts and swaps, so no request waits on a rebuild.
 *
 * A change to some years of participants is served as an overlay over the full index
 * (participant-index.ts); a compaction, a full build in the background, then replaces
 * it, unless participants change meanwhile (the compaction is then stopped and tried
 * again later). A failure after a successful load keeps the last good model; the store
 * is opened again on the next tick.
 */
export class ReadModelFollower {
  private served: Served | undefined;
  private lastFailure: string | undefined;
  private store: ReadStore | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private version = 0;
  /** The build that catches up with the store (one at a time, inside `check`). */
  private update: RunningBuild | undefined;
  /** The full build that replaces an overlay, running beside the updates. */
  private compaction: RunningBuild | undefined;
  private nextCompactionAt = 0;
  private readonly workers = new BuildWorkers();
  /** Reported in metrics. */
  reconnects = 0;
  lastBuildMs = 0;

  constructor(
    private readonly openStore: () => Promise<ReadStore>,
    private readonly options: FollowerOptions,
  ) {}

  get state(): FollowerState {
    if (this.served) return { kind: 'ready', model: this.served.model };
    if (this.lastFailure !== undefined) return { kind: 'failed', details: this.lastFailure };
    return { kind: 'loading' };
  }

  /** True when a model is loaded and the last read of the store succeeded (metrics). */
  get storeHealthy(): boolean {
    return this.served !== undefined && this.lastFailure === undefined;
  }

  /** Loads once (waiting for it), then follows the store until `stop`. */
  async start(): Promise<void> {
    await this.refresh();
    this.timer = setInterval(() => void this.refresh(), this.options.pollIntervalMs);
    this.timer.unref();
  }

  /** One check of the store; concurrent calls coalesce into one more run. */
  refresh(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.check().finally(() => {
      this.running = undefined;
      if (this.again && !this.stopped) {
        this.again = false;
        void this.refresh();
      }
    });
    return this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await Promise.all([this.update?.cancel(), this.stopCompaction()]);
    await this.running;
    await this.workers.close();
    await this.store?.close();
    this.store = undefined;
  }

  private async connectedStore(): Promise<ReadStore> {
    if (!this.store) {
      this.store = await this.openStore();
      this.store.onChange?.(() => void this.refresh());
    }
    return this.store;
  }

  private async check(): Promise<void> {
    if (this.stopped) return;
    try {
      const store = await this.connectedStore();
      const polled = await store.readChangeVersions();
      const served = this.served;
      if (served && !versionsDiffer(polled, served.polled)) {
        this.reachable();
        this.compactIfDue(store.location);
        return;
      }
      if (served && participantsDiffer(polled, served.polled)) await this.stopCompaction();
      if (served && polled.identity !== served.polled.identity)
        this.options.logger.info('the store was replaced at its path: reading everything again');
      await this.catchUp(store.location, polled);
      this.reachable();
    } catch (error) {
      if (error instanceof BuildCancelled) return;
      const details = describeStoreError(error);
      if (this.lastFailure !== details) this.options.logger.error({ details }, 'store read failed');
      this.lastFailure = details;
      await this.dropStore();
    }
  }

  /** Builds what changed since the model in service, and puts the result in service. */
  private async catchUp(location: StoreLocation, polled: ChangeVersions): Promise<void> {
    const served = this.served;
    if (!served) this.options.logger.info('loading the read model');
    const started = performance.now();
    this.update = this.build(location, 'update', served ? 'debug' : 'info');
    let part: BuiltPart;
    try {
      part = await this.update.done;
    } finally {
      this.update = undefined;
    }
    const catalog = part.catalog ?? served?.model.catalog;
    if (!catalog) throw new Error('the first build of the read model came without statistics');
    const directory = this.directoryFrom(part);
    const changed = catalog !== served?.model.catalog || directory !== served.model.directory;
    const model = changed ? this.newModel(catalog, directory) : served.model;
    this.served = { model, snapshot: part.versions, polled };
    this.lastBuildMs = performance.now() - started;
    if (changed) this.logBuilt(model, part, this.lastBuildMs);
  }

  private directoryFrom(part: BuiltPart): ParticipantDirectory {
    const kept = this.served?.model.directory;
    switch (part.directory.kind) {
      case 'kept':
        if (!kept) throw new Error('the first build of the read model came without participants');
        return kept;
      case 'full':
        return buildParticipantDirectory(new ParticipantIndex(part.shelves));
      case 'overlay':
        if (!kept) throw new Error('the first build of the read model came without every participant');
        return buildParticipantDirectory(kept.index.withOverlay(part.directory.years, part.shelves));
    }
  }

  /**
   * Starts the compaction of an overlay, when the model in service has one. Its result
   * replaces the directory only if the participants did not move since the model in
   * service was read (the catalogue in service stays: it may be newer).
   */
  private compactIfDue(location: StoreLocation): void {
    const served = this.served;
    if (!served || this.compaction || performance.now() < this.nextCompactionAt) return;
    if (served.model.directory.index.overlayYears.length === 0) return;
    const started = performance.now();
    const compaction = this.build(location, 'compaction', 'debug');
    this.compaction = compaction;
    compaction.done.then(
      (part) => {
        if (this.compaction !== compaction) return;
        this.compaction = undefined;
        const current = this.served;
        if (!current || participantsDiffer(part.versions, current.snapshot)) return;
        const directory = buildParticipantDirectory(new ParticipantIndex(part.shelves));
        const model = this.newModel(current.model.catalog, directory);
        this.served = { ...current, model };
        this.lastBuildMs = performance.now() - started;
        this.logBuilt(model, part, this.lastBuildMs);
      },
      (error: unknown) => {
        if (this.compaction === compaction) this.compaction = undefined;
        if (error instanceof BuildCancelled) return;
        this.nextCompactionAt = performance.now() + COMPACTION_RETRY_MS;
        this.options.logger.warn({ details: describeStoreError(error) }, 'read model compaction failed');
      },
    );
  }

  private async stopCompaction(): Promise<void> {
    const compaction = this.compaction;
    this.compaction = undefined;
    await compaction?.cancel();
  }

  private build(location: StoreLocation, mode: BuildMode, progressLevel: 'info' | 'debug'): RunningBuild {
    const served = this.served;
    const summary = served && {
      versions: served.snapshot,
      overlayYears: served.model.directory.index.overlayYears,
      rowsByYear: served.model.directory.index.rowsByYear,
    };
    return this.workers.start({ location, request: { mode, served: summary } }, (progress: BuildProgress) =>
      this.options.logger[progressLevel]({ mode, ...progress }, 'read model build progress'),
    );
  }

  private newModel(catalog: ReadModel['catalog'], directory: ParticipantDirectory): ReadModel {
    return { version: ++this.version, builtAt: new Date(), catalog, directory };
  }

  private logBuilt(model: ReadModel, part: BuiltPart, buildMs: number): void {
    const { directory } = part;
    this.options.logger.info(
      {
        readModelVersion: model.version,
        buildMs: Math.round(buildMs),
        readMs: Math.round(part.readMs),
        indexMs: Math.round(part.indexMs),
        rowsRead: part.rowsRead,
        participants: model.directory.index.size,
        statistics: part.catalog ? 'rebuilt' : 'kept',
        participantYears:
          directory.kind === 'overlay' ? directory.years : directory.kind === 'full' ? 'all' : 'kept',
        years: model.catalog.years.length,
      },
      'read model built',
    );
  }

  /** The store answered: the end of an outage, if there was one (also when nothing changed). */
  private reachable(): void {
    if (this.lastFailure !== undefined) this.options.logger.info('store reachable again');
    this.lastFailure = undefined;
  }

  private async dropStore(): Promise<void> {
    const store = this.store;
    this.store = undefined;
    if (store) {
      this.reconnects++;
      await store.close().catch(() => undefined);
    }
  }
}
