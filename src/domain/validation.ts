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

type StatisticsDecision =
  { kind: 'yearRequired' } | { kind: 'yearFormat' } | { kind: 'yearUnknown' } | { kind: 'ok'; year: string };

export function decideStatistics(query: Query, validYears: ReadonlySet<string>): StatisticsDecision {
  const year = query.year;
  if (!present(year)) return { kind: 'yearRequired' };
  if (!isYearFormat(year)) return { kind: 'yearFormat' };
  if (!validYears.has(year)) return { kind: 'yearUnknown' };
  return { kind: 'ok', year };
}

type CategoryDecision =
  | { kind: 'paramsRequired' }
  | { kind: 'categoryInvalid' }
  | { kind: 'yearFormat' }
  | { kind: 'yearUnknown' }
  | { kind: 'ok'; year: string; category: string };

export function decideCategory(query: Query, validYears: ReadonlySet<string>): CategoryDecision {
  const { year, category } = query;
  if (!present(year) || !present(category)) return { kind: 'paramsRequired' };
  if (!isCategoryId(category)) return { kind: 'categoryInvalid' };
  if (!isYearFormat(year)) return { kind: 'yearFormat' };
  if (!validYears.has(year)) return { kind: 'yearUnknown' };
  return { kind: 'ok', year, category };
}

/** The spec's minimum: a first name and two surnames. */
export const MIN_NAME_PARTS = 3;

type ParticipantsDecision =
  | { kind: 'paramsRequired' }
  | { kind: 'nameTooShort' }
  | { kind: 'ok'; normalizedName: string; company: string };

export function decideParticipants(query: Query): ParticipantsDecision {
  const { name, company } = query;
  if (!present(name) || !present(company)) return { kind: 'paramsRequired' };
  const normalizedName = normalizeName(name);
  if (countNameParts(normalizedName) < MIN_NAME_PARTS) return { kind: 'nameTooShort' };
  return { kind: 'ok', normalizedName, company };
}
