import type { StoreLocation } from '../../config/index.js';
import { recomputeInside } from '../../import/recompute.js';
import { formatCount, formatSeconds } from '../output.js';
import { withProgress } from '../progress.js';
import { withStore } from './with-store.js';

/** `tamborrada recompute`: statistics from the stored participants (hand-written summaries kept). */
export async function recompute(location: StoreLocation): Promise<string> {
  const started = performance.now();
  return withStore(location, 'write', async (store) => {
    const statistics = await withProgress((progress) =>
      store.transaction((tx) => recomputeInside(tx, progress)),
    );
    return `recomputed ${formatCount(statistics)} statistics in ${formatSeconds(performance.now() - started)}`;
  });
}
