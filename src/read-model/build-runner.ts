import { Worker } from 'node:worker_threads';
import type { StoreLocation } from '../config/index.js';
import type { BuildOutcome, BuildProgress } from './build-worker.js';
import type { SchoolShelf } from './participant-index.js';
import { reviveBuffers } from './prepared-response.js';

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

/**
 * The worker's module beside this one. From the TypeScript sources (tests, `tsx`), the
 * worker registers tsx before loading it: `--import` hooks are not passed on to workers.
 */
function spawnWorker(location: StoreLocation): Worker {
  const options = { workerData: location };
  if (!import.meta.url.endsWith('.ts'))
    return new Worker(new URL('./build-worker.js', import.meta.url), options);
  const entry = JSON.stringify(new URL('./build-worker.ts', import.meta.url).href);
  const script = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${entry}); });`;
  return new Worker(script, { ...options, eval: true });
}

/**
 * Builds the read model in a worker thread of its own, so that the event loop keeps
 * answering requests: this thread only receives the parts (a shelf per message, spread
 * over turns of the event loop). The worker ends with the build (or when `signal`
 * aborts), and its memory with it.
 */
export async function runBuild(
  location: StoreLocation,
  onProgress: (progress: BuildProgress) => void,
  signal: AbortSignal,
): Promise<BuiltModel> {
  signal.throwIfAborted();
  const worker = spawnWorker(location);
  const end = () => void worker.terminate();
  signal.addEventListener('abort', end);
  const shelves = new Map<string, SchoolShelf>();
  try {
    return await new Promise<BuiltModel>((resolve, reject) => {
      worker.on('message', (message: WorkerMessage) => {
        if (message.type === 'shelf') shelves.set(message.shelf.school, message.shelf);
        else if (message.type === 'progress') onProgress(message.progress);
        else if (message.type === 'failed') reject(new Error(message.details));
        else resolve({ ...message.outcome, catalog: reviveBuffers(message.outcome.catalog), shelves });
      });
      worker.on('error', reject);
      worker.on('exit', (code) => reject(new Error(`the build worker stopped (exit code ${code})`)));
    });
  } finally {
    signal.removeEventListener('abort', end);
    end();
  }
}
