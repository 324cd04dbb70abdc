import { z } from 'zod';
import { ANSWER_SHAPES, NAMED_SHAPES } from '../domain/answer-shapes.js';
import {
  apiErrors,
  PING_MESSAGE,
  REFERENCE_TITLES,
  STORE_NOT_LOADED,
  validYearsError,
} from '../domain/api-messages.js';
import { CATEGORY_IDS } from '../domain/categories.js';
import { YEAR_FORMAT } from '../domain/validation.js';
import { statisticSummaries } from '../domain/statistics/summaries.js';
import { CACHE } from '../read-model/prepared-response.js';
import { VERSION } from '../version.js';
import type { Route } from './routes.js';

/**
 * The OpenAPI 3.1 document: the answers' shapes (`domain/answer-shapes.ts`) as its
 * components, each error's status and text from the catalogue (`domain/api-messages.ts`),
 * and below, the words, parameters, headers and examples of the six operations. Built
 * once at start from the route table and served like any prepared answer.
 */

type Json = Record<string, unknown>;

interface Example {
  summary: string;
  value: unknown;
}

type ErrorName = keyof typeof apiErrors;

/** One error of the catalogue an operation may answer, and when. */
interface DocumentedError {
  when: string;
  error: ErrorName;
  /** The example's `details`. */
  details?: string;
  /** The example's list of valid years, for an error that ends with one. */
  validYears?: readonly string[];
}

/** A query parameter; every documented one is required. */
interface QueryParameter {
  description: string;
  schema: z.ZodType;
  examples?: readonly string[];
}

/** How one operation is documented; routes.ts gives it its path. */
export interface DocumentedOperation {
  operationId: string;
  tag: 'health' | 'statistics' | 'participants';
  summary: string;
  description: string;
  query?: Readonly<Record<string, QueryParameter>>;
  /** Answered with an ETag: `If-None-Match` gets `304`. */
  revalidated: boolean;
  ok: { description: string; shape: z.ZodType; examples: Record<string, Example>; headers: Json };
  errors: readonly DocumentedError[];
}

// ---------------------------------------------------------------------------
// Headers of the answers.
// ---------------------------------------------------------------------------

const header = (description: string, schema: Json) => ({ description, schema });
const cors = header('On every answer: the configured `CORS_ORIGIN` (default `*`).', { type: 'string' });
const etag = header(
  'Strong validator of this representation. Send it back in `If-None-Match` to get `304 Not Modified`.',
  { type: 'string', pattern: '^"[A-Za-z0-9_-]+(?:-gzip|-br)?"$' },
);
const vary = header('Present when the body is over 1 KB and so also exists compressed.', {
  type: 'string',
  enum: ['Accept-Encoding'],
});
const contentEncoding = header(
  'Bodies over 1 KB are sent compressed when `Accept-Encoding` allows it (brotli preferred).',
  { type: 'string', enum: ['br', 'gzip'] },
);
const cacheControl = (values: readonly string[], description: string) =>
  header(description, { type: 'string', enum: values });

const dataHeaders = (cache: readonly string[], description: string) => ({
  'Cache-Control': cacheControl(cache, description),
  ETag: etag,
  Vary: vary,
  'Content-Encoding': contentEncoding,
  'Access-Control-Allow-Origin': cors,
});
const dayHeaders = dataHeaders([CACHE.day], 'May be cached for 24 hours (spec §8).');
const uncachedHeaders = {
  'Cache-Control': cacheControl([CACHE.none], 'Never cached.'),
  'Access-Control-Allow-Origin': cors,
};
/** Headers an error carries besides `uncachedHeaders`. */
const ERROR_HEADERS: Partial<Record<ErrorName, Json>> = {
  rateLimited: {
    'Retry-After': header('Seconds until a search is accepted again.', { type: 'integer', minimum: 0 }),
  },
};

// ---------------------------------------------------------------------------
// Examples.
// ---------------------------------------------------------------------------

