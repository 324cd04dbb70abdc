const COMBINING_DIACRITICS = /[\u0300-\u036f]/g;
const WHITESPACE_RUN = /\s+/gu;
/** Printable ASCII words with single spaces: what normalisation leaves unchanged (stored names). */
const ALREADY_NORMALIZED = /^[!-~]+(?: [!-~]+)*$/;

/** Spec rule 2: NFD, marks U+0300–U+036F removed, whitespace runs collapsed to one space, trimmed. */
export function normalizeName(raw: string): string {
  if (ALREADY_NORMALIZED.test(raw)) return raw;
  return raw.normalize('NFD').replace(COMBINING_DIACRITICS, '').replace(WHITESPACE_RUN, ' ').trim();
}

/** What two names are compared by in a case-insensitive search. */
export function searchKey(raw: string): string {
  return normalizeName(raw).toLowerCase();
}

/** Number of space-separated parts of an already normalised name. */
export function countNameParts(normalized: string): number {
  return normalized === '' ? 0 : normalized.split(' ').length;
}
