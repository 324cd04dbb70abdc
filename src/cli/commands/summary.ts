import { readFileSync } from 'node:fs';
import { isCategoryId } from '../../domain/categories.js';
import { isYearFormat } from '../../domain/validation.js';
import { ConfigError, type StoreLocation } from '../../config/index.js';
import { recomputeInside } from '../../import/recompute.js';
import { openWriteStore } from '../../store/open-store.js';
import { table } from '../output.js';

export interface SummaryTarget {
  year: string;
  category: string;
}

function checkTarget({ year, category }: SummaryTarget): void {
  if (!isYearFormat(year)) throw new ConfigError(`--year must be 4 digits or 'global', got '${year}'`);
  if (!isCategoryId(category))
    throw new ConfigError(`--category '${category}' is not one of the 21 categories`);
}

/** `tamborrada summary set`: a hand-written summary, kept when statistics are recomputed. */
export async function setSummary(
  options: SummaryTarget & { file: string },
  location: StoreLocation,
): Promise<string> {
  checkTarget(options);
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

/** A summary shortened to one line of a listing. */
function excerpt(summary: string, length = 60): string {
  const line = summary.replace(/\s+/g, ' ');
  return line.length > length ? `${line.slice(0, length - 1)}…` : line;
}

/** `tamborrada summary list`: the rows whose summary was written by hand. */
export async function listSummaries(location: StoreLocation): Promise<string> {
  const store = await openWriteStore(location, 'read');
  try {
    const summaries = await store.readManualSummaries();
    if (summaries.length === 0) return 'no hand-written summaries: every summary is the generated one';
    return [
      `${summaries.length} hand-written ${summaries.length === 1 ? 'summary' : 'summaries'} (kept across recomputes):`,
      table(summaries.map((entry) => [`${entry.year} ${entry.category}`, excerpt(entry.summary)])),
    ].join('\n');
  } finally {
    await store.close();
  }
}

/**
 * `tamborrada summary unset`: back to the generated text. The override goes and the
 * statistics are recomputed in the same transaction, so the generated summary is served
 * at once.
 */
export async function unsetSummary(target: SummaryTarget, location: StoreLocation): Promise<string> {
  checkTarget(target);
  const store = await openWriteStore(location);
  try {
    const found = await store.transaction(async (tx) => {
      if (!(await tx.unsetManualSummary(target.year, target.category))) return false;
      await recomputeInside(tx);
      return true;
    });
    if (!found)
      throw new ConfigError(`the ${target.category} statistic of ${target.year} has no hand-written summary`);
    return `summary of ${target.category} ${target.year} is the generated one again`;
  } finally {
    await store.close();
  }
}
