import { apiErrors, validYearsError } from '../domain/api-messages.js';
import type { ParticipantRecord } from '../domain/types.js';
import type { ParticipantIndex } from '../read-model/participant-index.js';
import type { StatisticRecord, StatisticsRecords } from '../read-model/statistics-records.js';
import {
  CACHE,
  prepareError,
  prepareJson,
  prepareJsonText,
  PREPARED_ERRORS,
  type ComputedJson,
  type PreparedResponse,
} from '../answer/answer.js';

/**
 * The data operations' answers, each prepared on first use and kept as long as the records it
 * was made from (a flip of the updating flag keeps them).
 */

export const UPDATING_ANSWER = prepareJsonText(200, '{"isUpdating":true}', CACHE.none);
const { categoryNotFound, noYears, noCompanies } = PREPARED_ERRORS;

/** A data operation's 200: an ETag, compressed at the effort of what is made once per model. */
const DATA = { etag: true, effort: 'data' } as const;

const kept = new WeakMap<object, Map<string, PreparedResponse>>();

function keptAnswer(part: object, key: string, make: () => PreparedResponse): PreparedResponse {
  let answers = kept.get(part);
  if (answers === undefined) kept.set(part, (answers = new Map()));
  let answer = answers.get(key);
  if (answer === undefined) answers.set(key, (answer = make()));
  return answer;
}

/** `{category, public_data, summary}` as JSON; SQL NULL is served as `null`. */
const recordJson = ({ category, publicData, summary }: StatisticRecord) =>
  JSON.stringify({ category, public_data: publicData ?? null, summary });

/** The first 30 records (spec §4.3, §8) by category, in order (by hand: an object moves integer-like keys first). */
function statisticsJson(year: string, records: readonly StatisticRecord[]): string {
  const groups = new Map<string, string[]>();
  for (const record of records.slice(0, 30)) {
    if (!groups.has(record.category)) groups.set(record.category, []);
    groups.get(record.category)!.push(recordJson(record));
  }
  const statistics = [...groups].map(
    ([category, records]) => `${JSON.stringify(category)}:[${records.join(',')}]`,
  );
  return `{"isUpdating":false,"year":${JSON.stringify(year)},"total_categories":${groups.size},"statistics":{${statistics.join(',')}}}`;
}

export const yearsAnswer = (statistics: StatisticsRecords) =>
  keptAnswer(statistics, 'years', () =>
    statistics.years.length === 0 ? noYears : prepareJson(200, { years: statistics.years }, CACHE.day, DATA),
  );

/** `/api/statistics` of a ready year. */
export const statisticsAnswer = (statistics: StatisticsRecords, year: string) =>
  keptAnswer(statistics, `statistics ${year}`, () =>
    prepareJsonText(200, statisticsJson(year, statistics.ofYear(year)), CACHE.day, DATA),
  );

/** `/api/category` of a ready year: every record of the category, or the spec's 404 when it has none. */
export const categoryAnswer = (statistics: StatisticsRecords, year: string, category: string) =>
  keptAnswer(statistics, `category ${year} ${category}`, () => {
    const records = statistics.ofYear(year).filter((record) => record.category === category);
    if (records.length === 0) return categoryNotFound;
    return prepareJsonText(200, `{"stats":[${records.map(recordJson).join(',')}]}`, CACHE.day, DATA);
  });

/** The error of a year that is not ready, which lists those that are. */
export const invalidYearAnswer = (statistics: StatisticsRecords, operation: 'statistics' | 'category') =>
  keptAnswer(statistics, `invalid ${operation}`, () =>
    prepareError(
      validYearsError(
        operation === 'statistics' ? apiErrors.statisticsInvalidYear : apiErrors.categoryInvalidYear,
        statistics.years,
      ),
    ),
  );

export const companiesAnswer = (participants: ParticipantIndex) =>
  keptAnswer(participants, 'companies', () => {
    const { companies } = participants;
    return companies.length === 0 ? noCompanies : prepareJson(200, { companies }, CACHE.week, DATA);
  });

/** A participant search's answer, made for this request (never kept, spec §8). */
export function searchAnswer(matches: readonly ParticipantRecord[]): ComputedJson {
  return { kind: 'computed', statusCode: 200, json: JSON.stringify({ participants: matches }) };
}
