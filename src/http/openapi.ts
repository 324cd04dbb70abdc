import { z } from 'zod';
import { ANSWER_SHAPES, NAMED_SHAPES } from '../domain/answer-shapes.js';
import { apiErrors, REFERENCE_TITLES, STORE_NOT_LOADED, validYearsError } from '../domain/api-messages.js';
import { CATEGORY_IDS } from '../domain/categories.js';
import { CACHE } from '../answer/answer.js';
import { VERSION } from '../version.js';
import type { ErrorName, Operation } from './operations.js';

/** The OpenAPI 3.1 document: the operations' table, the answers' shapes as components, the error catalogue. */
type Json = Record<string, unknown>;

/** When each error of the catalogue that an operation documents is answered. */
const WHEN: Partial<Record<ErrorName, string>> = {
  yearRequired: '`year` missing or empty',
  yearFormatStatistics: 'Not 4 digits nor `global`',
  statisticsInvalidYear: 'Not a published year',
  categoryParamsRequired: '`year` or `category` missing',
  invalidCategory: 'Unknown category',
  yearFormatCategory: 'Not 4 digits nor `global`',
  categoryInvalidYear: 'Not a published year',
  categoryNotFound:
    'No record for this valid year and category (e.g. a global-only category asked for a year)',
  noYears: 'No year is published',
  noCompanies: 'No participant is stored',
  participantParamsRequired: '`name` or `company` missing',
  nameTooShort: 'Fewer than 3 name parts',
  rateLimited:
    'The search budget of this client or of this school is spent: what searches showed, not how many were made',
  noParticipants: 'Nothing matched (spec §4.6)',
  storeFailure: 'The store could not be read (before the first successful load)',
};

const EXAMPLE_YEARS = ['2025', '2024', 'global'];

const header = (description: string, schema: Json) => ({ description, schema });
const allowOrigin = (description: string) => ({
  'Access-Control-Allow-Origin': header(description, { type: 'string' }),
});
const CORS = allowOrigin('The configured `CORS_ORIGIN` (default `*`).');
const SEARCH_CORS = allowOrigin(
  'Only when `SEARCH_CORS_ORIGIN` is set (by default no other site may read a search in its visitors’ browsers).',
);
const ETAG = header('Send it back in `If-None-Match` to get `304 Not Modified`.', {
  type: 'string',
  pattern: '^"[A-Za-z0-9_-]+(?:-gzip|-br)?"$',
});
const COMPRESSION = {
  Vary: header('Present when the body is over 1 KB and so also exists compressed.', {
    type: 'string',
    enum: ['Accept-Encoding'],
  }),
  'Content-Encoding': header('Over 1 KB, when `Accept-Encoding` allows it (brotli preferred).', {
    type: 'string',
    enum: ['br', 'gzip'],
  }),
};
const cacheControl = (values: readonly string[]) => ({
  'Cache-Control': header('How long the answer may be kept (spec §8).', { type: 'string', enum: values }),
});
const RETRY_AFTER = {
  'Retry-After': header('Seconds until a search is accepted again.', { type: 'integer', minimum: 0 }),
};
const IF_NONE_MATCH = {
  in: 'header',
  name: 'if-none-match',
  required: false,
  description: 'ETags from an earlier answer; when one is current the answer is `304` without a body.',
  schema: { type: 'string' },
};

/** zod bounds every integer to the safe range; a reader needs only the real bounds. */
function withoutSafeIntegerBounds({ jsonSchema }: { jsonSchema: Json }) {
  if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
  if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
}

/** A schema as part of the document: the document's dialect, its name the component's key. */
function embedded({ $schema: _dialect, $id: _id, ...schema }: Json): Json {
  return schema;
}

const COMPONENTS = '#/components/schemas/';

function json(description: string, shape: z.ZodType, examples: Json, headers: Json) {
  const id = NAMED_SHAPES.get(shape)?.id;
  if (id === undefined) throw new Error('every answer shape is named');
  const schema = { $ref: COMPONENTS + id };
  return { description, headers, content: { 'application/json': { schema, examples } } };
}

