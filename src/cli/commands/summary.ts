import { isUtf8 } from 'node:buffer';
import { CATEGORY_IDS, isCategoryId } from '../../domain/categories.js';
import { isYearFormat } from '../../domain/validation.js';
import { ConfigError, type StoreLocation } from '../../config/index.js';
import { invalidUtf8Lines } from '../../import/text-encoding.js';
import { expectStore, ImportRejected } from '../../import/import-participants.js';
import { recomputeInside } from '../../import/recompute.js';
import { codePointOf } from '../../import/validate-rows.js';
import { MAX_SUMMARY_CHARACTERS, type SummaryLanguage } from '../../store/store.js';
import { withStore } from './with-store.js';
import { readInputFile } from '../input-file.js';
import { formatCount, plural, table } from '../output.js';

/** A statistic's summary in one language (`--lang`, Spanish unless given). */
type SummaryTarget = { year: string; category: string; lang?: SummaryLanguage };

/** How messages name a language's summaries: the Spanish ones (the API's) as they always were. */
const NAMED: Record<SummaryLanguage, string> = { es: '', eu: 'Basque ' };

/** `summary of intro 2024`, `Basque summary of intro 2024`. */
const summaryOf = ({ year, category, lang = 'es' }: SummaryTarget) =>
  `${NAMED[lang]}summary of ${category} ${year}`;

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
  // TextDecoder drops a byte order mark.
  const lines = new TextDecoder().decode(bytes).replace(/\r\n/g, '\n').split('\n');
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

export async function setSummary(options: SummaryTarget & { file: string }, location: StoreLocation) {
  checkTarget(options);
  expectStore(location, 'write');
  const summary = readSummaryText(options.file);
  return withStore(location, 'write', async (store) => {
    const { year, category, lang } = options;
    if (!(await store.transaction((tx) => tx.setManualSummary(year, category, summary, lang))))
      throw new ConfigError(`there is no ${category} statistic for ${year}`);
    return `${summaryOf(options)} set (${formatCount([...summary].length)} characters); kept across recomputes`;
  });
}

export async function listSummaries(location: StoreLocation, lang?: SummaryLanguage): Promise<string> {
  return withStore(location, 'read', async (store) => {
    const summaries = (await store.readManualSummaries()).filter(
      (entry) => (lang ?? entry.lang) === entry.lang,
    );
    if (summaries.length === 0)
      return `no hand-written ${NAMED[lang ?? 'es']}summaries: every summary is the generated one`;
    const excerpt = (summary: string) => {
      const line = summary.replace(/\s+/g, ' ');
      return line.length > 60 ? `${line.slice(0, 59)}…` : line;
    };
    return [
      `${plural(summaries.length, 'hand-written summary', 'hand-written summaries')} (kept across recomputes):`,
      table(
        summaries.map((entry) => [
          `${entry.year} ${entry.category}`,
          `${entry.lang}  ${excerpt(entry.summary)}`,
        ]),
      ),
    ].join('\n');
  });
}

/** The generated text is served at once: a Spanish one is recomputed here; a Basque one is stored beside. */
export async function unsetSummary(target: SummaryTarget, location: StoreLocation): Promise<string> {
  checkTarget(target);
  const { lang = 'es' } = target;
  return withStore(location, 'write', async (store) => {
    const found = await store.transaction(async (tx) => {
      if (!(await tx.unsetManualSummary(target.year, target.category, lang))) return false;
      if (lang === 'es') await recomputeInside(tx);
      return true;
    });
    if (!found)
      return `the ${target.category} statistic of ${target.year} has no hand-written ${NAMED[lang]}summary: nothing changed`;
    return `${summaryOf(target)} is the generated one again`;
  });
}
