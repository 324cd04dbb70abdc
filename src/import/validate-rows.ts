import { normalizeName } from '../domain/names.js';
import type { ParticipantRecord } from '../domain/types.js';

/** A row as read from a participant list, before validation. */
export interface RawParticipantRow {
  /** Line of the source file where the row starts (1-based; the header is line 1). */
  line: number;
  name: string | undefined;
  school: string | undefined;
  year: string | undefined;
  invalidUtf8?: boolean;
  /** Set by the reader when the row is not a well-formed row of the file: why. */
  malformed?: string;
}

export type RowError = { line: number; reason: string };

/** `U+0000`. */
export function codePointOf(character: string): string {
  return `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** The years an import accepts, both included. */
type YearRange = { first: number; last: number };

/** Plausible festival years: from 1900 to the year after `currentYear` (a list may come early). */
export function festivalYears(currentYear: number): YearRange {
  return { first: 1900, last: currentYear + 1 };
}

/**
 * One row → the record to store, or why it cannot be imported. Pure. No control
 * characters in a school (matched exactly by searches); in a name only the whitespace
 * ones, which normalisation turns into spaces.
 */
export function validateRow(row: RawParticipantRow, years: YearRange): ParticipantRecord | RowError {
  const fail = (reason: string): RowError => ({ line: row.line, reason });
  if (row.invalidUtf8) return fail('invalid UTF-8');
  if (row.malformed !== undefined) return fail(row.malformed);
  const school = row.school?.trim() ?? '';
  const year = row.year?.trim() ?? '';
  if (row.name === undefined || row.name.trim() === '') return fail('missing name');
  if (school === '') return fail('missing school');
  const nameControl = /(?!\s)\p{Cc}/u.exec(row.name)?.[0];
  if (nameControl !== undefined)
    return fail(`name contains a control character (${codePointOf(nameControl)})`);
  const schoolControl = /\p{Cc}/u.exec(school)?.[0];
  if (schoolControl !== undefined)
    return fail(`school contains a control character (${codePointOf(schoolControl)})`);
  if (year === '') return fail('missing year');
  if (!/^[0-9]{4}$/.test(year)) return fail(`year must be 4 digits, got '${year.slice(0, 20)}'`);
  if (Number(year) < years.first || Number(year) > years.last)
    return fail(`year must be between ${years.first} and ${years.last}, got '${year}'`);
  const name = normalizeName(row.name);
  if (name === '') return fail('name is empty after normalisation');
  return { name, school, year: Number(year) };
}

/** Every row validated, each (name, school, year) kept once; `years`: those of the records, ascending. */
export function collectParticipants(
  rows: Iterable<RawParticipantRow>,
  years: YearRange,
  onProgress: (rowsRead: number) => void,
) {
  const records: ParticipantRecord[] = [];
  const errors: RowError[] = [];
  // (year, school) → names: far fewer long strings than one joined key per row.
  const seen = new Map<string, Set<string>>();
  const yearsFound = new Set<number>();
  let rowsRead = 0;
  let duplicates = 0;
  for (const row of rows) {
    if (++rowsRead % 10_000 === 0) onProgress(rowsRead);
    const result = validateRow(row, years);
    if ('reason' in result) {
      errors.push(result);
      continue;
    }
    const group = `${result.year}\u0000${result.school}`;
    const names = seen.get(group) ?? seen.set(group, new Set()).get(group)!;
    if (names.has(result.name)) duplicates++;
    else {
      names.add(result.name);
      yearsFound.add(result.year);
      records.push(result);
    }
  }
  return { records, errors, rowsRead, duplicates, years: [...yearsFound].sort((a, b) => a - b) };
}
