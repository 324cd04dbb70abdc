const spanish = new Intl.Collator('es');

/** Spanish order; code points decide between strings `es` calls equal, so no order depends on the input's. */
export function compareSpanish(a: string, b: string): number {
  return spanish.compare(a, b) || byteOrder(a, b);
}

/** Byte order (PostgreSQL's `COLLATE "C"`, SQLite's default) for text below U+D800, whatever the locale. */
export function byteOrder(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
