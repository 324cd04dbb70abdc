const spanish = new Intl.Collator('es');

/** Spanish order; code points decide between strings `es` calls equal, so no order depends on the input's. */
export function compareSpanish(a: string, b: string): number {
  return spanish.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}
