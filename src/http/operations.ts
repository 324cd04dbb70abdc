import { z } from 'zod';
import { ANSWER_SHAPES } from '../domain/answer-shapes.js';
import { apiErrors, PING_MESSAGE, STORE_NOT_LOADED, validYearsError } from '../domain/api-messages.js';
import { CATEGORY_IDS } from '../domain/categories.js';
import { searchKey } from '../domain/names.js';
import { statisticSummaries } from '../domain/statistics/summaries.js';
import {
  decideCategory,
  decideParticipants,
  decideStatistics,
  YEAR_FORMAT,
  type Query,
} from '../domain/validation.js';
import type { FollowerState } from '../read-model/follower.js';
import type { ReadModel } from '../read-model/read-model.js';
import {
  CACHE,
  prepareError,
  prepareJson,
  prepareJsonText,
  PREPARED_ERRORS,
  type Answer,
  type PendingSearch,
  type PreparedResponse,
} from '../answer/answer.js';
import type { ParticipantIndex } from '../read-model/participant-index.js';
import type { StatisticRecord, StatisticsRecords } from '../read-model/statistics-records.js';

/** The follower, where the data operations read the current model. */
export interface ModelSource {
  readonly state: FollowerState;
}

export type ErrorName = keyof typeof apiErrors;

/** One operation of the spec: its path, its answer, and what the OpenAPI document says of it. */
export interface Operation {
  path: string;
  answer(query: Query, source: ModelSource): Answer | PendingSearch;
  operationId: string;
  tag: 'health' | 'statistics' | 'participants';
  summary: string;
  description: string;
  /** Its query parameters, each required. */
  query?: Readonly<Record<string, { description: string; schema: z.ZodType; examples?: readonly string[] }>>;
  /** `Cache-Control` of its 200 answers. */
  cache: string;
  participantSearch?: boolean;
  /** Its 200 answers carry an ETag, so `If-None-Match` gets `304`. */
  revalidated: boolean;
  shape: z.ZodType;
  examples: Readonly<Record<string, unknown>>;
  /** The errors of the catalogue it may answer, in the order they are checked. */
  errors: readonly ErrorName[];
}

/** The data operations' answers, each prepared on first use and kept as long as the records it was made from. */
const UPDATING_ANSWER = prepareJsonText(200, '{"isUpdating":true}', CACHE.none);
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

const yearsAnswer = (statistics: StatisticsRecords) =>
  keptAnswer(statistics, 'years', () =>
    statistics.years.length === 0 ? noYears : prepareJson(200, { years: statistics.years }, CACHE.day, DATA),
  );

/** `/api/statistics` of a ready year. */
const statisticsAnswer = (statistics: StatisticsRecords, year: string) =>
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
const invalidYearAnswer = (
  statistics: StatisticsRecords,
  error: 'statisticsInvalidYear' | 'categoryInvalidYear',
) => keptAnswer(statistics, error, () => prepareError(validYearsError(apiErrors[error], statistics.years)));

export const companiesAnswer = (participants: ParticipantIndex) =>
  keptAnswer(participants, 'companies', () => {
    const { companies } = participants;
    return companies.length === 0 ? noCompanies : prepareJson(200, { companies }, CACHE.week, DATA);
  });

const PONG = prepareJson(200, { ok: true, message: PING_MESSAGE }, CACHE.none);
const NOT_LOADED = prepareError(apiErrors.storeFailure, STORE_NOT_LOADED);

/** The operations that read data answer 500 until the first successful load. */
function fromModel(
  answer: (query: Query, model: ReadModel, searchClosed: string | undefined) => Answer | PendingSearch,
): Operation['answer'] {
  return (query, { state }) => {
    if (state.kind === 'ready') return answer(query, state.model, state.searchClosed);
    return state.kind === 'failed' ? prepareError(apiErrors.storeFailure, state.details) : NOT_LOADED;
  };
}

function statistics(query: Query, { statistics, isUpdating }: ReadModel): Answer {
  const decision = decideStatistics(query, statistics.yearSet);
  if (decision.kind === 'ok')
    return isUpdating ? UPDATING_ANSWER : statisticsAnswer(statistics, decision.year);
  if (decision.kind === 'yearUnknown') return invalidYearAnswer(statistics, 'statisticsInvalidYear');
  return decision.kind === 'yearRequired'
    ? PREPARED_ERRORS.yearRequired
    : PREPARED_ERRORS.yearFormatStatistics;
}

function category(query: Query, { statistics }: ReadModel): Answer {
  const decision = decideCategory(query, statistics.yearSet);
  if (decision.kind === 'ok') return categoryAnswer(statistics, decision.year, decision.category);
  if (decision.kind === 'yearUnknown') return invalidYearAnswer(statistics, 'categoryInvalidYear');
  if (decision.kind === 'yearFormat') return PREPARED_ERRORS.yearFormatCategory;
  return decision.kind === 'paramsRequired'
    ? PREPARED_ERRORS.categoryParamsRequired
    : PREPARED_ERRORS.invalidCategory;
}

function participants(
  query: Query,
  { participants: index }: ReadModel,
  searchClosed: string | undefined,
): Answer | PendingSearch {
  const decision = decideParticipants(query);
  if (decision.kind === 'paramsRequired') return PREPARED_ERRORS.participantParamsRequired;
  if (decision.kind === 'nameTooShort') return PREPARED_ERRORS.nameTooShort;
  // Fails closed: what was withdrawn from the store meanwhile must not stay findable here.
  if (searchClosed !== undefined) return prepareError(apiErrors.storeFailure, searchClosed);
  const { normalizedName, company } = decision;
  return {
    kind: 'search',
    channel: 'api',
    school: company,
    children: index.childrenOf(company),
    typed: searchKey(normalizedName),
    run() {
      const found = index.search(normalizedName, company);
      if (found === undefined) return { answer: PREPARED_ERRORS.noParticipants, names: [] };
      // Made for this request, never kept (spec §8).
      const json = JSON.stringify({ participants: found.matches });
      return { answer: { kind: 'computed', statusCode: 200, json }, names: found.names };
    },
    refused: () => PREPARED_ERRORS.rateLimited,
  };
}

