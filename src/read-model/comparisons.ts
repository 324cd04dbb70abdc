import type { NameKind } from '../domain/statistics/name-facts.js';
import { searchKey } from '../domain/names.js';
import type { NameIndex } from './name-index.js';

/** At most this many names, or schools, on one comparison. */
export const MAX_COMPARED = 5;

/**
 * A series per edition: the label (a name as written most often, or a school), the counts
 * (`undefined`: fewer than k children bore the name there) and their share of the edition.
 */
const seriesOf = (names: NameIndex, label: string, counts: (number | undefined)[]) => ({
  label,
  counts,
  shares: counts.map((count, e) => (count === undefined ? undefined : count / names.participants[e]!)),
});

/**
 * Counts per published edition of up to `MAX_COMPARED` names or schools (one chart, table
 * and CSV): `series` in the order asked for, each once; `notFound`: what has no figures, as
 * typed; `tooMany`: more than `MAX_COMPARED` distinct items were asked for.
 */
export interface Comparison {
  editions: readonly number[];
  series: ReturnType<typeof seriesOf>[];
  notFound: string[];
  tooMany: boolean;
}

/** The first `MAX_COMPARED` distinct items asked for (by `keyOf`), each with its series or none. */
function compared(
  asked: readonly string[],
  editions: readonly number[],
  keyOf: (item: string) => string,
  seriesOf: (item: string) => Comparison['series'][number] | undefined,
): Comparison {
  const seen = new Set<string>();
  const comparison: Comparison = { editions, series: [], notFound: [], tooMany: false };
  for (const item of asked) {
    const key = keyOf(item);
    if (seen.has(key)) continue;
    if (seen.size === MAX_COMPARED) {
      comparison.tooMany = true;
      break;
    }
    seen.add(key);
    const series = seriesOf(item);
    if (series) comparison.series.push(series);
    else comparison.notFound.push(item);
  }
  return comparison;
}

/** First names or surnames as typed, compared: each count under k withheld as on its page. */
export function compareNames(names: NameIndex, kind: NameKind, typed: readonly string[]): Comparison {
  return compared(
    typed,
    names.editions,
    // The lookup's own key: a name found is its fact's, one not found folds alike.
    searchKey,
    (name) => {
      const fact = names.lookup(kind, name);
      return fact
        ? seriesOf(
            names,
            fact.name,
            fact.editions.map((edition) => edition.count),
          )
        : undefined;
    },
  );
}

/** Schools (exact names) compared: their participants per edition, as their pages count them (0 where none). */
export function compareSchools(names: NameIndex, schools: readonly string[]): Comparison {
  return compared(
    schools,
    names.editions,
    (school) => school,
    (school) => {
      const byYear = names.schoolCounts.get(school);
      const counts = names.editions.map((year) => byYear?.get(year) ?? 0);
      // A school with no participant in a published edition has no page either.
      return counts.some((count) => count > 0) ? seriesOf(names, school, counts) : undefined;
    },
  );
}
