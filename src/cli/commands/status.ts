import type { StoreLocation } from '../../config/index.js';
import { openWriteStore } from '../../store/open-store.js';
import { formatCount, table } from '../output.js';

const NOT_MIGRATED = {
  empty:
    'store not migrated: it holds no tables yet; run `tamborrada migrate` (or `demo`, or `import --create`)',
  unmigrated: 'store not migrated: it holds the public tables only; run `tamborrada migrate` to add ours',
  outdated: 'store made by an older version: run `tamborrada migrate` to add the tables this one needs',
} as const;

/**
 * `tamborrada status`: what the API would publish, and the updating flag. Only reads:
 * it works with the servers' SELECT-only role and creates nothing.
 */
export async function showStatus(location: StoreLocation): Promise<string> {
  const store = await openWriteStore(location, 'read');
  try {
    const lines = [`store: ${store.description}`];
    const schema = await store.readSchemaState();
    if (schema !== 'migrated') {
      lines.push(NOT_MIGRATED[schema]);
      return lines.join('\n');
    }
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
