import { computeStatistics } from '../domain/statistics/index.js';
import type { WriteStore, WriteTransaction } from '../store/store.js';
import { NO_PROGRESS, type Progress } from './progress.js';

/**
 * Every statistic from the stored participants, written in the same transaction: the
 * participants of withheld (unpublished) years are left out, then the years left without
 * statistics are unpublished. Returns the number of statistic rows.
 */
export async function recomputeInside(
  tx: WriteTransaction,
  progress: Progress = NO_PROGRESS,
): Promise<number> {
  progress.phase('reading the participants back');
  const withheld = new Set(await tx.readWithheldYears());
  const participants = await tx.readParticipants();
  const counted =
    withheld.size === 0 ? participants : participants.filter((record) => !withheld.has(record.year));
  progress.phase('computing the 21 statistics');
  const rows = computeStatistics(counted);
  progress.phase('writing the statistics');
  await tx.replaceStatistics(rows);
  await tx.unpublishYearsWithoutStatistics();
  return rows.length;
}

/** `tamborrada recompute`: every statistic again, from the stored participants (hand-written summaries kept). */
export async function recomputeAll(
  store: WriteStore,
  progress: Progress = NO_PROGRESS,
): Promise<{ statistics: number }> {
  return store.transaction(async (tx) => ({ statistics: await recomputeInside(tx, progress) }));
}
