/** English figures, plurals and lists: the operator's commands and messages speak English. */
const figures = new Intl.NumberFormat('en');
const plurals = new Intl.PluralRules('en');
const lists = new Intl.ListFormat('en');

export const englishFigure = (value: number): string => figures.format(value);

export const englishPlural = (count: number, one: string, many: string): string =>
  plurals.select(count) === 'one' ? one : many;

export const englishList = (items: readonly string[]): string => lists.format(items);
