/**
 * Spanish alphabetical order (accents and case are secondary differences), with
 * code-point order as the last resort so that the result never depends on input order.
 *
 * ICU's `es` collation, written out for the characters of names (Latin letters with the
 * usual accents, ñ, digits, spaces and common punctuation), and asked of `Intl.Collator`
 * only for anything else: its data kept 2–4 MB of the server resident (docs/performance.md).
 * A property test compares the two on random strings.
 */
export function compareSpanish(a: string, b: string): number {
  return (written(a, b) ?? (icu ??= new Intl.Collator('es')).compare(a, b)) || (a < b ? -1 : a > b ? 1 : 0);
}

let icu: Intl.Collator | undefined;

/** Letters and marks in ICU's primary order (`ñ` its own letter after `n`, as in `es`). */
const PRIMARY = ` _-,;:!?.'’"()/&0123456789abcdefghijklmnñopqrstuvwxyz`;
/** The accents ICU tells apart at the second level, in its order (acute first). */
const ACCENTS = '\u0301\u0300\u0306\u0302\u030c\u030a\u0308\u0303\u0327\u0304';

/** The characters the written order knows, by code: Latin-1 and Latin Extended-A. */
const KNOWN_BELOW = 0x180;

/** Per character code, its letter (0: unknown), its accent (0: none), 1 for a capital. */
const WEIGHTS = (() => {
  const table = {
    letter: new Uint8Array(KNOWN_BELOW),
    accent: new Uint8Array(KNOWN_BELOW),
    upper: new Uint8Array(KNOWN_BELOW),
  };
  for (let code = 0x20; code < KNOWN_BELOW; code++) {
    const character = String.fromCharCode(code);
    const lower = character.toLowerCase();
    const [base = '', accent = '', ...more] = lower === 'ñ' ? ['ñ'] : [...lower.normalize('NFD')];
    const letter = PRIMARY.indexOf(base);
    if (letter < 0 || more.length > 0 || (accent !== '' && !ACCENTS.includes(accent))) continue;
    table.letter[code] = letter + 1;
    table.accent[code] = accent === '' ? 0 : ACCENTS.indexOf(accent) + 1;
    table.upper[code] = character === lower ? 0 : 1;
  }
  return table;
})();

/** The letter's weight of the character at `i`, 0 when the table lacks it. */
function letterAt(text: string, i: number): number {
  const code = text.charCodeAt(i);
  return code < KNOWN_BELOW ? WEIGHTS.letter[code]! : 0;
}

/** Whether the table knows every character of `text` from `from` up to (not including) `to`. */
function knownBetween(text: string, from: number, to: number): boolean {
  for (let i = from; i < Math.min(to, text.length); i++) if (letterAt(text, i) === 0) return false;
  return true;
}

/**
 * ICU's three levels: letters, then accents, then case; undefined where a character the
 * table lacks could matter: before the first difference, right after it (a combining
 * accent joins the letter before it: `n` and U+0303 are `ñ`), or at the end of the longer.
 * At the second level an accented letter weighs more than the same letter followed by
 * anything, and at the third its accent weighs like a small letter, so once the letters
 * are the same the first difference of each level decides.
 */
function written(a: string, b: string): number | undefined {
  const shorter = Math.min(a.length, b.length);
  for (let i = 0; i < shorter; i++) {
    const left = letterAt(a, i);
    const right = letterAt(b, i);
    if (left === 0 || right === 0) return undefined;
    if (left !== right)
      return knownBetween(a, i + 1, i + 2) && knownBetween(b, i + 1, i + 2) ? left - right : undefined;
  }
  if (a.length !== b.length)
    return knownBetween(a, shorter, a.length) && knownBetween(b, shorter, b.length)
      ? a.length - b.length
      : undefined;
  for (const level of [WEIGHTS.accent, WEIGHTS.upper])
    for (let i = 0; i < a.length; i++) {
      const difference = level[a.charCodeAt(i)]! - level[b.charCodeAt(i)]!;
      if (difference !== 0) return difference;
    }
  return 0;
}
