const spanish = new Intl.Collator('es');

/**
 * Spanish alphabetical order (accents and case are secondary differences), with
 * code-point order as the last resort so that the result never depends on input order.
 */
export function compareSpanish(a: string, b: string): number {
  return spanish.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}
