import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { englishFigure } from '../../../src/domain/figures.js';
import * as basque from '../../../src/domain/basque-words.js';
import * as spanish from '../../../src/domain/spanish-words.js';

/** What the figures replaced, and must still write character for character. */
const icu = {
  englishNumber: new Intl.NumberFormat('en-US'),
  spanishNumber: new Intl.NumberFormat('es-ES', { useGrouping: 'always' }),
  basqueNumber: new Intl.NumberFormat('eu', { useGrouping: 'always' }),
  spanishPercent: new Intl.NumberFormat('es', {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 2,
  }),
  basquePercent: new Intl.NumberFormat('eu', {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 2,
  }),
  basquePlural: new Intl.PluralRules('eu'),
  basqueList: new Intl.ListFormat('eu', { type: 'conjunction' }),
};

/** Counts, shares, figures with many decimals, huge and tiny ones, and halves that round. */
const figures = fc.oneof(
  fc.nat(),
  fc.integer({ min: -1e7, max: 1e7 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.double({ min: -1, max: 1, noNaN: true }),
  fc.integer({ min: -99_999, max: 99_999 }).map((n) => n / 10_000 + 0.00005),
  fc.constantFrom(
    0,
    -0,
    0.0005,
    0.0004,
    1.0005,
    9.9995,
    0.99999,
    0.12345,
    1e21,
    5e-7,
    2 ** 60,
    Number.MAX_VALUE,
  ),
);

describe('figures as ICU writes them, without ICU', () => {
  it("Spanish and Basque numbers match es-ES and eu, grouping forced; the operator's English ones en-US", () => {
    fc.assert(
      fc.property(figures, (value) => {
        expect(spanish.formatNumber(value)).toBe(icu.spanishNumber.format(value));
        expect(basque.formatNumber(value)).toBe(icu.basqueNumber.format(value));
        expect(englishFigure(value)).toBe(icu.englishNumber.format(value));
      }),
      { numRuns: 5_000 },
    );
  });

  it('percentages match ICU, with the sign after in Spanish and before in Basque', () => {
    fc.assert(
      fc.property(figures, (share) => {
        expect(spanish.formatPercent(share)).toBe(icu.spanishPercent.format(share));
        expect(basque.formatPercent(share)).toBe(icu.basquePercent.format(share));
      }),
      { numRuns: 5_000 },
    );
    expect(spanish.formatPercent(0.01234)).toBe('1,23\u00a0%');
    expect(basque.formatPercent(0.5)).toBe('%\u00a050,0');
  });

  it('Basque plurals and lists match CLDR', () => {
    fc.assert(
      fc.property(fc.oneof(fc.nat(100), fc.double({ min: 0, max: 3, noNaN: true })), (count) => {
        expect(basque.plural(count, 'one', 'other')).toBe(icu.basquePlural.select(count));
      }),
    );
    fc.assert(
      fc.property(fc.array(fc.string(), { maxLength: 5 }), (items) => {
        expect(basque.joinList(items)).toBe(icu.basqueList.format(items));
      }),
    );
  });
});