const TOP_NAMES = [
  { name: 'Jon', count: 85 },
  { name: 'Ane', count: 80 },
  { name: 'Mikel', count: 75 },
];
const TOP_NAMES_RECORD = {
  category: 'topNamesByYear',
  public_data: TOP_NAMES,
  summary: statisticSummaries.ranking('names', TOP_NAMES, 2024),
};
const YEAR = {
  description: 'A 4-digit year or `global`, one of `/api/years`',
  schema: z.string().regex(YEAR_FORMAT),
  examples: ['2024', 'global'],
};
const SCHOOL = 'Ikastola Amara Berri';
const CHILD = { name: 'Ane Garcia Lopez', school: SCHOOL };

/** The six operations of the spec, as routes.ts serves them and openapi.ts documents them. */
export const OPERATIONS: readonly Operation[] = [
  {
    path: '/api/ping',
    answer: () => PONG,
    operationId: 'ping',
    tag: 'health',
    summary: 'Health check',
    description: 'Never reads the store: answers while the process runs.',
    cache: CACHE.none,
    revalidated: false,
    shape: ANSWER_SHAPES.ping,
    examples: { ok: { ok: true, message: PING_MESSAGE } },
    errors: [],
  },
  {
    path: '/api/years',
    answer: fromModel((_query, model) => yearsAnswer(model.statistics)),
    operationId: 'listYears',
    tag: 'statistics',
    summary: 'Years with data',
    description: 'Ready years, numeric years descending, `global` last.',
    cache: CACHE.day,
    revalidated: true,
    shape: ANSWER_SHAPES.years,
    examples: { years: { years: ['2025', '2024', '2023', '2022', '2020', 'global'] } },
    errors: ['noYears', 'storeFailure'],
  },
  {
    path: '/api/statistics',
    answer: fromModel(statistics),
    operationId: 'getStatistics',
    tag: 'statistics',
    summary: 'All statistics of a year',
    description:
      'The year is checked first (presence, format, existence: 404). Then, during the annual ' +
      'refresh, the answer is exactly `{"isUpdating":true}` (200, `no-store`, no ETag).',
    query: { year: YEAR },
    cache: CACHE.day,
    revalidated: true,
    shape: ANSWER_SHAPES.statistics,
    examples: {
      statistics: {
        isUpdating: false,
        year: '2024',
        total_categories: 1,
        statistics: { topNamesByYear: [TOP_NAMES_RECORD] },
      },
      updating: { isUpdating: true },
    },
    errors: ['yearRequired', 'yearFormatStatistics', 'statisticsInvalidYear', 'storeFailure'],
  },
  {
    path: '/api/category',
    answer: fromModel(category),
    operationId: 'getCategory',
    tag: 'statistics',
    summary: 'One statistic of a year',
    description:
      'Checked in this order, each failure 400: both parameters present, category valid, year ' +
      'format, year published. The record equals the matching entry of `/api/statistics`.',
    query: {
      year: YEAR,
      category: { description: 'A category identifier (case-sensitive)', schema: z.enum(CATEGORY_IDS) },
    },
    cache: CACHE.day,
    revalidated: true,
    shape: ANSWER_SHAPES.category,
    examples: { stats: { stats: [TOP_NAMES_RECORD] } },
    errors: [
      'categoryParamsRequired',
      'invalidCategory',
      'yearFormatCategory',
      'categoryInvalidYear',
      'categoryNotFound',
      'storeFailure',
    ],
  },
  {
    path: '/api/companies',
    answer: fromModel((_query, model) => companiesAnswer(model.participants)),
    operationId: 'listCompanies',
    tag: 'participants',
    summary: 'Participating schools',
    description: 'Distinct school names, in Spanish alphabetical order, exactly as stored.',
    cache: CACHE.week,
    revalidated: true,
    shape: ANSWER_SHAPES.companies,
    examples: { companies: { companies: ['Colegio Arantzazu', SCHOOL, 'Otras compañías'] } },
    errors: ['noCompanies', 'storeFailure'],
  },
  {
    path: '/api/participants',
    answer: fromModel(participants),
    operationId: 'searchParticipants',
    tag: 'participants',
    summary: 'Search participants by name and school',
    description:
      'The name is normalised (accents removed, spaces collapsed) and must have at least 3 parts; ' +
      'it matches any stored name that contains it, ignoring case. The school must match exactly. ' +
      'Results are sorted by year descending. As the spec says, no match is a 500.',
    query: {
      name: {
        description: 'First name and two surnames at least (partial match, accents ignored)',
        schema: z.string(),
        examples: [CHILD.name],
      },
      company: {
        description: 'A school exactly as listed by `/api/companies`',
        schema: z.string(),
        examples: [SCHOOL],
      },
    },
    cache: CACHE.none,
    participantSearch: true,
    revalidated: true,
    shape: ANSWER_SHAPES.participants,
    examples: { participants: { participants: [2024, 2023].map((year) => ({ ...CHILD, year })) } },
    errors: ['participantParamsRequired', 'nameTooShort', 'rateLimited', 'noParticipants', 'storeFailure'],
  },
];
