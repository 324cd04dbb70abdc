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

/**
 * The worker's module beside this one. From the TypeScript sources (tests, `tsx`), the
 * worker registers tsx before loading it: `--import` hooks are not passed on to workers.
 */
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
 * Builds the read model on this thread: only while nothing is served yet (the server
 * listens once the first model is in). What a worker leaves behind when it ends (V8's
 * pages of its heap, the Node binary's pages its start touched) stays resident: about
 * 15 MB of the idle server on the demo (docs/decisions.md, "The first model built on the
 * server's own thread").
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

/**
 * Builds the read model in a worker thread of its own, which ends with the build (or when
 * `signal` aborts): this thread, which goes on serving, only receives the parts, a shelf
 * per message.
 */
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
