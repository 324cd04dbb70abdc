import { describe, expect, it } from 'vitest';
import { ANSWER_SHAPES } from '../../src/domain/answer-shapes.js';
import { CATEGORY_IDS } from '../../src/domain/categories.js';
import { GLOBAL_CATEGORY_ORDER, YEARLY_CATEGORY_ORDER } from '../../src/domain/statistics/index.js';
import { seedComputedFestival, seedPublishedYears } from '../support/dataset.js';
import { describeEachStore } from '../support/stores.js';

const INVALID_YEAR = 'Año inválido. Años válidos: 2024, 2023, global';
const FORMAT = "El parámetro 'year' debe ser 'global' o un año válido de cuatro dígitos";
const REQUIRED = "El parámetro 'year' es obligatorio";

describeEachStore('GET /api/statistics', seedPublishedYears, (context) => {
  const errors: [string, string, number, string][] = [
    ['year missing', '/api/statistics', 404, REQUIRED],
    ['year empty', '/api/statistics?year=', 404, REQUIRED],
    ['empty first value counts as missing', '/api/statistics?year=&year=2024', 404, REQUIRED],
    ['two digits', '/api/statistics?year=24', 404, FORMAT],
    ['five digits', '/api/statistics?year=20245', 404, FORMAT],
    ['uppercase GLOBAL', '/api/statistics?year=GLOBAL', 404, FORMAT],
    ['letters', '/api/statistics?year=abcd', 404, FORMAT],
    ['leading space', '/api/statistics?year=%202024', 404, FORMAT],
    ['full-width digits', '/api/statistics?year=%EF%BC%92%EF%BC%90%EF%BC%92%EF%BC%94', 404, FORMAT],
    ['first of repeated values counts', '/api/statistics?year=abc&year=2024', 404, FORMAT],
    ['year not ready', '/api/statistics?year=2022', 404, INVALID_YEAR],
    ['cancelled year', '/api/statistics?year=2021', 404, INVALID_YEAR],
    ['unknown year', '/api/statistics?year=1999', 404, INVALID_YEAR],
  ];
  it.each(errors)('%s → %i', async (_title, path, status, error) => {
    const answer = await context().server.get(path);
    expect(answer.status).toBe(status);
    expect(answer.body).toEqual({ error });
  });

  it('serves a year grouped by category in descending jsonb order of public_data', async () => {
    const answer = await context().server.get('/api/statistics?year=2024');
    expect(answer.status).toBe(200);
    expect(answer.text).toBe(
      JSON.stringify({
        isUpdating: false,
        year: '2024',
        total_categories: 3,
        statistics: {
          intro: [{ category: 'intro', public_data: null, summary: 'Introducción 2024' }],
          topNamesByYear: [
            {
              category: 'topNamesByYear',
              public_data: [
                { name: 'Ane', count: 2 },
                { name: 'Jon', count: 1 },
              ],
              summary: 'Resumen de topNamesByYear',
            },
          ],
          totalParticipantsByYear: [
            {
              category: 'totalParticipantsByYear',
              public_data: [{ year: 2024, count: 3 }],
              summary: 'En **2024** participaron **3** niños.',
            },
          ],
        },
      }),
    );
  });

  it('serves global and ignores unknown parameters', async () => {
    const answer = await context().server.get('/api/statistics?year=global&foo=bar');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      isUpdating: false,
      year: 'global',
      total_categories: 1,
      statistics: {
        namesDiversity: [
          { category: 'namesDiversity', public_data: 42, summary: 'Resumen de namesDiversity' },
        ],
      },
    });
  });

  it('the first of repeated values counts', async () => {
    const answer = await context().server.get('/api/statistics?year=2023&year=abc');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ isUpdating: false, year: '2023', total_categories: 0, statistics: {} });
  });

  it('while updating: validation first, then exactly {"isUpdating":true}', async () => {
    const { fixture, server } = context();
    await fixture.setUpdating(true);
    await server.sync();
    try {
      const updating = await server.get('/api/statistics?year=2024');
      expect(updating.status).toBe(200);
      expect(updating.text).toBe('{"isUpdating":true}');
      expect((await server.get('/api/statistics')).body).toEqual({ error: REQUIRED });
      expect((await server.get('/api/statistics?year=abc')).body).toEqual({ error: FORMAT });
      const unknown = await server.get('/api/statistics?year=2021');
      expect([unknown.status, unknown.body]).toEqual([404, { error: INVALID_YEAR }]);
    } finally {
      await fixture.setUpdating(false);
      await server.sync();
    }
    expect((await server.get('/api/statistics?year=2024')).body).toMatchObject({ isUpdating: false });
  });
});

