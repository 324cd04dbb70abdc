import { it } from 'vitest';
import { describeEachStore } from '../support/stores.js';

/** Polls the API until `check` holds; fails after `withinMs`. */
async function eventually(check: () => Promise<boolean>, withinMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < withinMs) {
    if (await check()) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`not served within ${withinMs} ms`);
}

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
      await eventually(
        async () => ((await server.get('/api/years')).body as { years: string[] }).years.includes('2025'),
        2000,
      );
      // Two commits: the server may have read the year before the statistic was committed.
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
