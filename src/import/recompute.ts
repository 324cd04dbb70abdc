import { computeStatistics } from '../domain/statistics/index.js';
import type { WriteStore, WriteTransaction } from '../store/store.js';
import { NO_PROGRESS, type Progress } from './progress.js';

/** Every statistic from every stored participant, written in the same transaction. */
export async function recomputeInside(
  tx: WriteTransaction,
  progress: Progress = NO_PROGRESS,
): Promise<number> {
  progress.phase('reading the participants back');
  const participants = await tx.readParticipants();
  progress.phase('computing the 21 statistics');
  const rows = computeStatistics(participants);
  progress.phase('writing the statistics');
  await tx.replaceStatistics(rows);
  return rows.length;
}

/** `tamborrada recompute`: statistics from the stored participants; years without statistics any more are unpublished. */
export async function recomputeAll(
  store: WriteStore,
  progress: Progress = NO_PROGRESS,
): Promise<{ statistics: number }> {
  return store.transaction(async (tx) => {
    const statistics = await recomputeInside(tx, progress);
    await tx.publishYears([]);
    return { statistics };
  });
}
