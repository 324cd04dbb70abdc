/** Spanish words shared by the summaries and the web pages: figures and plurals. */

/**
 * Figures are formatted for Spain (`4.612`, `1.234.567`). Grouping is forced also for
 * four-digit numbers (es-ES leaves them as `4612` by default); years are printed as is.
 */
/** Made at first use, like every ICU object of the domain: a command that writes no figure skips ICU's start. */
let numberFormat: Intl.NumberFormat | undefined;

export function formatNumber(value: number): string {
  return (numberFormat ??= new Intl.NumberFormat('es-ES', { useGrouping: 'always' })).format(value);
}

/** `one` for exactly one, `many` otherwise (Spanish: `0 compañías`). */
export function plural(count: number, one: string, many: string): string {
  return count === 1 ? one : many;
}
