/** English figures, plurals and lists: the operator's commands and messages speak English. */
const figures = new Intl.NumberFormat('en');
const plurals = new Intl.PluralRules('en');
const lists = new Intl.ListFormat('en');

/** `4,766`, `1,234,567.5`. */
export const englishFigure = (value: number): string => figures.format(value);

/** `one` for English's singular (exactly 1), `many` otherwise. */
export const englishPlural = (count: number, one: string, many: string): string =>
  plurals.select(count) === 'one' ? one : many;

/** `a, b, and c`. */
export const englishList = (items: readonly string[]): string => lists.format(items);
