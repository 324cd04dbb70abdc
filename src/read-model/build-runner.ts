import { Worker } from 'node:worker_threads';
import type { StoreLocation } from '../config/index.js';
import type { BuildOutcome, BuildProgress } from './build-worker.js';
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

/** A worker started ahead of the first build (`prepareFirstBuild`), until a build takes it. */
let prepared: Worker | undefined;

/**
 * Starts the first build's worker thread now, so that its start (Node's bootstrap and our
 * modules: about 100 ms of a thread) overlaps the server loading its own modules. Only the
 * first: every later build starts its own, and no worker stays alive between builds.
 */
export function prepareFirstBuild(): void {
  if (prepared) return;
  const worker = (prepared = spawnWorker());
  worker.unref(); // it keeps no process alive before a build takes it
  const drop = () => prepared === worker && (prepared = undefined);
  // A worker that fails to start is dropped: the build starts its own, which says why.
  worker.once('error', drop).once('exit', drop);
}

/**
 * Builds the read model in a worker thread of its own, which ends with the build (or when
 * `signal` aborts), and its memory with it: this thread only receives the parts, a shelf
 * per message.
 */
export async function runBuild(
  location: StoreLocation,
  onProgress: (progress: BuildProgress) => void,
  signal: AbortSignal,
): Promise<BuildOutcome & { shelves: Map<string, SchoolShelf> }> {
  signal.throwIfAborted();
  const worker = prepared ?? spawnWorker();
  prepared = undefined;
  worker.ref();
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
