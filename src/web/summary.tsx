/** A summary's plain and bold runs: only `**figures**` are marked (DESIGN §3); a lone marker is text. */
export function summaryRuns(text: string): { text: string; bold: boolean }[] {
  const parts = text.split('**');
  if (parts.length % 2 === 0) parts.splice(-2, 2, `${parts.at(-2)!}**${parts.at(-1)!}`);
  return parts.map((part, i) => ({ text: part, bold: i % 2 === 1 })).filter((run) => run.text !== '');
}

/** A statistic's summary: text (escaped like every value), its figures in bold. */
export function Summary({ text }: { text: string | null }) {
  if (text === null || text.trim() === '') return null;
  return (
    <p class="summary">
      {summaryRuns(text).map((run) => (run.bold ? <strong>{run.text}</strong> : run.text))}
    </p>
  );
}
