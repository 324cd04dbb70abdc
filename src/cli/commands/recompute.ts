import type { StoreLocation } from '../../config/index.js';
import { recomputeInside } from '../../import/recompute.js';
import { formatCount, formatSeconds } from '../output.js';
import { withProgress } from '../progress.js';
import { withStore } from './with-store.js';

/** `minPublishedCount`: the small-count rule when given, else the one in force. */
export async function recompute(location: StoreLocation, minPublishedCount?: number): Promise<string> {
  const started = performance.now();
  return withStore(location, 'write', async (store) => {
    const { statistics, rule } = await withProgress((progress) =>
      store.transaction(async (tx) => {
        const statistics = await recomputeInside(tx, progress, minPublishedCount);
        return { statistics, rule: (await tx.readStatisticsRule())! };
      }),
    );
    const seconds = formatSeconds(performance.now() - started);
    return `recomputed ${formatCount(statistics)} statistics under the small-count rule k = ${rule.minPublishedCount} in ${seconds}`;
  });
}
