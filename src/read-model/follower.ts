import type { FastifyBaseLogger } from 'fastify';
import { buildStatisticsCatalog } from './statistics-catalog.js';
import { buildParticipantDirectory, type ReadModel } from './read-model.js';
import { ParticipantIndex, ShelfCollector } from './participant-index.js';
import type { ChangeVersions, ReadStore, StorePart } from '../store/store.js';
import { describeStoreError } from '../store/store-errors.js';

export interface FollowerOptions {
  /** How often the store's change counters are read. */
  pollIntervalMs: number;
  logger: FastifyBaseLogger;
}

export type FollowerState =
  { kind: 'loading' } | { kind: 'ready'; model: ReadModel } | { kind: 'failed'; details: string };

const CATALOG_PARTS: readonly StorePart[] = ['statistics', 'available_years', 'sys_status'];

/**
 * V8's full collection, when Node runs with `--expose-gc` (as `tamborrada` does). Called
 * once a new participant index is in place: the build's garbage and the old model (some
 * 300 MB at scale 100) go at once, instead of in a full collection in the middle of
 * traffic later.
 */
const collectGarbage = (globalThis as { gc?: () => void }).gc;

/**
 * Keeps the read model in step with the store: reads the change counters on a timer
 * (and at once when the store pushes a notification), and rebuilds only what moved.
 * A failure after a successful load keeps the last good model; the store is opened
 * again on the next tick.
 */
export class ReadModelFollower {
  private model: ReadModel | undefined;
  private loadedVersions: ChangeVersions | undefined;
  private lastFailure: string | undefined;
  private store: ReadStore | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private version = 0;
  /** Reported in metrics. */
  reconnects = 0;
  lastBuildMs = 0;

  constructor(
    private readonly openStore: () => Promise<ReadStore>,
    private readonly options: FollowerOptions,
  ) {}

  get state(): FollowerState {
    if (this.model) return { kind: 'ready', model: this.model };
    if (this.lastFailure !== undefined) return { kind: 'failed', details: this.lastFailure };
    return { kind: 'loading' };
  }

  /** True when a model is loaded and the last read of the store succeeded (metrics). */
  get storeHealthy(): boolean {
    return this.model !== undefined && this.lastFailure === undefined;
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
    await this.running;
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
      const differs = (versions: ChangeVersions) => (part: StorePart) =>
        this.loadedVersions?.[part] !== versions[part] || this.loadedVersions.identity !== versions.identity;
      if (this.model && !(['participants', ...CATALOG_PARTS] as const).some(differs(polled))) {
        this.reachable();
        return;
      }

      // Everything is read in one snapshot, its versions included: one committed state.
      const started = performance.now();
      const { versions, catalog, directory } = await store.readSnapshot(async (snapshot) => {
        const versions = await snapshot.readChangeVersions();
        const changed = differs(versions);
        const catalog =
          !this.model || CATALOG_PARTS.some(changed)
            ? buildStatisticsCatalog(
                await snapshot.readYears(),
                await snapshot.readStatistics(),
                await snapshot.readUpdating(),
              )
            : this.model.catalog;
        let directory = this.model?.directory;
        if (!directory || changed('participants')) {
          const collector = new ShelfCollector();
          await snapshot.readParticipants(undefined, collector.take);
          const shelves = new Map([...collector.shelve()].map((shelf) => [shelf.school, shelf]));
          directory = buildParticipantDirectory(new ParticipantIndex(shelves));
        }
        return { versions, catalog, directory };
      });
      const participantsRebuilt = directory !== this.model?.directory;
      this.lastBuildMs = performance.now() - started;
      this.model = { version: ++this.version, builtAt: new Date(), catalog, directory };
      this.loadedVersions = versions;
      this.reachable();
      const collecting = performance.now();
      if (participantsRebuilt) collectGarbage?.();
      this.options.logger.info(
        {
          readModelVersion: this.version,
          buildMs: Math.round(this.lastBuildMs),
          gcMs: Math.round(performance.now() - collecting),
          years: catalog.years.length,
        },
        'read model built',
      );
    } catch (error) {
      const details = describeStoreError(error);
      if (this.lastFailure !== details) this.options.logger.error({ details }, 'store read failed');
      this.lastFailure = details;
      await this.dropStore();
    }
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
