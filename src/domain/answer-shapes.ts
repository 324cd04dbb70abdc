import { z } from 'zod';
import { CATEGORY_IDS, statisticOf, type PublicDataShape } from './categories.js';
import { YEAR_FORMAT } from './validation.js';

/** The API's answers, described once for the OpenAPI document, the pages and the tests; named ones are components. */
export const NAMED_SHAPES = z.registry<{ id: string; description?: string }>();

function named<T extends z.ZodType>(shape: T, id: string, description?: string): T {
  NAMED_SHAPES.add(shape, description === undefined ? { id } : { id, description });
  return shape;
}

const yearText = z.string().regex(YEAR_FORMAT);
const count = z.int().nonnegative();
const OWN_DATA = "The shape of the public project's own data (the spec shows none).";

const yearCount = named(z.strictObject({ year: z.int(), count }), 'YearCount');
const rankedItem = named(z.strictObject({ name: z.string(), count }), 'RankedItem');
const nameBySchool = named(z.strictObject({ name: z.string(), school: z.string() }), 'NameBySchool');
const schoolEvolution = named(
  z.strictObject({ total: count, school: z.string(), years: z.array(yearCount) }),
  'SchoolEvolution',
);
const constantSchool = named(
  z.strictObject({
    school: z.string(),
    yearsActive: z
      .array(yearCount)
      .describe('The years the school took part in, ascending, with its participants in each'),
  }),
  'ConstantSchool',
  OWN_DATA,
);
const newSchool = named(z.strictObject({ school: z.string() }), 'NewSchool', OWN_DATA);

/** The shapes of `public_data` (spec §2.3, DESIGN §3). */
export const PUBLIC_DATA_SHAPES = {
  ranked: z.array(rankedItem),
  yearCounts: z.array(yearCount),
  figure: count,
  names: z.array(z.string()),
  nameBySchool: z.array(nameBySchool),
  evolution: z.array(schoolEvolution),
  constant: z.array(constantSchool),
  newSchools: z.array(newSchool),
  none: z.null(),
} as const satisfies Record<PublicDataShape, z.ZodType>;

export type YearCount = z.infer<typeof yearCount>;

const summary = z.string().nullable().describe('Spanish text; figures are highlighted as Markdown **bold**');

const [firstCategory, ...otherCategories] = CATEGORY_IDS.map((category) =>
  z.strictObject({
    category: z.literal(category),
    public_data: PUBLIC_DATA_SHAPES[statisticOf(category).shape],
    summary,
  }),
);

const categoryRecord = named(
  z.discriminatedUnion('category', [firstCategory!, ...otherCategories]),
  'CategoryRecord',
  'One stored statistic (spec §2.1): its `public_data` has the shape of its category. ' +
    'Rows an operator writes by hand with plain SQL are served as stored.',
);

const statistics = named(
  z.strictObject({
    isUpdating: z.literal(false),
    year: yearText.describe('The year asked for'),
    total_categories: count.describe('Number of keys of `statistics`'),
    statistics: z
      .record(z.string(), z.array(categoryRecord))
      .describe(
        'Keys are category identifiers, in the order of the rows (at most 30 rows, by ' +
          '`public_data` descending); each value lists the records of that category.',
      ),
  }),
  'Statistics',
  'All statistics of a year, grouped by category.',
);

const updating = named(
  z.strictObject({ isUpdating: z.literal(true) }),
  'Updating',
  'The annual refresh is in progress (spec §3): no other field.',
);

export const ANSWER_SHAPES = {
  ping: named(z.strictObject({ ok: z.literal(true), message: z.string() }), 'Ping'),
  years: named(z.strictObject({ years: z.array(yearText).min(1) }), 'Years'),
  statistics: named(z.xor([statistics, updating]), 'StatisticsAnswer'),
  category: named(
    z.strictObject({ stats: z.array(categoryRecord).min(1).describe('Always one record') }),
    'CategoryAnswer',
  ),
  companies: named(z.strictObject({ companies: z.array(z.string()).min(1) }), 'Companies'),
  participants: named(
    z.strictObject({
      participants: z
        .array(
          z.strictObject({
            name: z.string().describe('Stored without diacritics'),
            school: z.string(),
            year: z.int(),
          }),
        )
        .min(1),
    }),
    'Participants',
  ),
  error: named(
    z.strictObject({
      error: z.string().describe('Spanish message (spec §7)'),
      details: z.string().optional().describe('Short technical reason, without paths or URLs'),
    }),
    'Error',
    'Every error answer (spec §2.7). `error` is Spanish; `details` only on server errors.',
  ),
} as const;
