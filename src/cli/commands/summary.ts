import { readFileSync } from 'node:fs';
import { isCategoryId } from '../../domain/categories.js';
import { isYearFormat } from '../../domain/validation.js';
import { ConfigError, type StoreLocation } from '../../config/index.js';
import { openWriteStore } from '../../store/open-store.js';

/** `tamborrada summary set`: a hand-written summary, kept when statistics are recomputed. */
export async function setSummary(
  options: { year: string; category: string; file: string },
  location: StoreLocation,
): Promise<string> {
  if (!isYearFormat(options.year))
    throw new ConfigError(`--year must be 4 digits or 'global', got '${options.year}'`);
  if (!isCategoryId(options.category))
    throw new ConfigError(`--category '${options.category}' is not one of the 21 categories`);
  const summary = readFileSync(options.file, 'utf8')
    .replace(/^\uFEFF/, '')
    .trim();
  if (summary === '') throw new ConfigError(`${options.file} is empty`);
  const store = await openWriteStore(location);
  try {
    const found = await store.transaction((tx) =>
      tx.setManualSummary(options.year, options.category, summary),
    );
    if (!found) throw new ConfigError(`there is no ${options.category} statistic for ${options.year}`);
    return `summary of ${options.category} ${options.year} set (${summary.length} characters); kept across recomputes`;
  } finally {
    await store.close();
  }
}
