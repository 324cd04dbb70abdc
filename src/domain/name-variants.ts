/**
 * How one name written in Basque and in Spanish spelling is told to be one name, and which
 * names are close to what a visitor typed. Both work on search keys (`searchKey`: no
 * accents, lower case), so `Echeverría` and `ETXEBERRIA` are compared as the site finds them.
 */

/**
 * The spelling rules, in order: Spanish `ch` is Basque `tx`; `qu`, and `c` before a, o, u or
 * a consonant, are `k`; `gu` before e, i is `g`; `c` before e, i is `z`; `v` is `b`; `y` is
 * `i`; `h` is dropped (after `ch`, which the first rule took).
 */
const SPELLINGS: readonly (readonly [RegExp, string])[] = [
  [/ch/g, 'tx'],
  [/qu(?=[ei])/g, 'k'],
  [/gu(?=[ei])/g, 'g'],
  [/c(?=[ei])/g, 'z'],
  [/c/g, 'k'],
  [/v/g, 'b'],
  [/y/g, 'i'],
  [/h/g, ''],
];

/** What two spellings of one name share (`etxeberria` for both `etxeberria` and `echeverria`). */
export function variantKey(key: string): string {
  return SPELLINGS.reduce((folded, [spelling, same]) => folded.replace(spelling, same), key);
}

/**
 * Whether `a` becomes `b` by one edit: a letter inserted, deleted, changed, or two
 * neighbours swapped (`anee` → `ane`, `naia` → `nahia`, `ainhoa` → `ainhao`).
 */
export function oneEditApart(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  let start = 0;
  while (a[start] === b[start]) start++;
  const [restA, restB] = [a.slice(start + 1), b.slice(start + 1)];
  if (a.length === b.length)
    return (
      restA === restB ||
      (a[start] === b[start + 1] && a[start + 1] === b[start] && a.slice(start + 2) === b.slice(start + 2))
    );
  return a.length > b.length ? a.slice(start + 1) === b.slice(start) : a.slice(start) === restB;
}

/** At most this many names are suggested. */
export const MAX_SUGGESTIONS = 12;

/**
 * The keys of `keys` to suggest for `typed` (a search key) in their given order: another
 * spelling of it first, then those one edit away, then those that begin with it.
 */
export function suggestedKeys(keys: readonly string[], typed: string): string[] {
  if (typed === '') return [];
  const variant = variantKey(typed);
  const others = keys.filter((key) => key !== typed);
  const found = new Set([
    ...others.filter((key) => variantKey(key) === variant),
    ...others.filter((key) => oneEditApart(key, typed)),
    ...others.filter((key) => key.startsWith(typed)),
  ]);
  return [...found].slice(0, MAX_SUGGESTIONS);
}
