import { CATEGORY_IDS } from '../domain/categories.js';
import { DEFAULT_MIN_PUBLISHED_COUNT } from '../domain/statistics/index.js';
import { statisticsOfTallies } from '../domain/statistics/compute.js';
import { editionFingerprints } from '../domain/statistics/name-facts.js';
import {
  distinctNames,
  recordsByEdition,
  tallyEdition,
  withThreshold,
  type EditionTally,
} from '../domain/statistics/tally.js';
import type { ParticipantRecord } from '../domain/types.js';
import type { StoredTally, WriteTransaction } from '../store/store.js';
import { NO_PROGRESS, type Progress } from './progress.js';

/**
 * An edition's tally as it stands: the stored one while it still stands for the edition's
 * rows and was made under a rule no stricter than `k` (a stricter `k` only leaves cells
 * out); otherwise made anew from the rows, which publishes the edition's figures again.
 */
function currentTally(
  stored: StoredTally | undefined,
  year: number,
  records: readonly ParticipantRecord[],
  fingerprint: string,
  k: number,
): { tally: EditionTally; changed: boolean } {
  if (stored !== undefined && stored.recordsFingerprint === fingerprint && stored.tally.k <= k) {
    const tally = withThreshold(stored.tally, k);
    return { tally, changed: tally !== stored.tally };
  }
  return { tally: tallyEdition(year, records, k), changed: true };
}

/**
 * Every statistic from the editions' tallies but those of withheld years, written in one
 * transaction with the tallies that changed; years left without statistics are
 * unpublished. An edition keeps its stored tally (its published figures are final) until
 * its rows change (an import, plain SQL) or `k` is lowered; a removal changes neither
 * (`removeParticipant` keeps the tally's fingerprint in step). The series' numbers of
 * distinct names, which no tally adds up, are counted from the rows. Returns the
 * statistics' row count. The small-count rule's `k` is `minPublishedCount` when given
 * (the setting), else the one in force (stored with the statistics), else the default.
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
  const byEdition = recordsByEdition(participants);
  const fingerprints = editionFingerprints(participants);
  const stored = new Map((await tx.readEditionTallies()).map((row) => [row.year, row]));
  progress.phase(`computing the ${CATEGORY_IDS.length} statistics`);
  const tallies: EditionTally[] = [];
  for (const [year, records] of byEdition) {
    const fingerprint = fingerprints.get(year)!;
    const { tally, changed } = currentTally(stored.get(year), year, records, fingerprint, k);
    if (changed) await tx.writeEditionTally(tally, fingerprint);
    tallies.push(tally);
  }
  await tx.deleteEditionTallies([...stored.keys()].filter((year) => !byEdition.has(year)));
  const published = tallies.filter((tally) => !withheld.has(tally.year));
  const distinct = distinctNames(published.flatMap((tally) => byEdition.get(tally.year)!));
  const rows = statisticsOfTallies(published, distinct);
  progress.phase('writing the statistics');
  await tx.replaceStatistics(rows, k);
  await tx.unpublishYearsWithoutStatistics();
  return rows.length;
}

/**
 * Runs `removeRows`, which deletes rows of the `years` editions, so that what those
 * editions publish stays exactly as it was: each gets a stored tally standing for its rows
 * before (made now from them where none does), and afterwards the tally is said to stand
 * for the rows left. No statistic is recomputed: published figures are final, and a
 * removal must not tell anyone what it removed (docs/security.md).
 */
export async function keepingPublishedFigures<T>(
  tx: WriteTransaction,
  years: readonly number[],
  removeRows: () => Promise<T>,
): Promise<T> {
  const k = (await tx.readStatisticsRule())?.minPublishedCount ?? DEFAULT_MIN_PUBLISHED_COUNT;
  const stored = new Map((await tx.readEditionTallies()).map((row) => [row.year, row]));
  const before = await tx.readParticipants();
  const byEdition = recordsByEdition(before);
  const fingerprintsBefore = editionFingerprints(before);
  for (const year of years) {
    const fingerprint = fingerprintsBefore.get(year);
    if (fingerprint === undefined || stored.get(year)?.recordsFingerprint === fingerprint) continue;
    await tx.writeEditionTally(tallyEdition(year, byEdition.get(year)!, k), fingerprint);
  }
  const result = await removeRows();
  const fingerprintsAfter = editionFingerprints(await tx.readParticipants());
  for (const year of years) {
    const fingerprint = fingerprintsAfter.get(year);
    if (fingerprint !== undefined) await tx.setTallyFingerprint(year, fingerprint);
  }
  return result;
}

/**
 * After `migrate`: statistics an earlier version computed lack what this one makes with
 * them (Basque summaries, the editions' tallies), so they are recomputed under the rule in
 * force, as `recompute` would. Statistics that tamborrada did not compute (no rule stored:
 * the public project's, plain SQL) are left as they are. Returns the rows written, 0 when
 * nothing was missing.
 */
export async function completeStatistics(tx: WriteTransaction): Promise<number> {
  if ((await tx.readStatisticsRule()) === undefined) return 0;
  if (!(await tx.lacksBasqueOrTallies())) return 0;
  return recomputeInside(tx);
}
