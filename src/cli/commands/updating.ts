import type { StoreLocation } from '../../config/index.js';
import { withStore } from './with-store.js';

/** `tamborrada updating on|off`: the flag the statistics operation reports during the refresh. */
export async function setUpdating(isUpdating: boolean, note: string | undefined, location: StoreLocation) {
  return withStore(location, 'write', async (store) => {
    const current = await store.readUpdatingStatus();
    if (current.isUpdating === isUpdating && (note === undefined || note === current.note))
      return `updating is ${isUpdating ? 'ON' : 'off'} already: nothing changed`;
    await store.transaction((tx) => tx.setUpdating(isUpdating, note ?? null));
    return isUpdating
      ? 'updating is ON: /api/statistics answers {"isUpdating":true} until `tamborrada updating off`'
      : 'updating is off: /api/statistics serves the published statistics';
  });
}
