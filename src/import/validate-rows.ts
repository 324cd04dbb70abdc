import { SETTINGS } from '../config/index.js';
import { countNameParts, normalizeName } from '../domain/names.js';
import { MIN_NAME_PARTS } from '../domain/validation.js';
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

type RowError = { line: number; reason: string };

/** `U+0000`. */
export function codePointOf(character: string): string {
  return `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

type YearRange = ReturnType<typeof festivalYears>;

/** In characters (MAX_NAME_LENGTH, MAX_SCHOOL_LENGTH). */
export type TextLimits = { maxNameLength: number; maxSchoolLength: number };

export const DEFAULT_TEXT_LIMITS: Readonly<TextLimits> = Object.freeze({
  maxNameLength: SETTINGS.maxNameLength.fallback,
  maxSchoolLength: SETTINGS.maxSchoolLength.fallback,
});

/**
 * What a name holds: letters and marks of any script, spaces, apostrophes (' ’ ʼ ‘),
 * hyphens (- ‐ ‑), dots, the Catalan middle dot (Gal·la) and the comma of a
 * `Surname, Name` (the public project's lists hold some). No digit, symbol or other
 * punctuation (= ; < > @ …): a list holding one is not a list of names.
 */
const NOT_IN_A_NAME = /[^\p{L}\p{M}\s'’ʼ‘\-‐‑.·,]/u;

/** A character as an error line shows it: itself when visible, else its code point. */
function shown(character: string): string {
  return /[\p{L}\p{M}\p{N}\p{P}\p{S}]/u.test(character) ? `'${character}'` : codePointOf(character);
}

const characters = (text: string) => [...text].length;

/** The years an import accepts: from 1900 to the year after `currentYear` (a list may come early). */
export const festivalYears = (currentYear: number) => ({ first: 1900, last: currentYear + 1 });

/**
 * One row → the record to store, or why not. No control characters in a school (searches
 * match it exactly); in a name only whitespace ones, which normalisation turns into spaces.
 */
export function validateRow(
  row: RawParticipantRow,
  years: YearRange,
  limits: TextLimits = DEFAULT_TEXT_LIMITS,
): ParticipantRecord | RowError {
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
  const foreign = NOT_IN_A_NAME.exec(row.name)?.[0];
  if (foreign !== undefined)
    return fail(
      `name contains ${shown(foreign)}, which no name has (letters, spaces, apostrophes, hyphens, dots and commas only)`,
    );
  if (characters(school) > limits.maxSchoolLength)
    return fail(
      `school has ${characters(school)} characters; at most ${limits.maxSchoolLength} are allowed (MAX_SCHOOL_LENGTH)`,
    );
  if (year === '') return fail('missing year');
  if (!/^[0-9]{4}$/.test(year)) return fail(`year must be 4 digits, got '${year.slice(0, 20)}'`);
  if (Number(year) < years.first || Number(year) > years.last)
    return fail(`year must be between ${years.first} and ${years.last}, got '${year}'`);
  const name = normalizeName(row.name);
  if (name === '') return fail('name is empty after normalisation');
  if (characters(name) > limits.maxNameLength)
    return fail(
      `name has ${characters(name)} characters; at most ${limits.maxNameLength} are allowed (MAX_NAME_LENGTH)`,
    );
  return { name, school, year: Number(year) };
}

/** Every row validated, each (name, school, year) kept once, with its line; years ascending. */
export function collectParticipants(
  rows: Iterable<RawParticipantRow>,
  years: YearRange,
  onProgress: (rowsRead: number) => void,
  limits: TextLimits = DEFAULT_TEXT_LIMITS,
) {
  const records: ParticipantRecord[] = [];
  const lines: number[] = [];
  const errors: RowError[] = [];
  const shortNames: { line: number; year: number }[] = [];
  // (year, school) → names: far fewer long strings than one joined key per row.
  const seen = new Map<string, Set<string>>();
  const yearsFound = new Set<number>();
  let rowsRead = 0;
  let duplicates = 0;
  for (const row of rows) {
    if (++rowsRead % 10_000 === 0) onProgress(rowsRead);
    const result = validateRow(row, years, limits);
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
      lines.push(row.line);
      if (countNameParts(result.name) < MIN_NAME_PARTS)
        shortNames.push({ line: row.line, year: result.year });
    }
  }
  return {
    records,
    lines,
    errors,
    rowsRead,
    duplicates,
    shortNames,
    years: [...yearsFound].sort((a, b) => a - b),
  };
}
