import { CATEGORY_IDS, isCategoryId } from '../../domain/categories.js';
import { isYearFormat } from '../../domain/validation.js';
import { ConfigError, type StoreLocation } from '../../config/index.js';
import { invalidUtf8Lines } from '../../import/csv-source.js';
import { expectStore } from '../../import/import-participants.js';
import { recomputeInside } from '../../import/recompute.js';
import { codePointOf } from '../../import/validate-rows.js';
import { openWriteStore } from '../../store/open-store.js';
import { FileRejected, readInputFile } from '../input-file.js';
import { formatCount, table } from '../output.js';

/** The longest hand-written summary, in characters (the generated ones have a few hundred). */
export const MAX_SUMMARY_CHARACTERS = 4000;

export interface SummaryTarget {
  year: string;
  category: string;
}

function checkTarget({ year, category }: SummaryTarget): void {
  if (!isYearFormat(year)) throw new ConfigError(`--year must be 4 digits or 'global', got '${year}'`);
  if (!isCategoryId(category))
    throw new ConfigError(
      `--category '${category}' is not one of the 21 categories: ${CATEGORY_IDS.join(', ')}`,
    );
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
/** Control characters other than tab and line breaks (a CR only before an LF). */
const CONTROL_CHARACTER = /(?![\t\n])\p{Cc}/u;

/**
 * The text of a summary file, or why it is refused (with its line, 1-based): UTF-8 (a BOM
 * is dropped), no control characters but tabs and line breaks, not empty, at most
 * MAX_SUMMARY_CHARACTERS once trimmed. Pure.
 */
export function readSummaryText(bytes: Uint8Array): { text: string } | { line: number; reason: string } {
  let decoded: string;
  try {
    decoded = strictUtf8.decode(bytes);
  } catch {
    return { line: invalidUtf8Lines(bytes).values().next().value ?? 1, reason: 'invalid UTF-8' };
  }
  const lines = decoded
    .replace(/^\uFEFF/, '')
    .replace(/\r\n/g, '\n')
    .split('\n');
  for (const [index, line] of lines.entries()) {
    const control = CONTROL_CHARACTER.exec(line)?.[0];
    if (control !== undefined)
      return { line: index + 1, reason: `control character ${codePointOf(control)} is not allowed` };
  }
  const text = lines.join('\n').trim();
  if (text === '') return { line: 1, reason: 'the summary is empty' };
  const characters = [...text].length;
  if (characters > MAX_SUMMARY_CHARACTERS)
    return {
      line: 1,
      reason: `the summary has ${formatCount(characters)} characters; at most ${formatCount(MAX_SUMMARY_CHARACTERS)} are allowed`,
    };
  return { text };
}

/** `tamborrada summary set`: a hand-written summary, kept when statistics are recomputed. */
export async function setSummary(
  options: SummaryTarget & { file: string },
  location: StoreLocation,
): Promise<string> {
  checkTarget(options);
  expectStore(location, 'write');
  const read = readSummaryText(readInputFile(options.file));
  if ('reason' in read)
    throw new FileRejected([`${options.file}:${read.line}: ${read.reason}`, 'nothing was written']);
  const summary = read.text;
  const store = await openWriteStore(location);
  try {
    const found = await store.transaction((tx) =>
      tx.setManualSummary(options.year, options.category, summary),
    );
    if (!found) throw new ConfigError(`there is no ${options.category} statistic for ${options.year}`);
    return `summary of ${options.category} ${options.year} set (${formatCount([...summary].length)} characters); kept across recomputes`;
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
      return `the ${target.category} statistic of ${target.year} has no hand-written summary: nothing changed`;
    return `summary of ${target.category} ${target.year} is the generated one again`;
  } finally {
    await store.close();
  }
}
