import { statisticsOfTallies } from '../../src/domain/statistics/compute.js';
import { publishedFacts, type PublishedFacts } from '../../src/domain/statistics/name-facts.js';
import {
  distinctNames,
  recordsByEdition,
  tallyEdition,
  type EditionTally,
} from '../../src/domain/statistics/tally.js';
import type { ParticipantRecord, StatisticRow } from '../../src/domain/types.js';

/** Every edition's tally, years ascending. */
export function tallyEditions(records: Iterable<ParticipantRecord>, k: number): EditionTally[] {
  return [...recordsByEdition(records)].map(([year, list]) => tallyEdition(year, list, k));
}

/** Every statistic row from the participant records, under the small-count rule's `k` (DESIGN §5). */
export function computeStatistics(
  records: readonly ParticipantRecord[],
  minPublishedCount: number,
): StatisticRow[] {
  return statisticsOfTallies(tallyEditions(records, minPublishedCount), distinctNames(records));
}

/** The published facts of the records of `editions` (ascending), each tallied under `k`. */
export function nameFactsOf(
  records: Iterable<ParticipantRecord>,
  editions: readonly number[],
  k: number,
): PublishedFacts {
  const byYear = recordsByEdition(records);
  return publishedFacts(
    editions.map((year) => tallyEdition(year, byYear.get(year) ?? [], k)),
    k,
  );
}