const EXAMPLE_YEARS = ['2025', '2024', '2023', '2022', '2020', 'global'];
const TOP_NAMES = [
  { name: 'Jon', count: 85 },
  { name: 'Ane', count: 80 },
  { name: 'Mikel', count: 75 },
];
const recordExamples = {
  topNamesByYear: {
    category: 'topNamesByYear',
    public_data: TOP_NAMES,
    summary: statisticSummaries.ranking('names', TOP_NAMES, 2024),
  },
  totalParticipantsByYear: {
    category: 'totalParticipantsByYear',
    public_data: [{ year: 2024, count: 4612 }],
    summary: statisticSummaries.totalParticipantsByYear(2024, 4612, 48),
  },
  namesDiversityByYear: {
    category: 'namesDiversityByYear',
    public_data: 972,
    summary: statisticSummaries.diversity('names', 972, 2024, 4612),
  },
};

const yearParameter: QueryParameter = {
  description: 'A 4-digit year or `global`, one of `/api/years`',
  schema: z.string().regex(YEAR_FORMAT),
  examples: ['2024', 'global'],
};
const storeFailure: DocumentedError = {
  when: 'The store could not be read (before the first successful load)',
  error: 'storeFailure',
  details: STORE_NOT_LOADED,
};

// ---------------------------------------------------------------------------
// The six operations.
// ---------------------------------------------------------------------------

