/** Basque words shared by the summaries and the web pages: figures and counted nouns. */

const numberFormat = new Intl.NumberFormat('eu', { useGrouping: 'always' });
const plurals = new Intl.PluralRules('eu');

export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

/** `7 edizio`, `edizio 1`: after a figure a Basque noun takes no plural ending, and one follows its noun. */
export function counted(count: number, noun: string): string {
  return plurals.select(count) === 'one'
    ? `${noun} ${formatNumber(count)}`
    : `${formatNumber(count)} ${noun}`;
}
