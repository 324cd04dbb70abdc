import { expect, it } from 'vitest';
import { FESTIVAL_SCHOOLS, seedComputedFestival, seedPublishedYears } from '../support/dataset.js';
import { describeEachStore } from '../support/stores.js';
import { yearCounts } from '../support/year-counts.js';

const REQUIRED = "Parametros 'year' y 'category' son obligatorios";
const INVALID_CATEGORY = 'Categoría inválida. Esa categoria no existe';
const FORMAT = 'Formato de año inválido';
const INVALID_YEAR = 'Año inválido. Años válidos: 2024, 2023, global';

describeEachStore('GET /api/category', seedPublishedYears, (context) => {
  const cases: [string, string, number, unknown][] = [
    ['both missing', '/api/category', 400, { error: REQUIRED }],
    ['category missing', '/api/category?year=2024', 400, { error: REQUIRED }],
    ['year missing', '/api/category?category=topNamesByYear', 400, { error: REQUIRED }],
    ['year empty', '/api/category?year=&category=topNamesByYear', 400, { error: REQUIRED }],
    ['missing wins over a bad category', '/api/category?category=nope', 400, { error: REQUIRED }],
    ['unknown category', '/api/category?year=2024&category=nope', 400, { error: INVALID_CATEGORY }],
    [
      'category is case-sensitive',
      '/api/category?year=2024&category=topnamesbyyear',
      400,
      { error: INVALID_CATEGORY },
    ],
    [
      'bad category wins over a bad year',
      '/api/category?year=abc&category=nope',
      400,
      { error: INVALID_CATEGORY },
    ],
    ['year format', '/api/category?year=abc&category=topNamesByYear', 400, { error: FORMAT }],
    ['year format GLOBAL', '/api/category?year=GLOBAL&category=topNames', 400, { error: FORMAT }],
    [
      'year not ready',
      '/api/category?year=2022&category=totalParticipantsByYear',
      400,
      { error: INVALID_YEAR },
    ],
    ['year unknown', '/api/category?year=2021&category=topNamesByYear', 400, { error: INVALID_YEAR }],
    [
      'valid pair without a row',
      '/api/category?year=2023&category=topNamesByYear',
      404,
      { error: 'No se encontraron datos para la categoría y año especificados' },
    ],
    [
      'wrong scope for the category',
      '/api/category?year=global&category=topNamesByYear',
      404,
      { error: 'No se encontraron datos para la categoría y año especificados' },
    ],
    [
      'one record, wrapped in an array',
      '/api/category?year=2024&category=topNamesByYear',
      200,
      {
        stats: [
          {
            category: 'topNamesByYear',
            public_data: [
              { name: 'Ane', count: 2 },
              { name: 'Jon', count: 1 },
            ],
            summary: 'Resumen de topNamesByYear',
          },
        ],
      },
    ],
    [
      'null public_data',
      '/api/category?year=2024&category=intro',
      200,
      {
        stats: [{ category: 'intro', public_data: null, summary: 'Introducción 2024' }],
      },
    ],
    [
      'global',
      '/api/category?year=global&category=namesDiversity',
      200,
      {
        stats: [{ category: 'namesDiversity', public_data: 42, summary: 'Resumen de namesDiversity' }],
      },
    ],
    [
      'first of repeated values',
      '/api/category?year=global&year=2024&category=namesDiversity&category=x',
      200,
      {
        stats: [{ category: 'namesDiversity', public_data: 42, summary: 'Resumen de namesDiversity' }],
      },
    ],
  ];
  it.each(cases)('%s → %i', async (_title, path, status, body) => {
    const answer = await context().server.get(path);
    expect(answer.status).toBe(status);
    expect(answer.body).toEqual(body);
  });

  it('holds the same data as the statistics entry', async () => {
    const { server } = context();
    const statistics = (await server.get('/api/statistics?year=2024')).body as {
      statistics: Record<string, unknown>;
    };
    const category = (await server.get('/api/category?year=2024&category=totalParticipantsByYear')).body as {
      stats: unknown;
    };
    expect(category.stats).toEqual(statistics.statistics.totalParticipantsByYear);
  });

  it('is not affected by the updating flag', async () => {
    const { fixture, server } = context();
    await fixture.setUpdating(true);
    await server.sync();
    try {
      expect((await server.get('/api/category?year=global&category=namesDiversity')).status).toBe(200);
    } finally {
      await fixture.setUpdating(false);
      await server.sync();
    }
  });
});

