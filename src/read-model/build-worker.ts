/**
 * A worker thread that builds the read model (see build-runner.ts), one build per task
 * message: it builds the read model (model-build.ts) from its own connection to the store
 * and hands the parts over as messages: each school's shelf as soon as it is built (its
 * typed arrays moved, not copied), progress now and then, and the outcome.
 */
import { parentPort } from 'node:worker_threads';
import type { StoreLocation } from '../config/index.js';
import { openReadStore } from '../store/open-store.js';
import { describeStoreError } from '../store/store-errors.js';
import type { ReadStore } from '../store/store.js';
import type { WorkerMessage, WorkerTask } from './build-runner.js';
import { buildModel } from './model-build.js';
import { shelfBuffers } from './school-shelf.js';

const port = parentPort!;
const post = (message: WorkerMessage, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

/** Kept open between the builds of one worker; a build uses one connection. */
let opened: { key: string; store: ReadStore } | undefined;

async function storeAt(location: StoreLocation): Promise<ReadStore> {
  const key = JSON.stringify(location);
  if (opened?.key !== key) {
    await opened?.store.close();
    opened = undefined;
    const oneConnection: StoreLocation =
      location.engine === 'postgres'
        ? { ...location, settings: { ...location.settings, poolMax: 1 } }
        : location;
    opened = { key, store: await openReadStore(oneConnection) };
  }
  return opened.store;
}

port.on('message', ({ location }: WorkerTask) => {
  void (async () => {
    try {
      const outcome = await buildModel(await storeAt(location), {
        shelf: (shelf) => post({ type: 'shelf', shelf }, shelfBuffers(shelf)),
        progress: (progress) => post({ type: 'progress', progress }),
      });
      post({ type: 'done', outcome });
    } catch (error) {
      const failed = opened;
      opened = undefined;
      await failed?.store.close().catch(() => undefined);
      post({ type: 'failed', details: describeStoreError(error) });
    }
  })();
});
