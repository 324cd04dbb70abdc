import type { FastifySchema, RouteShorthandOptions } from 'fastify';
import { CATEGORY_IDS } from '../domain/categories.js';
import { statisticSummaries } from '../domain/statistics/summaries.js';
import { apiErrors, PING_MESSAGE, STORE_NOT_LOADED, validYearsError } from '../domain/api-messages.js';
import { CACHE } from '../read-model/prepared-response.js';

/**
 * The schemas of the six operations: the one description of the API, from which the
 * OpenAPI document is generated. They document; they never run (see `documentedRoute`).
 * Every Spanish text in them comes from `texts.ts`.
 */

// ---------------------------------------------------------------------------
// Shared schemas (components of the OpenAPI document, by `$id`).
// ---------------------------------------------------------------------------

const YEAR_PATTERN = '^(?:[0-9]{4}|global)$';

const yearCount = {
  $id: 'YearCount',
  type: 'object',
  required: ['year', 'count'],
  additionalProperties: false,
  properties: { year: { type: 'integer' }, count: { type: 'integer', minimum: 0 } },
} as const;

export const SHARED_SCHEMAS = [
  {
    $id: 'Error',
    description: 'Every error answer (spec §2.7). `error` is Spanish; `details` only on server errors.',
    type: 'object',
    required: ['error'],
    additionalProperties: false,
    properties: {
      error: { type: 'string', description: 'Spanish message (spec §7)' },
      details: { type: 'string', description: 'Short technical reason, without paths or URLs' },
    },
  },
  yearCount,
  {
    $id: 'RankedItem',
    type: 'object',
    required: ['name', 'count'],
    additionalProperties: false,
    properties: { name: { type: 'string' }, count: { type: 'integer', minimum: 0 } },
  },
  {
    $id: 'NameBySchool',
    type: 'object',
    required: ['name', 'school'],
    additionalProperties: false,
    properties: { name: { type: 'string' }, school: { type: 'string' } },
  },
  {
    $id: 'SchoolEvolution',
    type: 'object',
    required: ['total', 'school', 'years'],
    additionalProperties: false,
    properties: {
      total: { type: 'integer', minimum: 0 },
      school: { type: 'string' },
      years: { type: 'array', items: { $ref: 'YearCount#' } },
    },
  },
  {
    $id: 'ConstantSchool',
    description: "The shape of the public project's own data (the spec shows none).",
    type: 'object',
    required: ['school', 'yearsActive'],
    additionalProperties: false,
    properties: {
      school: { type: 'string' },
      yearsActive: {
        type: 'array',
        description: 'The years the school took part in, ascending, with its participants in each',
        items: { $ref: 'YearCount#' },
      },
    },
  },
  {
    $id: 'NewSchool',
    description: "The shape of the public project's own data (the spec shows none).",
    type: 'object',
    required: ['school'],
    additionalProperties: false,
    properties: { school: { type: 'string' } },
  },
  {
    $id: 'PublicData',
    description:
      'Depends on the category (spec §2.3): `[{name, count}]` for the top* categories; ' +
      '`[string]` for `newNamesByYear` and `longestNames` (by length in characters, spaces ' +
      'included); a number for the diversity categories; `[{year, count}]` for ' +
      '`totalParticipants(ByYear)`; `[{name, school}]` for `commonNameBySchool(ByYear)`; ' +
      '`[{total, school, years: [{year, count}]}]` for `schoolsEvolution`; `[{school}]` for ' +
      '`newSchoolsByYear`; `[{school, yearsActive: [{year, count}]}]` for `mostConstantSchools`; ' +
      '`null` for `intro` and `outro` (their text is the summary).',
    anyOf: [
      { type: 'null' },
      { type: 'integer', minimum: 0 },
      { type: 'array', items: { type: 'string' } },
      { type: 'array', items: { $ref: 'RankedItem#' } },
      { type: 'array', items: { $ref: 'YearCount#' } },
      { type: 'array', items: { $ref: 'NameBySchool#' } },
      { type: 'array', items: { $ref: 'SchoolEvolution#' } },
      { type: 'array', items: { $ref: 'ConstantSchool#' } },
      { type: 'array', items: { $ref: 'NewSchool#' } },
    ],
  },
  {
    $id: 'CategoryRecord',
    description: 'One stored statistic (spec §2.1).',
    type: 'object',
    required: ['category', 'public_data', 'summary'],
    additionalProperties: false,
    properties: {
      category: { type: 'string', description: 'A category identifier (spec §2.2)' },
      public_data: { $ref: 'PublicData#' },
      summary: {
        type: ['string', 'null'],
        description: 'Spanish text; figures are highlighted as Markdown **bold**',
      },
    },
  },
  {
    $id: 'Statistics',
    description: 'All statistics of a year, grouped by category.',
    type: 'object',
    required: ['isUpdating', 'year', 'total_categories', 'statistics'],
    additionalProperties: false,
    properties: {
      isUpdating: { type: 'boolean', const: false },
      year: { type: 'string', pattern: YEAR_PATTERN, description: 'The year asked for' },
      total_categories: { type: 'integer', minimum: 0, description: 'Number of keys of `statistics`' },
      statistics: {
        type: 'object',
        description:
          'Keys are category identifiers, in the order of the rows (at most 30 rows, by ' +
          '`public_data` descending); each value lists the records of that category.',
        additionalProperties: { type: 'array', items: { $ref: 'CategoryRecord#' } },
      },
    },
  },
  {
    $id: 'Updating',
    description: 'The annual refresh is in progress (spec §3): no other field.',
    type: 'object',
    required: ['isUpdating'],
    additionalProperties: false,
    properties: { isUpdating: { type: 'boolean', const: true } },
  },
] as const;

