import { it } from 'vitest';
import { eventually } from '../support/eventually.js';
import { describeEachStore } from '../support/stores.js';

/**
 * "Not stuck": far above the usual tens of ms, so that a machine running a second suite
 * beside this one stays green; how soon (2 s) is measured by `npm run bench:rebuild`.
 */
const SERVED_WITHIN_MS = 10_000;

describeEachStore(
  'changes committed by another connection',
  async (fixture) => {
    await fixture.insertYear('2024', true);
  },
  (context) => {
    it('a new ready year, a statistic, participants and the updating flag are served soon', async () => {
      const { fixture, server } = context();
      await fixture.insertYear('2025', true);
      await fixture.insertStatistic({ category: 'namesDiversityByYear', year: '2025', publicData: '7' });
      // Two commits: a model may hold the first and not yet the second; both are served soon.
      await eventually(
        async () => ((await server.get('/api/years')).body as { years: string[] }).years.includes('2025'),
        SERVED_WITHIN_MS,
      );
      await eventually(
        async () =>
          (await server.get('/api/category?year=2025&category=namesDiversityByYear')).status === 200,
        SERVED_WITHIN_MS,
      );

      await fixture.insertParticipants([
        { name: 'Nora Etxeberria Lasa', school: 'Ikastola Berria', year: 2025 },
      ]);
      await eventually(async () => (await server.get('/api/companies')).status === 200, SERVED_WITHIN_MS);

      await fixture.setUpdating(true);
      await eventually(
        async () => (await server.get('/api/statistics?year=2025')).text === '{"isUpdating":true}',
        SERVED_WITHIN_MS,
      );
      await fixture.setUpdating(false);
      await eventually(
        async () =>
          ((await server.get('/api/statistics?year=2025')).body as { isUpdating: boolean }).isUpdating ===
          false,
        SERVED_WITHIN_MS,
      );
    });
  },
);
