import type { StoreLocation } from '../../config/index.js';
import { openWriteStore, type StoreUse } from '../../store/open-store.js';
import type { WriteStore } from '../../store/store.js';

/** Runs a command's work on its store, opened for `use` and closed after, whatever happens. */
export async function withStore<T>(
  location: StoreLocation,
  use: StoreUse,
  work: (store: WriteStore) => Promise<T>,
): Promise<T> {
  const store = await openWriteStore(location, use);
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}