// ---------------------------------------------------------------------------
// Headers of the answers.
// ---------------------------------------------------------------------------

const cors = {
  type: 'string',
  description: 'On every answer: the configured `CORS_ORIGIN` (default `*`).',
} as const;
const etag = {
  type: 'string',
  pattern: '^"[A-Za-z0-9_-]+(?:-gzip|-br)?"$',
  description:
    'Strong validator of this representation. Send it back in `If-None-Match` to get `304 Not Modified`.',
} as const;
const vary = {
  type: 'string',
  enum: ['Accept-Encoding'],
  description: 'Present when the body is over 1 KB and so also exists compressed.',
} as const;
const contentEncoding = {
  type: 'string',
  enum: ['br', 'gzip'],
  description: 'Bodies over 1 KB are sent compressed when `Accept-Encoding` allows it (brotli preferred).',
} as const;
const cacheControl = (values: readonly string[], description: string) =>
  ({ type: 'string', enum: values, description }) as const;

const noStore = cacheControl([CACHE.none], 'Never cached.');
const dataHeaders = (cache: string, description: string) => ({
  'Cache-Control': cacheControl([cache], description),
  ETag: etag,
  Vary: vary,
  'Content-Encoding': contentEncoding,
  'Access-Control-Allow-Origin': cors,
});
const dayHeaders = dataHeaders(CACHE.day, 'May be cached for 24 hours (spec §8).');
const uncachedHeaders = { 'Cache-Control': noStore, 'Access-Control-Allow-Origin': cors };

// ---------------------------------------------------------------------------
// Answers.
// ---------------------------------------------------------------------------

type Examples = Record<string, { summary: string; value: unknown }>;

function json(description: string, schema: object, examples: Examples, headers: object) {
  return { description, headers, content: { 'application/json': { schema, examples } } };
}

const errorRef = { $ref: 'Error#' };
const error = (description: string, examples: Record<string, [string, string] | [string, string, string]>) =>
  json(
    description,
    errorRef,
    Object.fromEntries(
      Object.entries(examples).map(([key, [summary, text, details]]) => [
        key,
        { summary, value: details === undefined ? { error: text } : { error: text, details } },
      ]),
    ),
    uncachedHeaders,
  );

