import type { StoreLocation } from '../../config/index.js';
import { recomputeAll } from '../../import/recompute.js';
import { openWriteStore } from '../../store/open-store.js';
import { formatCount, formatSeconds } from '../output.js';
import { createProgress } from '../progress.js';

/** `tamborrada recompute`: statistics from the stored participants (hand-written summaries kept). */
export async function recompute(location: StoreLocation): Promise<string> {
  const started = performance.now();
  const store = await openWriteStore(location);
  const progress = createProgress();
  try {
    const { statistics } = await recomputeAll(store, progress);
    return `recomputed ${formatCount(statistics)} statistics in ${formatSeconds(performance.now() - started)}`;
  } finally {
    progress.end();
    await store.close();
  }
}
