const COMBINING_DIACRITICS = /[\u0300-\u036f]/g;
const WHITESPACE_RUN = /\s+/gu;
/** Printable ASCII words separated by single spaces: what normalisation leaves unchanged. */
const ALREADY_NORMALIZED = /^[!-~]+(?: [!-~]+)*$/;

/**
 * Spec rule 2 for names: NFD, combining marks U+0300–U+036F removed, any run of
 * Unicode whitespace (tabs and newlines included) collapsed to one space, trimmed.
 */
export function normalizeName(raw: string): string {
  // Stored names are normalised already: skip the costly NFD pass for them.
  if (ALREADY_NORMALIZED.test(raw)) return raw;
  return raw.normalize('NFD').replace(COMBINING_DIACRITICS, '').replace(WHITESPACE_RUN, ' ').trim();
}

/** The key two names are compared by in a case-insensitive search. */
export function searchKey(raw: string): string {
  return normalizeName(raw).toLowerCase();
}

/** Number of space-separated parts of an already normalised name. */
export function countNameParts(normalized: string): number {
  if (normalized === '') return 0;
  let parts = 1;
  for (let at = normalized.indexOf(' '); at >= 0; at = normalized.indexOf(' ', at + 1)) parts++;
  return parts;
}