export const OPERATION_DOCS = {
  ping: {
    operationId: 'ping',
    tag: 'health',
    summary: 'Health check',
    description: 'Never reads the store: answers while the process runs.',
    revalidated: false,
    ok: {
      description: 'The server is running.',
      shape: ANSWER_SHAPES.ping,
      examples: { ok: { summary: 'Running', value: { ok: true, message: PING_MESSAGE } } },
      headers: uncachedHeaders,
    },
    errors: [],
  },

  listYears: {
    operationId: 'listYears',
    tag: 'statistics',
    summary: 'Years with data',
    description: 'Ready years, numeric years descending, `global` last.',
    revalidated: true,
    ok: {
      description: 'The published years.',
      shape: ANSWER_SHAPES.years,
      examples: { years: { summary: 'Published years', value: { years: EXAMPLE_YEARS } } },
      headers: dayHeaders,
    },
    errors: [{ when: 'No year is published', error: 'noYears' }, storeFailure],
  },

  getStatistics: {
    operationId: 'getStatistics',
    tag: 'statistics',
    summary: 'All statistics of a year',
    description:
      'The year is checked first (presence, format, existence: 404). Then, during the annual ' +
      'refresh, the answer is exactly `{"isUpdating":true}` (200, not cached).',
    query: { year: yearParameter },
    revalidated: true,
    ok: {
      description: 'The statistics of the year, or the updating answer.',
      shape: ANSWER_SHAPES.statistics,
      examples: {
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
      headers: dataHeaders(
        [CACHE.day, CACHE.none],
        `\`${CACHE.day}\` for the statistics; \`${CACHE.none}\` for the updating answer (which has no ETag).`,
      ),
    },
    errors: [
      { when: '`year` missing or empty', error: 'yearRequired' },
      { when: 'Not 4 digits nor `global`', error: 'yearFormatStatistics' },
      {
        when: 'Not a published year',
        error: 'statisticsInvalidYear',
        validYears: EXAMPLE_YEARS,
      },
      storeFailure,
    ],
  },

  getCategory: {
    operationId: 'getCategory',
    tag: 'statistics',
    summary: 'One statistic of a year',
    description:
      'Checked in this order, each failure 400: both parameters present, category valid, year ' +
      'format, year published. The record equals the matching entry of `/api/statistics`.',
    query: {
      year: yearParameter,
      category: { description: 'A category identifier (case-sensitive)', schema: z.enum(CATEGORY_IDS) },
    },
    revalidated: true,
    ok: {
      description: 'The record, always wrapped in an array.',
      shape: ANSWER_SHAPES.category,
      examples: {
        stats: { summary: 'topNamesByYear of 2024', value: { stats: [recordExamples.topNamesByYear] } },
      },
      headers: dayHeaders,
    },
    errors: [
      { when: '`year` or `category` missing', error: 'categoryParamsRequired' },
      { when: 'Unknown category', error: 'invalidCategory' },
      { when: 'Not 4 digits nor `global`', error: 'yearFormatCategory' },
      {
        when: 'Not a published year',
        error: 'categoryInvalidYear',
        validYears: EXAMPLE_YEARS,
      },
      {
        when: 'No record for this valid year and category (e.g. a global-only category asked for a year)',
        error: 'categoryNotFound',
      },
      storeFailure,
    ],
  },

  listCompanies: {
    operationId: 'listCompanies',
    tag: 'participants',
    summary: 'Participating schools',
    description: 'Distinct school names, in Spanish alphabetical order, exactly as stored.',
    revalidated: true,
    ok: {
      description: 'The schools.',
      shape: ANSWER_SHAPES.companies,
      examples: {
        companies: {
          summary: 'Schools',
          value: { companies: ['Colegio Arantzazu', 'Ikastola Amara Berri', 'Otras compañías'] },
        },
      },
      headers: dataHeaders([CACHE.week], 'May be cached for 7 days (spec §8).'),
    },
    errors: [{ when: 'No participant is stored', error: 'noCompanies' }, storeFailure],
  },

  searchParticipants: {
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
        examples: ['Ane Garcia Lopez'],
      },
      company: {
        description: 'A school exactly as listed by `/api/companies`',
        schema: z.string(),
        examples: ['Ikastola Amara Berri'],
      },
    },
    revalidated: true,
    ok: {
      description: 'The matching records.',
      shape: ANSWER_SHAPES.participants,
      examples: {
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
      headers: dataHeaders([CACHE.none], 'Search results are not cached (spec §8).'),
    },
    errors: [
      { when: '`name` or `company` missing', error: 'participantParamsRequired' },
      { when: 'Fewer than 3 name parts', error: 'nameTooShort' },
      {
        when: 'Too many searches from this address (`RATE_LIMIT_PARTICIPANTS` per minute)',
        error: 'rateLimited',
      },
      { when: 'Nothing matched (spec §4.6)', error: 'noParticipants' },
      storeFailure,
    ],
  },
} as const satisfies Record<string, DocumentedOperation>;

// ---------------------------------------------------------------------------
// The document.
// ---------------------------------------------------------------------------

/** zod bounds every integer to the safe range; a reader needs only the real bounds. */
function withoutSafeIntegerBounds({ jsonSchema }: { jsonSchema: Json }) {
  if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
  if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
}

const COMPONENTS = '#/components/schemas/';

/** Every named shape as a component, referring to the others by name. */
function components(): Json {
  const { schemas } = z.toJSONSchema(NAMED_SHAPES, {
    uri: (id) => COMPONENTS + id,
    override: withoutSafeIntegerBounds,
  });
  return Object.fromEntries(Object.entries(schemas).map(([id, schema]) => [id, embedded(schema)]));
}

/**
 * A schema as a part of the document: its dialect is the document's (JSON Schema
 * 2020-12, OpenAPI 3.1's default) and a component's name is its key.
 */
function embedded(schema: Json): Json {
  const part = { ...schema };
  delete part.$schema;
  delete part.$id;
  return part;
}

function referenceTo(shape: z.ZodType): Json {
  const id = NAMED_SHAPES.get(shape)?.id;
  if (id === undefined) throw new Error('every answer shape is named');
  return { $ref: COMPONENTS + id };
}

function json(description: string, shape: z.ZodType, examples: Record<string, Example>, headers: Json) {
  return { description, headers, content: { 'application/json': { schema: referenceTo(shape), examples } } };
}

