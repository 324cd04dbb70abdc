import { isUtf8 } from 'node:buffer';
import { CATEGORY_IDS, isCategoryId } from '../../domain/categories.js';
import { isYearFormat } from '../../domain/validation.js';
import { ConfigError, type StoreLocation } from '../../config/index.js';
import { invalidUtf8Lines } from '../../import/text-encoding.js';
import { expectStore, ImportRejected } from '../../import/import-participants.js';
import { recomputeInside } from '../../import/recompute.js';
import { codePointOf } from '../../import/validate-rows.js';
import { withStore } from './with-store.js';
import { readInputFile } from '../input-file.js';
import { formatCount, table } from '../output.js';

/** The longest hand-written summary, in characters (the generated ones have a few hundred). */
export const MAX_SUMMARY_CHARACTERS = 4000;

type SummaryTarget = { year: string; category: string };

function checkTarget({ year, category }: SummaryTarget): void {
  if (!isYearFormat(year)) throw new ConfigError(`--year must be 4 digits or 'global', got '${year}'`);
  if (!isCategoryId(category))
    throw new ConfigError(
      `--category '${category}' is not one of the ${CATEGORY_IDS.length} categories: ${CATEGORY_IDS.join(', ')}`,
    );
}

/** A summary file's trimmed text; a CR is allowed only before an LF. */
function readSummaryText(file: string): string {
  const bytes = readInputFile(file);
  if (!isUtf8(bytes))
    throw ImportRejected.at(file, invalidUtf8Lines(bytes).values().next().value ?? 1, 'invalid UTF-8');
  const lines = new TextDecoder()
    .decode(bytes)
    .replace(/^\uFEFF/, '')
    .replace(/\r\n/g, '\n')
    .split('\n');
  for (const [index, line] of lines.entries()) {
    const control = /(?![\t\n])\p{Cc}/u.exec(line)?.[0];
    if (control !== undefined)
      throw ImportRejected.at(file, index + 1, `control character ${codePointOf(control)} is not allowed`);
  }
  const text = lines.join('\n').trim();
  if (text === '') throw ImportRejected.at(file, 1, 'the summary is empty');
  const characters = [...text].length;
  if (characters > MAX_SUMMARY_CHARACTERS)
    throw ImportRejected.at(
      file,
      1,
      `the summary has ${formatCount(characters)} characters; at most ${formatCount(MAX_SUMMARY_CHARACTERS)} are allowed`,
    );
  return text;
}

/** `tamborrada summary set`: a hand-written summary, kept when statistics are recomputed. */
export async function setSummary(options: SummaryTarget & { file: string }, location: StoreLocation) {
  checkTarget(options);
  expectStore(location, 'write');
  const summary = readSummaryText(options.file);
  return withStore(location, 'write', async (store) => {
    if (!(await store.transaction((tx) => tx.setManualSummary(options.year, options.category, summary))))
      throw new ConfigError(`there is no ${options.category} statistic for ${options.year}`);
    return `summary of ${options.category} ${options.year} set (${formatCount([...summary].length)} characters); kept across recomputes`;
  });
}

/** `tamborrada summary list`: the rows whose summary was written by hand, shortened to a line each. */
export async function listSummaries(location: StoreLocation): Promise<string> {
  return withStore(location, 'read', async (store) => {
    const summaries = await store.readManualSummaries();
    if (summaries.length === 0) return 'no hand-written summaries: every summary is the generated one';
    const excerpt = (summary: string) => {
      const line = summary.replace(/\s+/g, ' ');
      return line.length > 60 ? `${line.slice(0, 59)}…` : line;
    };
    return [
      `${summaries.length} hand-written ${summaries.length === 1 ? 'summary' : 'summaries'} (kept across recomputes):`,
      table(summaries.map((entry) => [`${entry.year} ${entry.category}`, excerpt(entry.summary)])),
    ].join('\n');
  });
}

/** `tamborrada summary unset`: recomputed in the same transaction, so the generated text is served at once. */
export async function unsetSummary(target: SummaryTarget, location: StoreLocation): Promise<string> {
  checkTarget(target);
  return withStore(location, 'write', async (store) => {
    const found = await store.transaction(async (tx) => {
      if (!(await tx.unsetManualSummary(target.year, target.category))) return false;
      await recomputeInside(tx);
      return true;
    });
    if (!found)
      return `the ${target.category} statistic of ${target.year} has no hand-written summary: nothing changed`;
    return `summary of ${target.category} ${target.year} is the generated one again`;
  });
}