const STORE_FAILURE = error('The store could not be read (before the first successful load).', {
  storeFailure: ['Store unreachable', apiErrors.storeFailure.text, STORE_NOT_LOADED],
});

const NOT_MODIFIED = {
  description: '`If-None-Match` names the current ETag: no body.',
  type: 'null',
  headers: {
    ETag: etag,
    'Cache-Control': cacheControl([CACHE.day, CACHE.week, CACHE.none], 'As the 200.'),
    Vary: vary,
    'Access-Control-Allow-Origin': cors,
  },
} as const;

const IF_NONE_MATCH = {
  type: 'object',
  properties: {
    'if-none-match': {
      type: 'string',
      description: 'ETags from an earlier answer; when one is current the answer is `304` without a body.',
    },
  },
} as const;

const EXAMPLE_YEARS = ['2025', '2024', '2023', '2022', '2020', 'global'];
const invalidYear = validYearsError(apiErrors.statisticsInvalidYear, EXAMPLE_YEARS).text;

const TOP_NAMES = [
  { name: 'Jon', count: 85 },
  { name: 'Ane', count: 80 },
  { name: 'Mikel', count: 75 },
];
const recordExamples = {
  topNamesByYear: {
    category: 'topNamesByYear',
    public_data: TOP_NAMES,
    summary: statisticSummaries.topNamesByYear({ year: 2024, top: TOP_NAMES }),
  },
  totalParticipantsByYear: {
    category: 'totalParticipantsByYear',
    public_data: [{ year: 2024, count: 4612 }],
    summary: statisticSummaries.totalParticipantsByYear({ year: 2024, participants: 4612, schools: 48 }),
  },
  namesDiversityByYear: {
    category: 'namesDiversityByYear',
    public_data: 972,
    summary: statisticSummaries.namesDiversityByYear({ year: 2024, distinct: 972, participants: 4612 }),
  },
};

const yearParameter = (description: string) =>
  ({ type: 'string', pattern: YEAR_PATTERN, description, examples: ['2024', 'global'] }) as const;

// ---------------------------------------------------------------------------
// The six operations.
// ---------------------------------------------------------------------------

