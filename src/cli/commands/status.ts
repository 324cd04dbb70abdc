import type { StoreLocation } from '../../config/index.js';
import { formatCount, table } from '../output.js';
import { withStore } from './with-store.js';

/** `tamborrada status`: the years and the updating flag; read-only, so the servers' SELECT-only role can run it. */
export async function showStatus(location: StoreLocation): Promise<string> {
  return withStore(location, 'read', async (store) => {
    const years = await store.readYearStatuses();
    const updating = await store.readUpdatingStatus();
    const lines = [
      `store: ${store.description}`,
      `updating: ${updating.isUpdating ? 'ON (the statistics operation answers {"isUpdating":true})' : 'off'}` +
        (updating.note ? ` — ${updating.note}` : '') +
        (updating.updatedAt ? ` (changed ${updating.updatedAt})` : ''),
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
