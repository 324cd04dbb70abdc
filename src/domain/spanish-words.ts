/** Grouped from four digits (`4.612`), as Basque figures are: ICU's `es` groups from five unless told. */
const figures = new Intl.NumberFormat('es', { useGrouping: 'always' });
const percentages = new Intl.NumberFormat('es', {
  style: 'percent',
  minimumFractionDigits: 1,
  maximumFractionDigits: 2,
});
const plurals = new Intl.PluralRules('es');

export const formatNumber = (value: number): string => figures.format(value);

/** `12,34 %`: one or two decimals, a space that does not break. */
export const formatPercent = (share: number): string => percentages.format(share);

export const plural = (count: number, one: string, many: string): string =>
  plurals.select(count) === 'one' ? one : many;
