/**
 * Basque words shared by the Basque summaries and pages: figures, counted nouns, a year's
 * cases and lists. Endings follow how a number is read (Euskaltzaindia, norm 7 on numbers
 * and norm 37 on dates): `2018an` (…hemezortzian), `2025ean` (…bostean), `2011n` (…hamaikan).
 */
const figures = new Intl.NumberFormat('eu');
const percentages = new Intl.NumberFormat('eu', {
  style: 'percent',
  minimumFractionDigits: 1,
  maximumFractionDigits: 2,
});
const plurals = new Intl.PluralRules('eu');
const lists = new Intl.ListFormat('eu');

/** As Euskaltzaindia writes figures (`4.612`, `1.234.567`), four digits grouped too; years are printed as they are. */
export const formatNumber = (value: number): string => figures.format(value);

/** A share as a percentage (`% 12,34`): Basque puts the sign first. */
export const formatPercent = (share: number): string => percentages.format(share);

/** `one` for Basque's singular (exactly 1), `many` otherwise: verb agreement. */
export const plural = (count: number, one: string, many: string): string =>
  plurals.select(count) === 'one' ? one : many;

/** `**A**, **B** eta **C**`: no comma before `eta`. */
export const joinList = (items: readonly string[]): string => lists.format(items);

/** The cases a counted noun takes in the summaries. */
export type NounCase = 'absolutive' | 'ergative' | 'genitive' | 'comitative' | 'inessive' | 'localGenitive';

/** The indefinite endings a noun takes after a number, `[after a vowel, after a consonant]`. */
const AFTER_A_NUMBER: Record<NounCase, readonly [string, string]> = {
  absolutive: ['', ''],
  ergative: ['k', 'ek'],
  genitive: ['ren', 'en'],
  comitative: ['rekin', 'ekin'],
  inessive: ['tan', 'etan'],
  localGenitive: ['tako', 'etako'],
};
/** After `bat` (1), the endings of `bat`: `haur batek`, `edizio baten`, `edizio batean`, `konpainia bateko`. */
const AFTER_ONE: Record<NounCase, string> = {
  absolutive: '',
  ergative: 'ek',
  genitive: 'en',
  comitative: 'ekin',
  inessive: 'ean',
  localGenitive: 'eko',
};

/**
 * A noun counted, in `grammaticalCase`: the noun takes no plural mark after a number
 * (`15 parte-hartzaile`, `4.612 haurrek`, `44 konpainiatan`); one is the word `bat`, after
 * the noun and declined (`haur batek`, `edizio batean`). `mark` dresses the figure, or
 * `bat` with its ending (the summaries' `**bold**`). A final r doubles (`haurrek`).
 */
export function counted(
  count: number,
  noun: string,
  grammaticalCase: NounCase = 'absolutive',
  mark: (figure: string) => string = (figure) => figure,
): string {
  if (count === 1) return `${noun} ${mark(`bat${AFTER_ONE[grammaticalCase]}`)}`;
  const figure = mark(formatNumber(count));
  const [afterVowel, afterConsonant] = AFTER_A_NUMBER[grammaticalCase];
  if (/[aeiou]$/.test(noun)) return `${figure} ${noun}${afterVowel}`;
  const stem = noun.endsWith('r') && afterConsonant !== '' ? `${noun}r` : noun;
  return `${figure} ${stem}${afterConsonant}`;
}

/**
 * A number standing for things already named (`horietako bat`, `42 konpainietatik 38tan`):
 * one is the word `bat`; another takes its ending as it is read, indefinite (`38tan`,
 * …hemezortzitan; `5etan`, …bostetan; `21ean`, …hogeita batean). `mark` as in `counted`.
 */
export function numberAlone(
  count: number,
  grammaticalCase: 'absolutive' | 'inessive' = 'absolutive',
  mark: (figure: string) => string = (figure) => figure,
): string {
  if (count === 1) return mark(`bat${AFTER_ONE[grammaticalCase]}`);
  const figure = mark(formatNumber(count));
  if (grammaticalCase === 'absolutive') return figure;
  const word = lastSpokenWord(count);
  if (word === 'bat') return `${figure}${AFTER_ONE.inessive}`;
  return `${figure}${AFTER_A_NUMBER.inessive[/[aeiou]$/.test(word) ? 0 : 1]}`;
}

/** The cases a year takes: `2018an`, `2018ko`, `2018tik`, `2018ra`. */
export type YearCase = 'inessive' | 'localGenitive' | 'ablative' | 'allative';

const YEAR_ENDINGS: Record<YearCase, string> = {
  inessive: 'an',
  localGenitive: 'ko',
  ablative: 'tik',
  allative: 'ra',
};

/** 1 to 19 as read; 20, 40, 60 and 80 end in `hogei`, 10, 30, 50… in `hamar`. */
const UNDER_TWENTY = [
  '',
  ...'bat bi hiru lau bost sei zazpi zortzi bederatzi hamar'.split(' '),
  ...'hamaika hamabi hamahiru hamalau hamabost hamasei hamazazpi hemezortzi hemeretzi'.split(' '),
];

/**
 * The last word of a whole number from 1 to 999 999 as read in Basque, counting by twenties:
 * 2018 `…eta hemezortzi`, 2030 `…eta hogeita hamar`, 2100 `bi mila eta ehun`, 2000 `bi mila`.
 */
function lastSpokenWord(value: number): string {
  if (value % 100 === 0) return value % 1000 === 0 ? 'mila' : 'ehun';
  return value % 20 === 0 ? 'hogei' : UNDER_TWENTY[value % 20]!;
}

/**
 * The ending a year (or any whole number up to 999 999) takes in `yearCase`, attached to the
 * digits with no hyphen: after a final consonant an `e` is added (`2021ean`, `2025etik`,
 * `2030era`); a final `a` takes the article's place (`2011n`, `2000n`); after another vowel
 * (the diphthong of `lau` too) the ending is plain (`2018an`, `2024ko`).
 */
export function caseEnding(value: number, yearCase: YearCase): string {
  const word = lastSpokenWord(value);
  const ending = YEAR_ENDINGS[yearCase];
  if (!/[aeiou]$/.test(word)) return `e${ending}`;
  return word.endsWith('a') && ending.startsWith('a') ? ending.slice(1) : ending;
}
