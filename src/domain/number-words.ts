/** A language's figures, per cents, signed changes, plurals and lists, each `Intl` object made once. */
export function numberWords(locale: 'es' | 'eu' | 'en', useGrouping: 'always' | 'auto') {
  const figures = new Intl.NumberFormat(locale, { useGrouping });
  const percent = { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 2 } as const;
  const percentages = new Intl.NumberFormat(locale, percent);
  const changes = new Intl.NumberFormat(locale, { useGrouping, signDisplay: 'exceptZero' });
  const changeShares = new Intl.NumberFormat(locale, { ...percent, signDisplay: 'exceptZero' });
  const plurals = new Intl.PluralRules(locale);
  const lists = new Intl.ListFormat(locale);
  return {
    formatNumber: (value: number): string => figures.format(value),
    formatPercent: (share: number): string => percentages.format(share),
    formatChange: (value: number): string => changes.format(value),
    formatChangeShare: (share: number): string => changeShares.format(share),
    plural: (count: number, one: string, many: string): string =>
      plurals.select(count) === 'one' ? one : many,
    joinList: (items: readonly string[]): string => lists.format(items),
  };
}