/** The errors of one status: one example each, named as in the catalogue. */
function errorResponse(errors: readonly ErrorName[], cors: Json) {
  const examples = Object.fromEntries(
    errors.map((name) => {
      const error = apiErrors[name].text.endsWith(': ')
        ? validYearsError(apiErrors[name], EXAMPLE_YEARS)
        : apiErrors[name];
      const value = { error: error.text, ...(name === 'storeFailure' && { details: STORE_NOT_LOADED }) };
      return [name, { summary: WHEN[name], value }];
    }),
  );
  const headers = {
    ...cacheControl([CACHE.none]),
    ...cors,
    ...(errors.includes('rateLimited') && RETRY_AFTER),
  };
  const description = errors.map((name) => `${WHEN[name]}.`).join(' ');
  return json(description, ANSWER_SHAPES.error, examples, headers);
}

function operationObject(operation: Operation): Json {
  const { revalidated, errors } = operation;
  // The statistics' updating answer is not cached.
  const cache = [
    ...new Set([operation.cache, ...(operation.path === '/api/statistics' ? [CACHE.none] : [])]),
  ];
  const cors = operation.participantSearch ? SEARCH_CORS : CORS;
  const okHeaders = { ...cacheControl(cache), ...(revalidated && { ETag: ETAG, ...COMPRESSION }), ...cors };
  const statuses = [...new Set(errors.map((name) => apiErrors[name].status))].sort((a, b) => a - b);
  const query = Object.entries(operation.query ?? {}).map(([name, { description, schema, examples }]) => ({
    in: 'query',
    name,
    required: true,
    description,
    schema: embedded(z.toJSONSchema(schema, { override: withoutSafeIntegerBounds })),
    ...(examples && { examples: Object.fromEntries(examples.map((value) => [value, { value }])) }),
  }));
  const examples = Object.fromEntries(
    Object.entries(operation.examples).map(([name, value]) => [name, { value }]),
  );
  return {
    operationId: operation.operationId,
    tags: [operation.tag],
    summary: operation.summary,
    description: operation.description,
    parameters: [...query, ...(revalidated ? [IF_NONE_MATCH] : [])],
    responses: {
      200: json(operation.summary, operation.shape, examples, okHeaders),
      ...(revalidated && {
        304: {
          description: '`If-None-Match` names the current ETag: no body.',
          headers: { ...okHeaders, ETag: ETAG },
        },
      }),
      ...Object.fromEntries(
        statuses.map((status) => [
          status,
          errorResponse(
            errors.filter((name) => apiErrors[name].status === status),
            cors,
          ),
        ]),
      ),
    },
  };
}

export function buildOpenApiDocument(operations: readonly Operation[]): Json {
  const { schemas } = z.toJSONSchema(NAMED_SHAPES, {
    uri: (id) => COMPONENTS + id,
    override: withoutSafeIntegerBounds,
  });
  return {
    openapi: '3.1.0',
    info: {
      title: REFERENCE_TITLES.document,
      version: VERSION,
      description:
        'Read-only JSON API with the historical statistics and participant records of a yearly ' +
        'children\'s drumming festival held by schools ("companies"). Every text a person reads ' +
        '(`summary`, `message`, `error`) is Spanish. No authentication. Every answer but the ' +
        "participant search's carries `Access-Control-Allow-Origin`; `HEAD` is accepted wherever " +
        '`GET` is, and other methods answer 405. The data is licensed CC BY-SA 4.0.',
      license: { name: 'Data: CC BY-SA 4.0', identifier: 'CC-BY-SA-4.0' },
    },
    tags: [
      { name: 'health', description: 'Is the server up' },
      { name: 'statistics', description: `Years and the ${CATEGORY_IDS.length} statistic categories` },
      { name: 'participants', description: 'Schools and the participant search' },
    ],
    paths: Object.fromEntries(
      operations.map((operation) => [operation.path, { get: operationObject(operation) }]),
    ),
    components: {
      schemas: Object.fromEntries(Object.entries(schemas).map(([id, schema]) => [id, embedded(schema)])),
    },
  };
}
