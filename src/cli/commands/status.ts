import type { StoreLocation } from '../../config/index.js';
import { openWriteStore } from '../../store/open-store.js';
import { formatCount, table } from '../output.js';

/**
 * `tamborrada status`: what the API would publish, and the updating flag. Only reads:
 * it works with the servers' SELECT-only role and creates nothing (a store not migrated
 * gets the line every command gives).
 */
export async function showStatus(location: StoreLocation): Promise<string> {
  const store = await openWriteStore(location, 'read');
  try {
    const lines = [`store: ${store.description}`];
    const years = await store.readYearStatuses();
    const updating = await store.readUpdatingStatus();
    lines.push(
      `updating: ${updating.isUpdating ? 'ON (the statistics operation answers {"isUpdating":true})' : 'off'}` +
        (updating.note ? ` — ${updating.note}` : '') +
        (updating.updatedAt ? ` (changed ${updating.updatedAt})` : ''),
    );
    if (years.length === 0) lines.push('no years yet: import a participant list or run `tamborrada demo`');
    else {
      lines.push('years:');
      lines.push(
        table(
          years.map((year) => [
            year.year,
            [
              year.isReady ? 'ready    ' : 'not ready',
              `${formatCount(year.participants).padStart(9)} participants`,
              `${formatCount(year.schools).padStart(3)} schools`,
              `${formatCount(year.statistics).padStart(3)} statistics`,
              ...(year.source === null ? [] : [`from ${year.source}`]),
            ].join('  '),
          ]),
        ),
      );
      lines.push('(global: every participant and school of every year)');
    }
    return lines.join('\n');
  } finally {
    await store.close();
  }
}