const NOT_MODIFIED = {
  description: '`If-None-Match` names the current ETag: no body.',
  headers: {
    ETag: etag,
    'Cache-Control': cacheControl([CACHE.day, CACHE.week, CACHE.none], 'As the 200.'),
    Vary: vary,
    'Access-Control-Allow-Origin': cors,
  },
};

const IF_NONE_MATCH = {
  in: 'header',
  name: 'if-none-match',
  required: false,
  description: 'ETags from an earlier answer; when one is current the answer is `304` without a body.',
  schema: { type: 'string' },
};

/** The errors of one status: one example each, named as in the catalogue. */
function errorResponse(errors: readonly DocumentedError[]) {
  const examples = Object.fromEntries(
    errors.map(({ when, error, details, validYears }) => {
      const { text } = validYears ? validYearsError(apiErrors[error], validYears) : apiErrors[error];
      return [
        error,
        { summary: when, value: details === undefined ? { error: text } : { error: text, details } },
      ];
    }),
  );
  const headers = Object.assign({}, uncachedHeaders, ...errors.map(({ error }) => ERROR_HEADERS[error]));
  const description = errors.map(({ when }) => `${when}.`).join(' ');
  return json(description, ANSWER_SHAPES.error, examples, headers);
}

function operationObject(operation: DocumentedOperation): Json {
  const statuses = [...new Set(operation.errors.map(({ error }) => apiErrors[error].status))].sort(
    (a, b) => a - b,
  );
  const errorsOf = (status: number) =>
    operation.errors.filter(({ error }) => apiErrors[error].status === status);
  const query = Object.entries(operation.query ?? {}).map(([name, parameter]) => ({
    in: 'query',
    name,
    required: true,
    description: parameter.description,
    schema: embedded(z.toJSONSchema(parameter.schema, { override: withoutSafeIntegerBounds })),
    ...(parameter.examples && {
      examples: Object.fromEntries(parameter.examples.map((value) => [value, { value }])),
    }),
  }));
  const { ok } = operation;
  return {
    operationId: operation.operationId,
    tags: [operation.tag],
    summary: operation.summary,
    description: operation.description,
    parameters: [...query, ...(operation.revalidated ? [IF_NONE_MATCH] : [])],
    responses: {
      200: json(ok.description, ok.shape, ok.examples, ok.headers),
      ...(operation.revalidated && { 304: NOT_MODIFIED }),
      ...Object.fromEntries(statuses.map((status) => [status, errorResponse(errorsOf(status))])),
    },
  };
}

/** The document of the routes that are documented (each with its `schema`). */
export function buildOpenApiDocument(routes: readonly Pick<Route, 'path' | 'schema'>[]): Json {
  const paths = routes.flatMap((route) =>
    route.schema ? [[route.path, { get: operationObject(route.schema) }] as const] : [],
  );
  return {
    openapi: '3.1.0',
    info: {
      title: REFERENCE_TITLES.document,
      version: VERSION,
      description:
        'Read-only JSON API with the historical statistics and participant records of a yearly ' +
        'children\'s drumming festival held by schools ("companies"). Every text a person reads ' +
        '(`summary`, `message`, `error`) is Spanish. No authentication. Every answer carries ' +
        '`Access-Control-Allow-Origin`; `HEAD` is accepted wherever `GET` is, and other methods ' +
        'answer 405. The data is licensed CC BY-SA 4.0.',
      license: { name: 'Data: CC BY-SA 4.0', identifier: 'CC-BY-SA-4.0' },
    },
    tags: [
      { name: 'health', description: 'Is the server up' },
      { name: 'statistics', description: 'Years and the 21 statistic categories' },
      { name: 'participants', description: 'Schools and the participant search' },
    ],
    paths: Object.fromEntries(paths),
    components: { schemas: components() },
  };
}
