import { numberWords } from './number-words.js';

/** English figures, plurals and lists: the operator's commands and messages speak English. */
export const {
  formatNumber: englishFigure,
  plural: englishPlural,
  joinList: englishList,
} = numberWords('en', 'auto');
