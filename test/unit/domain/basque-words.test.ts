import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  caseEnding,
  counted,
  formatNumber,
  joinList,
  numberAlone,
  plural,
  type YearCase,
} from '../../../src/domain/basque-words.js';

/** `2018an 2018ko 2018tik 2018ra`: a year in the four cases the summaries use. */
const cases = (year: number): string =>
  (['inessive', 'localGenitive', 'ablative', 'allative'] as const satisfies readonly YearCase[])
    .map((yearCase) => `${year}${caseEnding(year, yearCase)}`)
    .join(' ');

describe('Basque figures and counted nouns', () => {
  it('formats figures with a dot for thousands, also in four digits', () => {
    expect(formatNumber(4612)).toBe('4.612');
    expect(formatNumber(1234567)).toBe('1.234.567');
    expect(formatNumber(999)).toBe('999');
  });

  it('agrees a verb with the plural category of Basque: one for exactly 1', () => {
    expect([0, 1, 2, 21].map((count) => plural(count, 'zen', 'ziren'))).toEqual([
      'ziren',
      'zen',
      'ziren',
      'ziren',
    ]);
  });

  it('puts no plural mark on a noun after a number, and one as `bat` after the noun', () => {
    expect(counted(15, 'parte-hartzaile')).toBe('15 parte-hartzaile');
    expect(counted(7, 'edizio')).toBe('7 edizio');
    expect(counted(1, 'edizio')).toBe('edizio bat');
    expect(counted(1, 'haur', 'ergative', (figure) => `**${figure}**`)).toBe('haur **batek**');
    expect(counted(4612, 'haur', 'absolutive', (figure) => `**${figure}**`)).toBe('**4.612** haur');
  });

  it('declines the counted noun as indefinite, and 1 as `bat`', () => {
    const forms = (count: number, noun: string) =>
      (['ergative', 'genitive', 'comitative', 'inessive', 'localGenitive'] as const).map((nounCase) =>
        counted(count, noun, nounCase),
      );
    expect(forms(1234, 'haur')).toEqual([
      '1.234 haurrek',
      '1.234 haurren',
      '1.234 haurrekin',
      '1.234 haurretan',
      '1.234 haurretako',
    ]);
    expect(forms(44, 'konpainia')).toEqual([
      '44 konpainiak',
      '44 konpainiaren',
      '44 konpainiarekin',
      '44 konpainiatan',
      '44 konpainiatako',
    ]);
    expect(forms(1, 'konpainia')).toEqual([
      'konpainia batek',
      'konpainia baten',
      'konpainia batekin',
      'konpainia batean',
      'konpainia bateko',
    ]);
  });

  it('declines a number standing alone as it is read: `bat`, `38tan`, `5etan`, `21ean`', () => {
    const inessive = [1, 2, 5, 10, 11, 20, 21, 38, 40, 100, 101, 1000, 1001].map((count) =>
      numberAlone(count, 'inessive'),
    );
    expect(inessive).toEqual([
      'batean',
      '2tan',
      '5etan',
      '10etan',
      '11tan',
      '20tan',
      '21ean',
      '38tan',
      '40tan',
      '100etan',
      '101ean',
      '1.000tan',
      '1.001ean',
    ]);
    expect([1, 7].map((count) => numberAlone(count, 'absolutive', (figure) => `**${figure}**`))).toEqual([
      '**bat**',
      '**7**',
    ]);
  });

  it('joins a list with `eta`, with no comma before it', () => {
    expect(joinList(['A'])).toBe('A');
    expect(joinList(['A', 'B'])).toBe('A eta B');
    expect(joinList(['**A**', '**B**', '**C**'])).toBe('**A**, **B** eta **C**');
  });
});

describe("a year's cases, as the year is read", () => {
  it('adds an e after a final consonant: bat, bost, hamar, ehun', () => {
    expect(cases(2021)).toBe('2021ean 2021eko 2021etik 2021era');
    expect(cases(2025)).toBe('2025ean 2025eko 2025etik 2025era');
    expect(cases(2030)).toBe('2030ean 2030eko 2030etik 2030era');
    expect(cases(2001)).toBe('2001ean 2001eko 2001etik 2001era');
    expect(cases(2010)).toBe('2010ean 2010eko 2010etik 2010era');
    expect(cases(2050)).toBe('2050ean 2050eko 2050etik 2050era');
    expect(cases(2100)).toBe('2100ean 2100eko 2100etik 2100era');
  });

  it("lets a final a stand for the article's: hamaika, mila", () => {
    expect(cases(2011)).toBe('2011n 2011ko 2011tik 2011ra');
    expect(cases(2000)).toBe('2000n 2000ko 2000tik 2000ra');
  });

  it('adds the plain ending after another vowel, the diphthong of lau too', () => {
    expect(cases(2018)).toBe('2018an 2018ko 2018tik 2018ra');
    expect(cases(2024)).toBe('2024an 2024ko 2024tik 2024ra');
    expect(cases(2020)).toBe('2020an 2020ko 2020tik 2020ra');
    expect(cases(2040)).toBe('2040an 2040ko 2040tik 2040ra');
    expect(cases(1984)).toBe('1984an 1984ko 1984tik 1984ra');
  });

  it('gives every year from 1000 to 2999 the forms of the sound its last word ends in', () => {
    /** An oracle by the last two digits: ends in bat, bost, hamar or ehun; in hamaika or mila; else a vowel. */
    const sound = (year: number): 'consonant' | 'a' | 'vowel' => {
      const lastTwo = year % 100;
      if (lastTwo === 0) return year % 1000 === 0 ? 'a' : 'consonant';
      if (lastTwo % 20 === 11) return 'a';
      return lastTwo % 10 === 1 || lastTwo % 10 === 5 || lastTwo % 20 === 10 ? 'consonant' : 'vowel';
    };
    const forms = {
      consonant: ['ean', 'eko', 'etik', 'era'],
      a: ['n', 'ko', 'tik', 'ra'],
      vowel: ['an', 'ko', 'tik', 'ra'],
    };
    fc.assert(
      fc.property(fc.integer({ min: 1000, max: 2999 }), (year) => {
        expect(cases(year)).toBe(forms[sound(year)].map((ending) => `${year}${ending}`).join(' '));
      }),
      { numRuns: 2000 },
    );
  });
});
