import { isCategoryId } from './categories.js';
import { countNameParts, normalizeName } from './names.js';

/** The spec's query validation, in its order; an empty value counts as missing. */
export type Query = Readonly<Partial<Record<string, string>>>;

export const YEAR_FORMAT = /^(?:[0-9]{4}|global)$/;

export function isYearFormat(year: string): boolean {
  return YEAR_FORMAT.test(year);
}

function present(value: string | undefined): value is string {
  return value !== undefined && value !== '';
}

export function decideStatistics(query: Query, validYears: ReadonlySet<string>) {
  const year = query.year;
  if (!present(year)) return { kind: 'yearRequired' } as const;
  if (!isYearFormat(year)) return { kind: 'yearFormat' } as const;
  if (!validYears.has(year)) return { kind: 'yearUnknown' } as const;
  return { kind: 'ok', year } as const;
}

export function decideCategory(query: Query, validYears: ReadonlySet<string>) {
  const { year, category } = query;
  if (!present(year) || !present(category)) return { kind: 'paramsRequired' } as const;
  if (!isCategoryId(category)) return { kind: 'categoryInvalid' } as const;
  if (!isYearFormat(year)) return { kind: 'yearFormat' } as const;
  if (!validYears.has(year)) return { kind: 'yearUnknown' } as const;
  return { kind: 'ok', year, category } as const;
}

/** The spec's minimum: a first name and two surnames. */
export const MIN_NAME_PARTS = 3;

export function decideParticipants(query: Query) {
  const { name, company } = query;
  if (!present(name) || !present(company)) return { kind: 'paramsRequired' } as const;
  const normalizedName = normalizeName(name);
  if (countNameParts(normalizedName) < MIN_NAME_PARTS) return { kind: 'nameTooShort' } as const;
  return { kind: 'ok', normalizedName, company } as const;
}