describeEachStore(
  'GET /api/statistics ordering vector (verified on PostgreSQL)',
  async (fixture) => {
    await fixture.insertYear('2025', true);
    const objects = (prefix: string, first: number) =>
      JSON.stringify(
        Array.from({ length: 15 }, (_, i) => ({
          name: `${prefix}${String(i).padStart(2, '0')}`,
          count: first - i,
        })),
      );
    const rows: [string, string | null][] = [
      ['namesDiversityByYear', '972'],
      ['totalParticipantsByYear', '[{"year":2025,"count":4650}]'],
      ['surnamesDiversityByYear', '3216'],
      ['newNamesByYear', JSON.stringify(Array.from({ length: 15 }, (_, i) => `Nuevo${i}`))],
      ['outro', null],
      ['topNamesByYear', objects('N', 100)],
      [
        'commonNameBySchoolByYear',
        '[{"name":"Ane","school":"A"},{"name":"Jon","school":"B"},{"name":"Uxue","school":"C"}]',
      ],
      ['topSchoolsByYear', objects('S', 300)],
      ['intro', null],
    ];
    for (const [category, publicData] of rows)
      await fixture.insertStatistic({ category, year: '2025', publicData });
  },
  (context) => {
    it('comes back in exactly the order PostgreSQL gives', async () => {
      const answer = await context().server.get('/api/statistics?year=2025');
      const body = answer.body as { statistics: Record<string, unknown>; total_categories: number };
      expect(Object.keys(body.statistics)).toEqual([
        'intro',
        'outro',
        'topSchoolsByYear',
        'topNamesByYear',
        'newNamesByYear',
        'commonNameBySchoolByYear',
        'totalParticipantsByYear',
        'surnamesDiversityByYear',
        'namesDiversityByYear',
      ]);
      expect(body.total_categories).toBe(9);
    });
  },
);

describeEachStore(
  'GET /api/statistics row limit',
  async (fixture) => {
    await fixture.insertYear('2019', true);
    // 35 rows, not filtered by category name: numbers 0..34 under made-up categories.
    for (let i = 0; i < 35; i++) {
      await fixture.insertStatistic({
        category: `c${String(i).padStart(2, '0')}`,
        year: '2019',
        publicData: String(i),
      });
    }
  },
  (context) => {
    it('returns the first 30 rows by public_data descending', async () => {
      const body = (await context().server.get('/api/statistics?year=2019')).body as {
        statistics: Record<string, { public_data: number }[]>;
        total_categories: number;
      };
      expect(body.total_categories).toBe(30);
      const values = Object.values(body.statistics).map((records) => records[0]!.public_data);
      expect(values).toEqual(Array.from({ length: 30 }, (_, i) => 34 - i));
    });
  },
);

describe('statistics keys keep row order even when they look like numbers', () => {
  describeEachStore(
    'numeric-looking categories',
    async (fixture) => {
      await fixture.insertYear('2020', true);
      await fixture.insertStatistic({ category: 'zeta', year: '2020', publicData: '5' });
      await fixture.insertStatistic({ category: '10', year: '2020', publicData: '1' });
    },
    (context) => {
      it('keeps "zeta" before "10"', async () => {
        const answer = await context().server.get('/api/statistics?year=2020');
        expect(answer.text).toContain('"statistics":{"zeta":[');
        expect(answer.text.indexOf('"zeta"')).toBeLessThan(answer.text.indexOf('"10"'));
      });
    },
  );
});

describeEachStore('GET /api/statistics: the rows the engine writes', seedComputedFestival, (context) => {
  async function statistics(
    year: string,
  ): Promise<{ total_categories: number; statistics: Record<string, unknown> }> {
    return (await context().server.get(`/api/statistics?year=${year}`)).body as {
      total_categories: number;
      statistics: Record<string, unknown>;
    };
  }

  it.each([
    ['global', GLOBAL_CATEGORY_ORDER],
    ['2024', YEARLY_CATEGORY_ORDER],
  ])('serves every category of %s, each equal to the category operation', async (year, categories) => {
    const answer = await statistics(year);
    expect(Object.keys(answer.statistics).sort()).toEqual([...categories].sort());
    expect(answer.total_categories).toBe(categories.length);
    for (const category of categories) {
      const single = await context().server.get(`/api/category?year=${year}&category=${category}`);
      expect(answer.statistics[category], category).toEqual((single.body as { stats: unknown }).stats);
    }
  });

  it('answers in the shapes the API documents, every record in that of its category', async () => {
    const { server } = context();
    const { years } = (await server.get('/api/years')).body as { years: string[] };
    expect(years.length).toBeGreaterThan(1);
    let records = 0;
    for (const year of years) {
      const answer = await server.get(`/api/statistics?year=${year}`);
      expect(ANSWER_SHAPES.statistics.safeParse(answer.body).error, year).toBeUndefined();
      for (const category of CATEGORY_IDS) {
        const single = await server.get(`/api/category?year=${year}&category=${category}`);
        if (single.status === 404) continue;
        expect(ANSWER_SHAPES.category.safeParse(single.body).error, `${year} ${category}`).toBeUndefined();
        records++;
      }
    }
    expect(records).toBeGreaterThan(CATEGORY_IDS.length);
  });

  it('holds the shapes of the public project for mostConstantSchools and newSchoolsByYear', async () => {
    const [constant] = (await statistics('global')).statistics.mostConstantSchools as {
      public_data: object[];
    }[];
    expect(constant!.public_data.map((item) => Object.keys(item))).toEqual(
      Array.from({ length: 5 }, () => ['school', 'yearsActive']),
    );
    const [fresh] = (await statistics('2024')).statistics.newSchoolsByYear as { public_data: object[] }[];
    expect(fresh!.public_data.map((item) => Object.keys(item))).toEqual([['school'], ['school']]);
  });
});
