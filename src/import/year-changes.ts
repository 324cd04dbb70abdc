import { publishedYears } from '../read-model/statistics-records.js';
import type { WriteStore, WriteTransaction, YearStatus } from '../store/store.js';
import { NO_PROGRESS, type Progress } from './progress.js';
import { recomputeInside } from './recompute.js';

/** Taking a year down or back up, with every statistic recomputed in the same transaction. */
export type YearChange = 'unpublish' | 'publish' | 'remove';

/** A year change that cannot be made: said in one line. */
export class YearChangeRefused extends Error {}

export type YearChangeReport = Awaited<ReturnType<typeof changeYear>>;

const totalStatistics = (statuses: readonly YearStatus[]) =>
  statuses.reduce((sum, status) => sum + status.statistics, 0);

/** Thrown to roll a dry run back. */
const ROLLED_BACK = new Error('dry run');

/** `work` in one transaction, rolled back on a dry run: its report either way. */
export async function transactionOrDryRun<Report>(
  store: WriteStore,
  dryRun: boolean,
  work: (tx: WriteTransaction) => Promise<Report>,
): Promise<Report> {
  let report: Report | undefined;
  try {
    return await store.transaction(async (tx) => {
      report = await work(tx);
      if (dryRun) throw ROLLED_BACK;
      return report;
    });
  } catch (error) {
    if (error === ROLLED_BACK) return report!;
    throw error;
  }
}

export async function changeYear(
  store: WriteStore,
  change: YearChange,
  year: string,
  { dryRun = false, progress = NO_PROGRESS }: { dryRun?: boolean; progress?: Progress } = {},
) {
  return transactionOrDryRun(store, dryRun, async (tx) => {
    const before = await tx.readYearStatuses();
    const status = before.find((entry) => entry.year === year);
    if (!/^[0-9]{4}$/.test(year)) throw new YearChangeRefused(`a year is 4 digits, got '${year}'`);
    if (status === undefined) throw new YearChangeRefused(`there is no year ${year} in the store`);
    if (change === 'publish' && !status.isReady && status.participants === 0)
      throw new YearChangeRefused(`${year} has no participants to publish`);
    // Why nothing was changed, when the year was as asked already.
    let unchanged: string | undefined;
    if (change === 'publish' && status.isReady) unchanged = `${year} is published already`;
    else if (change === 'unpublish' && !status.isReady) unchanged = `${year} is not published`;
    else {
      if (change === 'remove') {
        await tx.deleteParticipantsOfYears([Number(year)]);
        await tx.forgetYear(year);
      } else await tx.setReady([year], change === 'publish');
      await recomputeInside(tx, progress);
    }
    const after = unchanged === undefined ? await tx.readYearStatuses() : before;
    return {
      change,
      year,
      store: store.description,
      // As `/api/years` lists them.
      publishedBefore: publishedYears(before),
      publishedAfter: publishedYears(after),
      participants: status.participants,
      statisticsBefore: totalStatistics(before),
      statisticsAfter: totalStatistics(after),
      dryRun,
      ...(unchanged === undefined ? {} : { unchanged }),
    };
  });
}
