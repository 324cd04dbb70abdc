import type { StoreLocation } from '../../config/index.js';
import { changeYear, type YearChange, type YearChangeReport } from '../../import/year-changes.js';
import { formatCount, table } from '../output.js';
import { withProgress } from '../progress.js';
import { withStore } from './with-store.js';

function formatYearChange(report: YearChangeReport): string {
  if (report.unchanged !== undefined) return `${report.unchanged} in ${report.store}: nothing changed`;
  const { change } = report;
  return [
    `${report.dryRun ? `would ${change}` : change.replace(/e?$/, 'ed')} ${report.year} in ${report.store}`,
    table([
      ['published years', `${report.publishedBefore.join(', ') || '(none)'}`],
      ['', `→ ${report.publishedAfter.join(', ') || '(none)'}`],
      [
        `participants of ${report.year}`,
        `${formatCount(report.participants)} ${change === 'remove' ? 'deleted' : 'kept'}`,
      ],
      [
        'statistics',
        `${formatCount(report.statisticsBefore)} rows → ${formatCount(report.statisticsAfter)} rows`,
      ],
    ]),
    ...(report.dryRun ? ['dry run: nothing was changed'] : []),
  ].join('\n');
}

export async function changeYearCommand(
  change: YearChange,
  year: string,
  dryRun: boolean,
  location: StoreLocation,
) {
  return withStore(location, 'write', async (store) =>
    formatYearChange(await withProgress((progress) => changeYear(store, change, year, { dryRun, progress }))),
  );
}
