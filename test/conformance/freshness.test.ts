import { it } from 'vitest';
import { eventually } from '../support/eventually.js';
import { describeEachStore } from '../support/stores.js';

describeEachStore(
  'changes committed by another connection',
  async (fixture) => {
    await fixture.insertYear('2024', true);
  },
  (context) => {
    it('a new ready year, a statistic, participants and the updating flag are served within 2 s', async () => {
      const { fixture, server } = context();
      await fixture.insertYear('2025', true);
      await fixture.insertStatistic({ category: 'namesDiversityByYear', year: '2025', publicData: '7' });
      // Two commits: a model may hold the first and not yet the second; both are served within 2 s.
      await eventually(
        async () => ((await server.get('/api/years')).body as { years: string[] }).years.includes('2025'),
        2000,
      );
      await eventually(
        async () =>
          (await server.get('/api/category?year=2025&category=namesDiversityByYear')).status === 200,
        2000,
      );

      await fixture.insertParticipants([
        { name: 'Nora Etxeberria Lasa', school: 'Ikastola Berria', year: 2025 },
      ]);
      await eventually(async () => (await server.get('/api/companies')).status === 200, 2000);

      await fixture.setUpdating(true);
      await eventually(
        async () => (await server.get('/api/statistics?year=2025')).text === '{"isUpdating":true}',
        2000,
      );
      await fixture.setUpdating(false);
      await eventually(
        async () =>
          ((await server.get('/api/statistics?year=2025')).body as { isUpdating: boolean }).isUpdating ===
          false,
        2000,
      );
    });
  },
);
