import { useContext } from 'preact/hooks';
import { useLocale } from './locale.js';
import { SchoolContext } from './name-links.js';
/** A summary's plain and bold runs: only `**figures**` are marked (DESIGN §3); a lone marker is text. */
export function summaryRuns(text: string): { text: string; bold: boolean }[] {
  const parts = text.split('**');
  if (parts.length % 2 === 0) parts.splice(-2, 2, `${parts.at(-2)!}**${parts.at(-1)!}`);
  return parts.map((part, i) => ({ text: part, bold: i % 2 === 1 })).filter((run) => run.text !== '');
}

interface SummaryTexts {
  summary: string | null;
  basqueSummary?: string | null;
}

/** A statistic's summary in the page's language (the Basque one generated or the operator's), figures in bold, schools as the pages name them. */
export function Summary({ record }: { record: SummaryTexts | undefined }) {
  const { relabel } = useContext(SchoolContext);
  const text = useLocale().language === 'eu' ? record?.basqueSummary : record?.summary;
  if (text === null || text === undefined || text.trim() === '') return null;
  return (
    <p class="summary">
      {summaryRuns(relabel(text)).map((run) => (run.bold ? <strong>{run.text}</strong> : run.text))}
    </p>
  );
}
