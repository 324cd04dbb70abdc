const COMBINING_DIACRITICS = /[\u0300-\u036f]/g;
const WHITESPACE_RUN = /\s+/gu;

/**
 * Spec rule 2 for names: NFD, combining marks U+0300–U+036F removed, any run of
 * Unicode whitespace (tabs and newlines included) collapsed to one space, trimmed.
 */
export function normalizeName(raw: string): string {
  return raw.normalize('NFD').replace(COMBINING_DIACRITICS, '').replace(WHITESPACE_RUN, ' ').trim();
}

/** Printable ASCII words separated by single spaces: already normalised. */
const ALREADY_NORMALIZED = /^[!-~]+(?: [!-~]+)*$/;

/** The key two names are compared by in a case-insensitive search. */
export function searchKey(raw: string): string {
  // Stored names are normalised on import; skip the costly NFD pass for them.
  return (ALREADY_NORMALIZED.test(raw) ? raw : normalizeName(raw)).toLowerCase();
}

/** Number of space-separated parts of an already normalised name. */
export function countNameParts(normalized: string): number {
  return normalized === '' ? 0 : normalized.split(' ').length;
}
