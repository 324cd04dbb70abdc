/** ICU's Spanish order: `ñ` a letter after `n`; accents, then case, as later differences. */
const spanish = new Intl.Collator('es');

/**
 * Spanish alphabetical order: every ranking's tie-break and every A–Z list. Code-point
 * order decides between strings `es` calls equal (`é` composed or not), so that no order
 * depends on the order of the input.
 */
export function compareSpanish(a: string, b: string): number {
  return spanish.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}
