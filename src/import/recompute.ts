import { CATEGORY_IDS } from '../domain/categories.js';
import { statisticsOfTallies } from '../domain/statistics/compute.js';
import { editionFingerprints } from '../domain/statistics/name-facts.js';
import {
  DEFAULT_MIN_PUBLISHED_COUNT,
  distinctNames,
  recordsByEdition,
  tallyEdition,
  withThreshold,
  type EditionTally,
} from '../domain/statistics/tally.js';
import type { StoredTally, WriteTransaction } from '../store/store.js';
import { NO_PROGRESS, type Progress } from './progress.js';

/** The stored tally while it stands for the edition's rows and was made under a rule no stricter than `k`. */
export function standingTally(stored: StoredTally | undefined, fingerprint: string | undefined, k: number) {
  const stands = stored !== undefined && stored.recordsFingerprint === fingerprint && stored.tally.k <= k;
  return stands ? withThreshold(stored.tally, k) : undefined;
}

/**
 * Every statistic from the tallies of the editions not withheld (distinct names, which no tally
 * adds up, from the rows), written with the tallies that changed; years left without statistics
 * are unpublished. An edition keeps its tally (its published figures are final) until its rows
 * change or `k` is lowered. Returns the statistics' row count.
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
    const tally = standingTally(stored.get(year), fingerprint, k) ?? tallyEdition(year, records, k);
    if (tally !== stored.get(year)?.tally) await tx.writeEditionTally(tally, fingerprint);
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
 * Runs `removeRows` (rows of the `years` editions deleted) so that what those editions
 * publish stays as it was: their tallies, made from the rows before, then stand for the
 * rows left. Nothing is recomputed: a removal must not tell what it removed (docs/security.md).
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
 * After `migrate`: statistics an earlier version computed (lacking Basque summaries or
 * tallies) are recomputed; those tamborrada did not compute (no rule stored) are left.
 */
export async function completeStatistics(tx: WriteTransaction): Promise<number> {
  if ((await tx.readStatisticsRule()) === undefined) return 0;
  if (!(await tx.lacksBasqueOrTallies())) return 0;
  return recomputeInside(tx);
}
