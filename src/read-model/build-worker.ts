/** Runs one build of the store its first message locates; posts the parts as they are made. */
import { parentPort } from 'node:worker_threads';
import type { StoreLocation } from '../config/index.js';
import { describeStoreError } from '../store/store-errors.js';
import { buildReadModel, type WorkerMessage } from './build.js';
import { shelfBuffers } from './participant-index.js';

const post = (message: WorkerMessage, transfer: ArrayBuffer[] = []) =>
  parentPort!.postMessage(message, transfer);

parentPort!.once('message', (location: StoreLocation) => {
  buildReadModel(location, (part) => post(part, part.type === 'shelf' ? shelfBuffers(part.shelf) : [])).then(
    (outcome) => post({ type: 'done', outcome }),
    (error: unknown) => post({ type: 'failed', details: describeStoreError(error) }),
  );
});
