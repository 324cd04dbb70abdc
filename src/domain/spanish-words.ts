import { numberWords } from './number-words.js';

/**
 * Spanish figures grouped from four digits (`4.612`), as Basque figures are: ICU's `es`
 * groups from five unless told; per cents `12,34 %`; changes with their sign (`+12`).
 */
export const { formatNumber, formatPercent, formatChange, formatChangeShare, plural } = numberWords(
  'es',
  'always',
);
