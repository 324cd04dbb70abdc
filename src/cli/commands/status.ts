import { SETTINGS, type StoreLocation } from '../../config/index.js';
import { DEFAULT_MIN_PUBLISHED_COUNT } from '../../domain/statistics/tally.js';
import type { StatisticsRule } from '../../store/store.js';
import { formatCount, table } from '../output.js';
import { withStore } from './with-store.js';

/** The small-count rule in force, or what the next recompute applies when none is recorded. */
function ruleLine(rule: StatisticsRule | undefined): string {
  if (rule === undefined)
    return (
      'small-count rule: none recorded (no statistics computed by this version); the next import or ' +
      `recompute applies k = ${DEFAULT_MIN_PUBLISHED_COUNT} unless ${SETTINGS.minPublishedCount.variable} is set`
    );
  const k = rule.minPublishedCount;
  const what = k === 1 ? 'every name is listed' : `no list names a name that fewer than ${k} children bear`;
  return `small-count rule: k = ${k}, ${what} (statistics computed ${rule.computedAt})`;
}

/** Read-only, so that the servers' SELECT-only role can run it. */
export async function showStatus(location: StoreLocation): Promise<string> {
  return withStore(location, 'read', async (store) => {
    const years = await store.readYearStatuses();
    const updating = await store.readUpdatingStatus();
    const rule = await store.readStatisticsRule();
    const lines = [
      `store: ${store.description}`,
      `updating: ${updating.isUpdating ? 'ON (the statistics operation answers {"isUpdating":true})' : 'off'}` +
        (updating.note ? ` — ${updating.note}` : '') +
        (updating.updatedAt ? ` (changed ${updating.updatedAt})` : ''),
      ruleLine(rule),
    ];
    if (years.length === 0)
      return [...lines, 'no years yet: import a participant list or run `tamborrada demo`'];
    const rows = years.map((year): [string, string] => [
      year.year,
      [
        year.isReady ? 'ready    ' : 'not ready',
        `${formatCount(year.participants).padStart(9)} participants`,
        `${formatCount(year.schools).padStart(3)} schools`,
        `${formatCount(year.statistics).padStart(3)} statistics`,
        ...(year.source === null ? [] : [`from ${year.source}`]),
      ].join('  '),
    ]);
    return [...lines, 'years:', table(rows), '(global: every participant and school of every year)'];
  }).then((lines) => lines.join('\n'));
}
