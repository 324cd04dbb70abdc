import type { StoreLocation } from '../../config/index.js';
import { recomputeAll } from '../../import/publish.js';
import { openWriteStore } from '../../store/open-store.js';
import { formatCount, formatSeconds } from '../output.js';

/** `tamborrada recompute`: statistics from the stored participants (hand-written summaries kept). */
export async function recompute(location: StoreLocation): Promise<string> {
  const started = performance.now();
  const store = await openWriteStore(location);
  try {
    const { statistics } = await recomputeAll(store);
    return `recomputed ${formatCount(statistics)} statistics in ${formatSeconds(performance.now() - started)}`;
  } finally {
    await store.close();
  }
}