const { alfa, beta, gamma, delta, epsilon } = FESTIVAL_SCHOOLS;

describeEachStore(
  'GET /api/category: the shapes and orders of DESIGN §3, as the engine writes them',
  seedComputedFestival,
  (context) => {
    async function served(year: string, category: string): Promise<{ text: string; data: unknown }> {
      const answer = await context().server.get(`/api/category?year=${year}&category=${category}`);
      expect(answer.status, `${year} ${category}`).toBe(200);
      return {
        text: answer.text,
        data: (answer.body as { stats: { public_data: unknown }[] }).stats[0]!.public_data,
      };
    }

    it('mostConstantSchools: [{school, yearsActive: [{year, count}]}] by years taken part in, then total, then name', async () => {
      const { text, data } = await served('global', 'mostConstantSchools');
      expect(data).toEqual([
        { school: alfa, yearsActive: yearCounts({ 2023: 3, 2024: 2, 2025: 1 }) },
        { school: gamma, yearsActive: yearCounts({ 2024: 3, 2025: 1 }) },
        { school: beta, yearsActive: yearCounts({ 2023: 1, 2024: 1 }) },
        { school: delta, yearsActive: yearCounts({ 2024: 1, 2025: 1 }) },
        { school: epsilon, yearsActive: yearCounts({ 2025: 5 }) },
      ]);
      expect(text).toContain(
        '"public_data":[{"school":"Ikastola Alfa","yearsActive":[{"year":2023,"count":3},{"year":2024,"count":2},',
      );
    });

    it('newSchoolsByYear: [{school}] by children that year, then name; none for the earliest year', async () => {
      expect((await served('2024', 'newSchoolsByYear')).data).toEqual([{ school: gamma }, { school: delta }]);
      expect((await served('2025', 'newSchoolsByYear')).data).toEqual([{ school: epsilon }]);
      const earliest = await context().server.get('/api/category?year=2023&category=newSchoolsByYear');
      expect(earliest.status).toBe(404);
    });

    it('longestNames: first names by length in characters, spaces included, then name', async () => {
      expect((await served('global', 'longestNames')).data).toEqual([
        'Francisco Javier',
        'Jon Ander',
        'Ainhoa',
        'Pepito',
        'Leire',
        'Maria',
        'Mikel',
        'Miren',
        'Nahia',
        'Iker',
        'Nora',
        'Unai',
        'Uxue',
        'Ane',
      ]);
    });

    it('names: first names and whole compound surnames, as [{name, count}]', async () => {
      expect((await served('2024', 'topNamesByYear')).data).toEqual(
        ['Ainhoa', 'Ane', 'Francisco Javier', 'Jon Ander', 'Maria', 'Miren', 'Pepito'].map((name) => ({
          name,
          count: 1,
        })),
      );
      expect((await served('2024', 'topSurnamesByYear')).data).toEqual([
        { name: 'Lasa', count: 2 },
        ...[
          'de la Fuente',
          'Flores',
          'Garcia',
          'Garcia de Cortazar',
          'Gil',
          'Gomez',
          'Lopez de Munain',
          'Ochoa de Olza',
          'Perez',
          'Ruiz',
          'Urrutia',
        ].map((name) => ({ name, count: 1 })),
      ]);
      expect((await served('global', 'commonNameBySchool')).data).toEqual([
        { name: 'Leire', school: epsilon },
        { name: 'Jon Ander', school: beta },
        { name: 'Pepito', school: delta },
        { name: 'Ainhoa', school: alfa },
        { name: 'Ane', school: gamma },
      ]);
    });
  },
);
