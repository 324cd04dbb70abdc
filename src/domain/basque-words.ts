import { numberWords } from './number-words.js';

/**
 * Basque figures and per cents as Euskaltzaindia writes them (`4.612`, `% 12,34`), counted nouns, a year's
 * cases, lists. Endings follow how a number is read (norms 7 and 37): `2018an` (…hemezortzian), `2011n`.
 */
export const { formatNumber, formatPercent, formatChange, formatChangeShare, plural, joinList } = numberWords(
  'eu',
  'auto',
);

export type NounCase = 'absolutive' | 'ergative' | 'genitive' | 'comitative' | 'inessive' | 'localGenitive';

/** Endings after a number: `[after a vowel, after a consonant, after bat (1)]`, as `haur batek`. */
const ENDINGS: Record<NounCase, readonly [string, string, string]> = {
  absolutive: ['', '', ''],
  ergative: ['k', 'ek', 'ek'],
  genitive: ['ren', 'en', 'en'],
  comitative: ['rekin', 'ekin', 'ekin'],
  inessive: ['tan', 'etan', 'ean'],
  localGenitive: ['tako', 'etako', 'eko'],
};

const endsInVowel = (word: string): boolean => /[aeiou]$/.test(word);
const plain = (figure: string): string => figure;

/**
 * A counted noun, no plural mark after a number (`4.612 haurrek`, `44 konpainiatan`); one
 * is `bat` after the noun (`haur batek`). `mark` dresses the figure; a final r doubles.
 */
export function counted(
  count: number,
  noun: string,
  grammaticalCase: NounCase = 'absolutive',
  mark = plain,
): string {
  const [afterVowel, afterConsonant, afterOne] = ENDINGS[grammaticalCase];
  if (count === 1) return `${noun} ${mark(`bat${afterOne}`)}`;
  const figure = mark(formatNumber(count));
  if (endsInVowel(noun)) return `${figure} ${noun}${afterVowel}`;
  const stem = noun.endsWith('r') && afterConsonant !== '' ? `${noun}r` : noun;
  return `${figure} ${stem}${afterConsonant}`;
}

/** A number for things already named, ending as it is read: `38tan`, `5etan`, `21ean`. */
export function numberAlone(count: number, grammaticalCase: NounCase = 'absolutive', mark = plain): string {
  const [afterVowel, afterConsonant, afterOne] = ENDINGS[grammaticalCase];
  if (count === 1) return mark(`bat${afterOne}`);
  const word = lastSpokenWord(count);
  const ending = word === 'bat' ? afterOne : endsInVowel(word) ? afterVowel : afterConsonant;
  return mark(formatNumber(count)) + ending;
}

export type YearCase = 'inessive' | 'localGenitive' | 'ablative' | 'allative';

const YEAR_ENDINGS: Record<YearCase, string> = {
  inessive: 'an',
  localGenitive: 'ko',
  ablative: 'tik',
  allative: 'ra',
};

/** 1 to 19 as read; Basque counts by twenties. */
const UNDER_TWENTY = [
  '',
  ...'bat bi hiru lau bost sei zazpi zortzi bederatzi hamar'.split(' '),
  ...'hamaika hamabi hamahiru hamalau hamabost hamasei hamazazpi hemezortzi hemeretzi'.split(' '),
];

/** The last word of 1…999 999 as read: 2018 `…hemezortzi`, 2030 `…hamar`, 2000 `bi mila`. */
function lastSpokenWord(value: number): string {
  if (value % 100 === 0) return value % 1000 === 0 ? 'mila' : 'ehun';
  return value % 20 === 0 ? 'hogei' : UNDER_TWENTY[value % 20]!;
}

/**
 * A year's ending in `yearCase`: after a consonant an `e` is added (`2021ean`); a final `a`
 * takes the article's place (`2011n`); after another vowel it is plain (`2018an`, `2024ko`).
 */
export function caseEnding(value: number, yearCase: YearCase): string {
  const word = lastSpokenWord(value);
  const ending = YEAR_ENDINGS[yearCase];
  if (!endsInVowel(word)) return `e${ending}`;
  return word.endsWith('a') && ending.startsWith('a') ? ending.slice(1) : ending;
}
