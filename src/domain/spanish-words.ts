/** Grouped from four digits (`4.612`), as Basque figures are: ICU's `es` groups from five unless told. */
const figures = new Intl.NumberFormat('es', { useGrouping: 'always' });
const percentages = new Intl.NumberFormat('es', {
  style: 'percent',
  minimumFractionDigits: 1,
  maximumFractionDigits: 2,
});
const changes = new Intl.NumberFormat('es', { useGrouping: 'always', signDisplay: 'exceptZero' });
const changeShares = new Intl.NumberFormat('es', {
  style: 'percent',
  minimumFractionDigits: 1,
  maximumFractionDigits: 2,
  signDisplay: 'exceptZero',
});
const plurals = new Intl.PluralRules('es');

export const formatNumber = (value: number): string => figures.format(value);

/** `12,34 %`: one or two decimals, a space that does not break. */
export const formatPercent = (share: number): string => percentages.format(share);

/** A change with its sign (`+12`, `-3`, `0`), so a rise reads apart from a level. */
export const formatChange = (value: number): string => changes.format(value);

/** A change as a share of what it started from, with its sign (`+12,5 %`). */
export const formatChangeShare = (share: number): string => changeShares.format(share);

export const plural = (count: number, one: string, many: string): string =>
  plurals.select(count) === 'one' ? one : many;
