import { GLOBAL_YEAR } from '../domain/categories.js';
import type { WriteStore, WriteTransaction, YearStatus } from '../store/store.js';
import { NO_PROGRESS, type Progress } from './progress.js';
import { recomputeInside } from './recompute.js';

/**
 * Taking a year down, or back up, in one transaction that also recomputes every
 * statistic (`global` included), with a dry run that does the same and rolls it back:
 * - unpublish: the year leaves `/api/years` and every statistic; its participants stay;
 * - publish: an unpublished year with participants is counted and listed again;
 * - remove: the year's participants are deleted (and its flag and source forgotten).
 */
export type YearChange = 'unpublish' | 'publish' | 'remove';

/** A year change that cannot be made: said in one line. */
export class YearChangeRefused extends Error {}

export interface YearChangeReport {
  change: YearChange;
  year: string;
  /** Where, without credentials. */
  store: string;
  /** The published years (as `/api/years` lists them) before and after. */
  publishedBefore: string[];
  publishedAfter: string[];
  /** The year's participants before (kept when unpublishing or publishing, deleted when removing). */
  participants: number;
  statisticsBefore: number;
  statisticsAfter: number;
  /** True when nothing was committed (`--dry-run`). */
  dryRun: boolean;
  /** Set when the year was as asked already, so nothing was changed: why. */
  unchanged?: string;
}

function published(statuses: readonly YearStatus[]): string[] {
  const years = statuses.filter((status) => status.isReady).map((status) => status.year);
  const numeric = years.filter((year) => year !== GLOBAL_YEAR).sort((a, b) => Number(b) - Number(a));
  return years.includes(GLOBAL_YEAR) ? [...numeric, GLOBAL_YEAR] : numeric;
}

const totalStatistics = (statuses: readonly YearStatus[]) =>
  statuses.reduce((sum, status) => sum + status.statistics, 0);

/** Why a change does not apply to the year as it stands, or undefined. */
function refusal(change: YearChange, year: string, status: YearStatus | undefined): string | undefined {
  if (!/^[0-9]{4}$/.test(year)) return `a year is 4 digits, got '${year}'`;
  if (status === undefined) return `there is no year ${year} in the store`;
  if (change === 'publish' && !status.isReady && status.participants === 0)
    return `${year} has no participants to publish`;
  return undefined;
}

/** Why a change that applies would change nothing (the year is as asked already), or undefined. */
function alreadyDone(change: YearChange, year: string, status: YearStatus): string | undefined {
  if (change === 'publish' && status.isReady) return `${year} is published already`;
  if (change === 'unpublish' && !status.isReady) return `${year} is not published`;
  return undefined;
}

async function apply(tx: WriteTransaction, change: YearChange, year: string): Promise<void> {
  switch (change) {
    case 'unpublish':
      return tx.setReady([year], false);
    case 'publish':
      return tx.setReady([year], true);
    case 'remove':
      await tx.deleteParticipantsOfYears([Number(year)]);
      return tx.forgetYear(year);
  }
}

/** Rolls a dry run back, carrying its report out of the transaction. */
class RolledBack extends Error {
  constructor(readonly report: YearChangeReport) {
    super('dry run');
  }
}

export async function changeYear(
  store: WriteStore,
  change: YearChange,
  year: string,
  { dryRun = false, progress = NO_PROGRESS }: { dryRun?: boolean; progress?: Progress } = {},
): Promise<YearChangeReport> {
  try {
    return await store.transaction(async (tx) => {
      const before = await tx.readYearStatuses();
      const status = before.find((entry) => entry.year === year);
      const refused = refusal(change, year, status);
      if (refused !== undefined) throw new YearChangeRefused(refused);
      const unchanged = alreadyDone(change, year, status!);
      if (unchanged === undefined) {
        await apply(tx, change, year);
        await recomputeInside(tx, progress);
      }
      const after = unchanged === undefined ? await tx.readYearStatuses() : before;
      const report: YearChangeReport = {
        change,
        year,
        store: store.description,
        publishedBefore: published(before),
        publishedAfter: published(after),
        participants: status?.participants ?? 0,
        statisticsBefore: totalStatistics(before),
        statisticsAfter: totalStatistics(after),
        dryRun,
        ...(unchanged === undefined ? {} : { unchanged }),
      };
      if (dryRun) throw new RolledBack(report);
      return report;
    });
  } catch (error) {
    if (error instanceof RolledBack) return error.report;
    throw error;
  }
}
