/** Spanish figures and plurals, shared by the summaries and the web pages (years are printed as they are). */

/** Grouped from four digits (`4.612`), as Basque figures are: ICU's `es` groups from five unless told. */
const figures = new Intl.NumberFormat('es', { useGrouping: 'always' });
const percentages = new Intl.NumberFormat('es', {
  style: 'percent',
  minimumFractionDigits: 1,
  maximumFractionDigits: 2,
});
const plurals = new Intl.PluralRules('es');

/** `4.612`, `1.234.567`, `0,5`. */
export const formatNumber = (value: number): string => figures.format(value);

/** A share as a percentage (`12,34 %`, `50,0 %`): one or two decimals, a space that does not break. */
export const formatPercent = (share: number): string => percentages.format(share);

/** `one` for Spanish's singular (exactly 1), `many` otherwise (`0 compañías`). */
export const plural = (count: number, one: string, many: string): string =>
  plurals.select(count) === 'one' ? one : many;
