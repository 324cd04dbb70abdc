import { Worker } from 'node:worker_threads';
import type { StoreLocation } from '../config/index.js';
import type { BuildOutcome, BuildProgress } from './model-build.js';
import type { SchoolShelf } from './school-shelf.js';
import { reviveCatalog } from './statistics-catalog.js';

/** What the build worker says, in this order: shelves and progress, then `done` or `failed`. */
export type WorkerMessage =
  | { type: 'shelf'; shelf: SchoolShelf }
  | { type: 'progress'; progress: BuildProgress }
  | { type: 'done'; outcome: BuildOutcome }
  | { type: 'failed'; details: string };

/** A build's outcome with the shelves it built, ready to be put in service. */
export interface BuiltModel extends BuildOutcome {
  shelves: Map<string, SchoolShelf>;
}

/** The build was stopped on purpose (`cancel`). */
export class BuildCancelled extends Error {
  constructor() {
    super('build cancelled');
  }
}

export interface RunningBuild {
  readonly done: Promise<BuiltModel>;
  /** Stops the worker; `done` then rejects with `BuildCancelled` (unless it was settled already). */
  cancel(): Promise<void>;
}

/** What a build worker is asked to do (its one message). */
export interface WorkerTask {
  location: StoreLocation;
}

/**
 * A worker that built no more rows than this is kept for the next build (its modules are
 * loaded, its connection may still be open); after a larger build it is ended, and the
 * memory of the build goes with it.
 */
const REUSE_UP_TO_ROWS = 100_000;

/**
 * The worker's module beside this one. From the TypeScript sources (tests, `tsx`), the
 * worker registers tsx before loading it: Node 20 does not pass `--import` hooks on to
 * worker threads.
 */
function spawnWorker(): Worker {
  const fromSources = import.meta.url.endsWith('.ts');
  const entry = new URL(`./build-worker.${fromSources ? 'ts' : 'js'}`, import.meta.url);
  const worker = fromSources
    ? new Worker(
        `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); });`,
        { eval: true },
      )
    : new Worker(entry);
  idle(worker);
  worker.on('error', () => undefined);
  return worker;
}

/** Between builds, a worker neither keeps the process alive nor may crash it. */
function idle(worker: Worker): void {
  worker.unref();
}

/**
 * Runs builds in worker threads, so that the event loop keeps answering requests: this
 * thread only receives the parts (a shelf per message, spread over turns of the event
 * loop) and revives the catalogue's Buffers. One worker is kept loaded and waiting: the
 * one of the last small build, or a new one started after a large build ended its own.
 */
export class BuildWorkers {
  private waiting: { worker: Worker; alive: boolean } | undefined;

  start(task: WorkerTask, onProgress: (progress: BuildProgress) => void): RunningBuild {
    const worker = this.take();
    worker.ref();
    const shelves = new Map<string, SchoolShelf>();
    let cancelled = false;
    const done = new Promise<BuiltModel>((resolve, reject) => {
      let settled = false;
      const onMessage = (message: WorkerMessage) => {
        switch (message.type) {
          case 'shelf':
            shelves.set(message.shelf.school, message.shelf);
            break;
          case 'progress':
            onProgress(message.progress);
            break;
          case 'done': {
            const { outcome } = message;
            const catalog = reviveCatalog(outcome.catalog);
            settle(outcome.rowsRead <= REUSE_UP_TO_ROWS, () => resolve({ ...outcome, catalog, shelves }));
            break;
          }
          case 'failed':
            settle(false, () => reject(new Error(message.details)));
            break;
        }
      };
      const onError = (error: Error) => settle(false, () => reject(error));
      const onExit = (code: number) => {
        if (!settled)
          reject(
            cancelled ? new BuildCancelled() : new Error(`the build worker stopped (exit code ${code})`),
          );
      };
      const settle = (reuse: boolean, outcome: () => void) => {
        settled = true;
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
        this.release(worker, reuse);
        outcome();
      };
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    });
    worker.postMessage(task);
    return {
      done,
      async cancel() {
        cancelled = true;
        await worker.terminate();
      },
    };
  }

  /** Stops the worker kept for the next build. */
  async close(): Promise<void> {
    const waiting = this.waiting;
    this.waiting = undefined;
    await waiting?.worker.terminate();
  }

  private take(): Worker {
    const waiting = this.waiting;
    this.waiting = undefined;
    return waiting?.alive ? waiting.worker : spawnWorker();
  }

  /** Keeps `worker` for the next build, or ends it and has a new one loaded for next time. */
  private release(worker: Worker, reuse: boolean): void {
    if (reuse && !this.waiting) {
      idle(worker);
      this.keep(worker);
      return;
    }
    void worker.terminate();
    if (!this.waiting) this.keep(spawnWorker());
  }

  private keep(worker: Worker): void {
    const waiting = { worker, alive: true };
    worker.once('exit', () => (waiting.alive = false));
    this.waiting = waiting;
  }
}
