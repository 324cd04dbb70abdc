import type { ImportReport } from '../../import/import-participants.js';
import { formatCount, formatSeconds, table } from '../output.js';

/** The report of `import` and `demo` on stdout. */
export function formatImportReport(source: string, report: ImportReport, elapsedMs: number): string {
  return [
    `imported ${source} into ${report.store}`,
    table([
      ['rows read', formatCount(report.rowsRead)],
      ['imported', formatCount(report.imported)],
      ['duplicates', formatCount(report.duplicates)],
      ['years', report.years.join(', ')],
      ['statistics', `${formatCount(report.statistics)} rows`],
      ['published', report.published.join(', ')],
      ['time', formatSeconds(elapsedMs)],
    ]),
    ...(report.withheld > 0
      ? [
          `${formatCount(report.withheld)} withheld by ${report.withheld === 1 ? 'a removal request' : 'removal requests'}`,
        ]
      : []),
  ].join('\n');
}