/** The documented schema of each operation, by its `operationId` (routes.ts gives each its path). */
export const OPERATION_SCHEMAS = {
  ping: {
    operationId: 'ping',
    tags: ['health'],
    summary: 'Health check',
    description: 'Never reads the store: answers while the process runs.',
    response: {
      200: json(
        'The server is running.',
        {
          type: 'object',
          required: ['ok', 'message'],
          additionalProperties: false,
          properties: { ok: { type: 'boolean', const: true }, message: { type: 'string' } },
        },
        { ok: { summary: 'Running', value: { ok: true, message: PING_MESSAGE } } },
        uncachedHeaders,
      ),
    },
  },

  listYears: {
    operationId: 'listYears',
    tags: ['statistics'],
    summary: 'Years with data',
    description: 'Ready years, numeric years descending, `global` last.',
    headers: IF_NONE_MATCH,
    response: {
      200: json(
        'The published years.',
        {
          type: 'object',
          required: ['years'],
          additionalProperties: false,
          properties: {
            years: { type: 'array', minItems: 1, items: { type: 'string', pattern: YEAR_PATTERN } },
          },
        },
        { years: { summary: 'Published years', value: { years: EXAMPLE_YEARS } } },
        dayHeaders,
      ),
      304: NOT_MODIFIED,
      404: error('No year is published.', { noYears: ['No years', apiErrors.noYears.text] }),
      500: STORE_FAILURE,
    },
  },

  getStatistics: {
    operationId: 'getStatistics',
    tags: ['statistics'],
    summary: 'All statistics of a year',
    description:
      'The year is checked first (presence, format, existence: 404). Then, during the annual ' +
      'refresh, the answer is exactly `{"isUpdating":true}` (200, not cached).',
    querystring: {
      type: 'object',
      required: ['year'],
      properties: { year: yearParameter('A 4-digit year or `global`, one of `/api/years`') },
    },
    headers: IF_NONE_MATCH,
    response: {
      200: json(
        'The statistics of the year, or the updating answer.',
        { oneOf: [{ $ref: 'Statistics#' }, { $ref: 'Updating#' }] },
        {
          statistics: {
            summary: 'Statistics of 2024',
            value: {
              isUpdating: false,
              year: '2024',
              total_categories: 3,
              statistics: {
                topNamesByYear: [recordExamples.topNamesByYear],
                totalParticipantsByYear: [recordExamples.totalParticipantsByYear],
                namesDiversityByYear: [recordExamples.namesDiversityByYear],
              },
            },
          },
          updating: { summary: 'Annual refresh in progress', value: { isUpdating: true } },
        },
        {
          ...dayHeaders,
          'Cache-Control': cacheControl(
            [CACHE.day, CACHE.none],
            `\`${CACHE.day}\` for the statistics; \`${CACHE.none}\` for the updating answer (which has no ETag).`,
          ),
        },
      ),
      304: NOT_MODIFIED,
      404: error('The year is missing, malformed or not published.', {
        yearRequired: ['`year` missing or empty', apiErrors.yearRequired.text],
        yearFormat: ['Not 4 digits nor `global`', apiErrors.yearFormatStatistics.text],
        yearUnknown: ['Not a published year', invalidYear],
      }),
      500: STORE_FAILURE,
    },
  },

  getCategory: {
    operationId: 'getCategory',
    tags: ['statistics'],
    summary: 'One statistic of a year',
    description:
      'Checked in this order, each failure 400: both parameters present, category valid, year ' +
      'format, year published. The record equals the matching entry of `/api/statistics`.',
    querystring: {
      type: 'object',
      required: ['year', 'category'],
      properties: {
        year: yearParameter('A 4-digit year or `global`, one of `/api/years`'),
        category: {
          type: 'string',
          enum: CATEGORY_IDS,
          description: 'A category identifier (case-sensitive)',
        },
      },
    },
    headers: IF_NONE_MATCH,
    response: {
      200: json(
        'The record, always wrapped in an array.',
        {
          type: 'object',
          required: ['stats'],
          additionalProperties: false,
          properties: { stats: { type: 'array', minItems: 1, items: { $ref: 'CategoryRecord#' } } },
        },
        { stats: { summary: 'topNamesByYear of 2024', value: { stats: [recordExamples.topNamesByYear] } } },
        dayHeaders,
      ),
      304: NOT_MODIFIED,
      400: error('A parameter is missing or invalid.', {
        paramsRequired: ['`year` or `category` missing', apiErrors.categoryParamsRequired.text],
        categoryInvalid: ['Unknown category', apiErrors.invalidCategory.text],
        yearFormat: ['Not 4 digits nor `global`', apiErrors.yearFormatCategory.text],
        yearUnknown: ['Not a published year', invalidYear],
      }),
      404: error(
        'No record for this valid year and category (e.g. a global-only category asked for a year).',
        {
          categoryNotFound: ['No such record', apiErrors.categoryNotFound.text],
        },
      ),
      500: STORE_FAILURE,
    },
  },

  listCompanies: {
    operationId: 'listCompanies',
    tags: ['participants'],
    summary: 'Participating schools',
    description: 'Distinct school names, in Spanish alphabetical order, exactly as stored.',
    headers: IF_NONE_MATCH,
    response: {
      200: json(
        'The schools.',
        {
          type: 'object',
          required: ['companies'],
          additionalProperties: false,
          properties: { companies: { type: 'array', minItems: 1, items: { type: 'string' } } },
        },
        {
          companies: {
            summary: 'Schools',
            value: { companies: ['Colegio Arantzazu', 'Ikastola Amara Berri', 'Otras compañías'] },
          },
        },
        dataHeaders(CACHE.week, 'May be cached for 7 days (spec §8).'),
      ),
      304: NOT_MODIFIED,
      404: error('No participant is stored.', { noCompanies: ['No schools', apiErrors.noCompanies.text] }),
      500: STORE_FAILURE,
    },
  },

  searchParticipants: {
    operationId: 'searchParticipants',
    tags: ['participants'],
    summary: 'Search participants by name and school',
    description:
      'The name is normalised (accents removed, spaces collapsed) and must have at least 3 parts; ' +
      'it matches any stored name that contains it, ignoring case. The school must match exactly. ' +
      'Results are sorted by year descending. As the spec says, no match is a 500.',
    querystring: {
      type: 'object',
      required: ['name', 'company'],
      properties: {
        name: {
          type: 'string',
          description: 'First name and two surnames at least (partial match, accents ignored)',
          examples: ['Ane Garcia Lopez'],
        },
        company: {
          type: 'string',
          description: 'A school exactly as listed by `/api/companies`',
          examples: ['Ikastola Amara Berri'],
        },
      },
    },
    headers: IF_NONE_MATCH,
    response: {
      200: json(
        'The matching records.',
        {
          type: 'object',
          required: ['participants'],
          additionalProperties: false,
          properties: {
            participants: {
              type: 'array',
              minItems: 1,
              items: {
                type: 'object',
                required: ['name', 'school', 'year'],
                additionalProperties: false,
                properties: {
                  name: { type: 'string', description: 'Stored without diacritics' },
                  school: { type: 'string' },
                  year: { type: 'integer' },
                },
              },
            },
          },
        },
        {
          participants: {
            summary: 'Two editions of one child',
            value: {
              participants: [
                { name: 'Ane Garcia Lopez', school: 'Ikastola Amara Berri', year: 2024 },
                { name: 'Ane Garcia Lopez', school: 'Ikastola Amara Berri', year: 2023 },
              ],
            },
          },
        },
        dataHeaders(CACHE.none, 'Search results are not cached (spec §8).'),
      ),
      304: NOT_MODIFIED,
      400: error('A parameter is missing or the name is too short.', {
        paramsRequired: ['`name` or `company` missing', apiErrors.participantParamsRequired.text],
        nameTooShort: ['Fewer than 3 name parts', apiErrors.nameTooShort.text],
      }),
      429: {
        ...error(
          'Only when the operator sets `RATE_LIMIT_PARTICIPANTS`: too many searches from this address.',
          {
            rateLimited: ['Over the limit', apiErrors.rateLimited.text],
          },
        ),
        headers: {
          ...uncachedHeaders,
          'Retry-After': {
            type: 'integer',
            minimum: 0,
            description: 'Seconds until a search is accepted again.',
          },
        },
      },
      500: error('Nothing matched (spec §4.6), or the store could not be read.', {
        noParticipants: ['No match', apiErrors.noParticipants.text],
        storeFailure: ['Store unreachable', apiErrors.storeFailure.text, STORE_NOT_LOADED],
      }),
    },
  },
} as const satisfies Record<string, FastifySchema & Record<string, unknown>>;

/** Schemas that describe and never run: validation stays the domain's, in the spec's order. */
const skipValidation = () => () => true;
/**
 * Never used for our answers, which are prepared Buffers written by the responder;
 * this only avoids compiling a serialiser per documented status at start-up.
 */
const plainSerializer = () => (data: unknown) => JSON.stringify(data);

/** The route options of a documented route: its schema, with no validation and no serialiser. */
export function documentedRoute(schema: FastifySchema): RouteShorthandOptions {
  return { schema, validatorCompiler: skipValidation, serializerCompiler: plainSerializer };
}
