import { GLOBAL_YEAR } from '../domain/categories.js';
import { computeStatistics } from '../domain/statistics/index.js';
import type { ParticipantRecord } from '../domain/types.js';
import type { WriteStore, WriteTransaction } from '../store/store.js';

/** Every statistic from every stored participant, written in the same transaction. */
async function recomputeInside(tx: WriteTransaction): Promise<{ statistics: number; years: string[] }> {
  const rows = computeStatistics(await tx.readParticipants());
  await tx.replaceStatistics(rows);
  return { statistics: rows.length, years: [...new Set(rows.map((row) => row.year))] };
}

export interface ImportOutcome {
  statistics: number;
  published: string[];
}

/**
 * The January import, in one transaction: the participants of the file's years are
 * replaced, every statistic is recomputed from all stored participants, and those
 * years and `global` are published. Any failure leaves the previous data intact.
 */
export async function replaceYearsAndPublish(
  store: WriteStore,
  records: readonly ParticipantRecord[],
  years: readonly number[],
): Promise<ImportOutcome> {
  return store.transaction(async (tx) => {
    await tx.deleteParticipantsOfYears(years);
    await tx.insertParticipants(records);
    const { statistics } = await recomputeInside(tx);
    const published = [...years.map(String), GLOBAL_YEAR];
    await tx.publishYears(published);
    return { statistics, published };
  });
}

/** Statistics from the stored participants; years without statistics any more are unpublished. */
export async function recomputeAll(store: WriteStore): Promise<{ statistics: number }> {
  return store.transaction(async (tx) => {
    const { statistics } = await recomputeInside(tx);
    await tx.publishYears([]);
    return { statistics };
  });
}
