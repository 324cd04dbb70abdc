import { CATEGORY_IDS } from '../domain/categories.js';
import { computeStatistics, DEFAULT_MIN_PUBLISHED_COUNT } from '../domain/statistics/index.js';
import type { WriteTransaction } from '../store/store.js';
import { NO_PROGRESS, type Progress } from './progress.js';

/**
 * Every statistic from the stored participants but those of withheld years, written in the
 * same transaction; years left without statistics are unpublished. Returns the row count.
 * The small-count rule's `k` is `minPublishedCount` when given (the setting), else the
 * one in force (stored with the statistics), else the default.
 */
export async function recomputeInside(
  tx: WriteTransaction,
  progress: Progress = NO_PROGRESS,
  minPublishedCount?: number,
): Promise<number> {
  const k =
    minPublishedCount ?? (await tx.readStatisticsRule())?.minPublishedCount ?? DEFAULT_MIN_PUBLISHED_COUNT;
  progress.phase('reading the participants back');
  const withheld = new Set(await tx.readWithheldYears());
  const participants = await tx.readParticipants();
  const counted =
    withheld.size === 0 ? participants : participants.filter((record) => !withheld.has(record.year));
  progress.phase(`computing the ${CATEGORY_IDS.length} statistics`);
  const rows = computeStatistics(counted, k);
  progress.phase('writing the statistics');
  await tx.replaceStatistics(rows, k);
  await tx.unpublishYearsWithoutStatistics();
  return rows.length;
}

/**
 * After `migrate`: statistics an earlier version computed have no Basque summaries, so
 * they are recomputed under the rule in force, as `recompute` would. Statistics that
 * tamborrada did not compute (no rule stored: the public project's, plain SQL) are left
 * as they are. Returns the rows written, 0 when nothing was missing.
 */
export async function addBasqueSummaries(tx: WriteTransaction): Promise<number> {
  if ((await tx.readStatisticsRule()) === undefined || !(await tx.lacksBasqueSummaries())) return 0;
  return recomputeInside(tx);
}
