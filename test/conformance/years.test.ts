import { expect, it } from 'vitest';
import { seedPublishedYears } from '../support/dataset.js';
import { describeEachStore } from '../support/stores.js';

describeEachStore('GET /api/years', seedPublishedYears, (context) => {
  it('lists ready years as strings, descending, global last', async () => {
    const answer = await context().server.get('/api/years');
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('{"years":["2024","2023","global"]}');
  });

  it('ignores query parameters', async () => {
    expect((await context().server.get('/api/years?year=2022')).body).toEqual({
      years: ['2024', '2023', 'global'],
    });
  });
});

describeEachStore(
  'GET /api/years with numeric years out of text order',
  async (fixture) => {
    for (const year of ['global', '2009', '2019', '2018', '1999', 'draft'])
      await fixture.insertYear(year, true);
  },
  (context) => {
    it('orders numerically and leaves out years that could never be queried', async () => {
      expect((await context().server.get('/api/years')).body).toEqual({
        years: ['2019', '2018', '2009', '1999', 'global'],
      });
    });
  },
);

describeEachStore(
  'GET /api/years with nothing ready',
  async (fixture) => {
    await fixture.insertYear('2025', false);
  },
  (context) => {
    it('answers 404', async () => {
      const answer = await context().server.get('/api/years');
      expect([answer.status, answer.body]).toEqual([404, { error: 'No se encontraron años disponibles' }]);
    });
    it('and statistics lists no valid years', async () => {
      const answer = await context().server.get('/api/statistics?year=2025');
      expect([answer.status, answer.body]).toEqual([404, { error: 'Año inválido. Años válidos: ' }]);
    });
  },
);
