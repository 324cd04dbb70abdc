import { isParticle } from './statistics/split-name.js';

const MARKS = /\p{M}/gu;
const NOT_LETTER_OR_DIGIT = /[^\p{L}\p{N}]+/u;
/** `Garcia Lopez, Ane`: the form of a name some lists use, surnames first. */
const SURNAMES_FIRST = /^([^,]+),([^,]+)$/;

/**
 * The words of a text as spelling does not change them: compatibility forms and accents
 * folded (NFKD, every combining mark dropped), lower case, split at anything that is not
 * a letter or a digit (spaces, hyphens, dots, apostrophes), particles (DESIGN §3: `de`,
 * `del`, `la`, `y`, …) left out unless nothing else is there.
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

/** `Agirre-Iglesias, Ane` is written `Ane Agirre-Iglesias` too. */
function givenNameFirst(name: string): string {
  const surnamesFirst = SURNAMES_FIRST.exec(name);
  return surnamesFirst === null ? name : `${surnamesFirst[2]} ${surnamesFirst[1]}`;
}

/**
 * Two list rows with the same key are taken for the same child of the same school, however
 * either is spelt: `Ane Agirre-Iglesias` of `Colegio Del Monte` is `ane agirre iglesias` of
 * `Colegio del Monte`, `Ane de Agirre y Iglesias`, `AGIRRE IGLESIAS, Ane` and
 * `Ane AgirreIglesias` (the words are joined without spaces). Pure. What a removal is
 * recorded and matched by (src/import/removals.ts): a family asks once, and the next list
 * may write the child or the school otherwise.
 */
export function sameChildKey(name: string, school: string): string {
  return `${spellingBlindWords(givenNameFirst(name)).join('')}\n${sameSchoolKey(school)}`;
}

/** The school's part of `sameChildKey`: `Colegio Del Monte`, `colegio del monte` and `Colegio del-Monte` are one. */
export function sameSchoolKey(school: string): string {
  return spellingBlindWords(school).join('');
}
