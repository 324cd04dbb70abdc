import { Worker } from 'node:worker_threads';
import type { StoreLocation } from '../config/index.js';
import { buildReadModel, type BuildOutcome, type BuildProgress } from './build.js';
import type { SchoolShelf } from './participant-index.js';

/** What the build worker says, in this order: shelves and progress, then `done` or `failed`. */
export type WorkerMessage =
  | { type: 'shelf'; shelf: SchoolShelf }
  | { type: 'progress'; progress: BuildProgress }
  | { type: 'done'; outcome: BuildOutcome }
  | { type: 'failed'; details: string };

/** From the TypeScript sources the worker registers tsx first: `--import` hooks do not reach workers. */
function spawnWorker(): Worker {
  return import.meta.url.endsWith('.ts')
    ? new Worker(
        `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(new URL('./build-worker.ts', import.meta.url).href)}); });`,
        { eval: true },
      )
    : new Worker(new URL('./build-worker.js', import.meta.url));
}

type Built = BuildOutcome & { shelves: Map<string, SchoolShelf> };

/**
 * Builds the read model on this thread, while nothing is served yet: what a worker leaves
 * behind when it ends stays resident (about 15 MB of the idle server on the demo).
 */
export async function buildHere(
  location: StoreLocation,
  onProgress: (progress: BuildProgress) => void,
): Promise<Built> {
  const shelves = new Map<string, SchoolShelf>();
  const outcome = await buildReadModel(location, {
    shelf: (shelf) => shelves.set(shelf.school, shelf),
    progress: onProgress,
  });
  return { ...outcome, shelves };
}

/** Builds the read model in a worker thread that ends with the build (or `signal`); parts come a shelf per message. */
export async function runBuild(
  location: StoreLocation,
  onProgress: (progress: BuildProgress) => void,
  signal: AbortSignal,
): Promise<Built> {
  signal.throwIfAborted();
  const worker = spawnWorker();
  const end = () => void worker.terminate();
  signal.addEventListener('abort', end);
  const shelves = new Map<string, SchoolShelf>();
  try {
    return await new Promise((resolve, reject) => {
      worker.on('message', (message: WorkerMessage) => {
        if (message.type === 'shelf') shelves.set(message.shelf.school, message.shelf);
        else if (message.type === 'progress') onProgress(message.progress);
        else if (message.type === 'failed') reject(new Error(message.details));
        else resolve({ ...message.outcome, shelves });
      });
      worker.on('error', reject);
      worker.on('exit', (code) => reject(new Error(`the build worker stopped (exit code ${code})`)));
      worker.postMessage(location);
    });
  } finally {
    signal.removeEventListener('abort', end);
    end();
  }
}
