import { isParticle } from './statistics/split-name.js';

const MARKS = /\p{M}/gu;
const NOT_LETTER_OR_DIGIT = /[^\p{L}\p{N}]+/u;
/** `Garcia Lopez, Ane`: the form of a name some lists use, surnames first. */
const SURNAMES_FIRST = /^([^,]+),([^,]+)$/;

/**
 * The words of a text as spelling does not change them: NFKD without marks, lower case,
 * split at anything but letters and digits, particles (DESIGN §3) left out unless alone.
 */
function spellingBlindWords(text: string): string[] {
  const words = text
    .normalize('NFKD')
    .replace(MARKS, '')
    .toLowerCase()
    .split(NOT_LETTER_OR_DIGIT)
    .filter((word) => word !== '');
  const meaningful = words.filter((word) => !isParticle(word));
  return meaningful.length > 0 ? meaningful : words;
}

function givenNameFirst(name: string): string {
  const surnamesFirst = SURNAMES_FIRST.exec(name);
  return surnamesFirst === null ? name : `${surnamesFirst[2]} ${surnamesFirst[1]}`;
}

/**
 * Rows with the same key are one child of one school however spelt (`Ane Agirre-Iglesias`,
 * `AGIRRE IGLESIAS, Ane`, `Ane de Agirre y Iglesias`): what a removal is matched by, since
 * the next list may write the child otherwise.
 */
export function sameChildKey(name: string, school: string): string {
  return `${spellingBlindWords(givenNameFirst(name)).join('')}\n${sameSchoolKey(school)}`;
}

/** The school's part of `sameChildKey`. */
export function sameSchoolKey(school: string): string {
  return spellingBlindWords(school).join('');
}
