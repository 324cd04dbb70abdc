import { CATEGORY_IDS, GLOBAL_YEAR } from '../domain/categories.js';
import { computeStatistics, DEFAULT_MIN_PUBLISHED_COUNT } from '../domain/statistics/index.js';
import { nameFactsOf, recordsFingerprint } from '../domain/statistics/name-facts.js';
import type { WriteTransaction } from '../store/store.js';
import { NO_PROGRESS, type Progress } from './progress.js';

/**
 * Every statistic from the stored participants but those of withheld years, and the name
 * pages' facts from the same records, written in the same transaction (so that a server's
 * build reads them rather than makes them); years left without statistics are unpublished.
 * Returns the statistics' row count.
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
  const editions = [...new Set(rows.map((row) => row.year))]
    .filter((year) => year !== GLOBAL_YEAR)
    .map(Number)
    .sort((a, b) => a - b);
  const names = nameFactsOf(counted, editions, k);
  const fingerprint = recordsFingerprint(counted, editions);
  progress.phase('writing the statistics');
  await tx.replaceStatistics(rows, k);
  await tx.replaceNameFacts(names, fingerprint);
  await tx.unpublishYearsWithoutStatistics();
  return rows.length;
}

/**
 * After `migrate`: statistics an earlier version computed lack what this one makes with
 * them (Basque summaries, the name pages' facts), so they are recomputed under the rule in
 * force, as `recompute` would. Statistics that tamborrada did not compute (no rule stored:
 * the public project's, plain SQL) are left as they are. Returns the rows written, 0 when
 * nothing was missing.
 */
export async function completeStatistics(tx: WriteTransaction): Promise<number> {
  if ((await tx.readStatisticsRule()) === undefined) return 0;
  if (!(await tx.lacksBasqueOrNameFacts())) return 0;
  return recomputeInside(tx);
}
