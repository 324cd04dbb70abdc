import { GLOBAL_YEAR } from '../../domain/categories.js';
import { isYearFormat } from '../../domain/validation.js';
import type { StoreLocation } from '../config.js';
import { openWriteStore } from '../../store/open-store.js';
import { formatCount, table } from '../output.js';

/** `tamborrada status`: what the API would publish, and the updating flag. */
export async function showStatus(location: StoreLocation): Promise<string> {
  const store = await openWriteStore(location);
  try {
    const years = await store.readYearStatuses();
    const updating = await store.readUpdatingStatus();
    const lines = [`store: ${store.description}`];
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
