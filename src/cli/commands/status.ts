import type { StoreLocation } from '../../config/index.js';
import { GLOBAL_YEAR } from '../../domain/categories.js';
import { isYearFormat } from '../../domain/validation.js';
import { openWriteStore } from '../../store/open-store.js';
import { formatCount, table } from '../output.js';

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
      lines.push(
        schema === 'empty'
          ? 'store not migrated: it holds no tables yet; run `tamborrada migrate` (or `demo`, or `import --create`)'
          : 'store not migrated: it holds the public tables only; run `tamborrada migrate` to add ours',
      );
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
      // No participant row says `global`: its statistics cover the participants of every year.
      const allParticipants = years
        .filter((year) => year.year !== GLOBAL_YEAR && isYearFormat(year.year))
        .reduce((sum, year) => sum + year.participants, 0);
      lines.push('years:');
      lines.push(
        table(
          years.map((year) => [
            year.year,
            `${year.isReady ? 'ready    ' : 'not ready'}  ${formatCount(year.year === GLOBAL_YEAR ? allParticipants : year.participants).padStart(9)} participants  ${formatCount(year.statistics).padStart(3)} statistics`,
          ]),
        ),
      );
    }
    return lines.join('\n');
  } finally {
    await store.close();
  }
}
