import { describe, expect, it } from 'vitest';
import * as basque from '../../../src/domain/basque-words.js';
import { englishFigure, englishList, englishPlural } from '../../../src/domain/english-words.js';
import * as spanish from '../../../src/domain/spanish-words.js';

/** The space ICU puts between a figure and its `%` sign: one that does not break (U+00A0). */
const NBSP = '\u00a0';

describe('figures as each reader writes them', () => {
  it('groups thousands with a dot in Spanish and Basque, four digits too, and with a comma in English', () => {
    expect([4586, 1234567, 999, 0.5, 1234.5678].map(spanish.formatNumber)).toEqual([
      '4.586',
      '1.234.567',
      '999',
      '0,5',
      '1.234,568',
    ]);
    expect([4586, 1234567, 0.5].map(basque.formatNumber)).toEqual(['4.586', '1.234.567', '0,5']);
    expect([4766, 1234567.5, 999].map(englishFigure)).toEqual(['4,766', '1,234,567.5', '999']);
  });

  it('writes a negative figure with a hyphen in Spanish and English, and a minus sign in Basque', () => {
    expect(spanish.formatNumber(-3)).toBe('-3');
    expect(basque.formatNumber(-3)).toBe('\u22123');
    expect(englishFigure(-1200)).toBe('-1,200');
  });

  it('writes a share with one or two decimals, the sign after it in Spanish and before it in Basque', () => {
    expect([0.0403, 0.5, 0.01234, 1].map(spanish.formatPercent)).toEqual([
      `4,03${NBSP}%`,
      `50,0${NBSP}%`,
      `1,23${NBSP}%`,
      `100,0${NBSP}%`,
    ]);
    expect([0.0403, 0.5, 0.12345].map(basque.formatPercent)).toEqual([
      `%${NBSP}4,03`,
      `%${NBSP}50,0`,
      `%${NBSP}12,35`,
    ]);
  });

  it('takes the singular for exactly one in Spanish and English', () => {
    expect([0, 1, 2, 1_000_000].map((count) => spanish.plural(count, 'compañía', 'compañías'))).toEqual([
      'compañías',
      'compañía',
      'compañías',
      'compañías',
    ]);
    expect([0, 1, 2].map((count) => englishPlural(count, 'record', 'records'))).toEqual([
      'records',
      'record',
      'records',
    ]);
  });

  it("joins the operator's English lists with a comma before `and`", () => {
    expect(englishList(['participants', 'statistics', 'summaries_eu'])).toBe(
      'participants, statistics, and summaries_eu',
    );
  });
});
