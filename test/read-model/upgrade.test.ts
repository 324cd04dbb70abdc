import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatisticRow } from '../../src/domain/types.js';
import type { RunningServer } from '../../src/server.js';
import { openReadStore } from '../../src/store/open-store.js';
import { runCli } from '../support/cli.js';
import { FESTIVAL, FESTIVAL_SCHOOLS } from '../support/dataset.js';
import { startTestServer } from '../support/server.js';
import { WRITE_STORE_KINDS, type WriteStoreHandle } from '../support/write-stores.js';
import { yearCounts } from '../support/year-counts.js';

const { alfa, gamma, delta } = FESTIVAL_SCHOOLS;

/** Rows as the version before the compound-surname rule and the public project's shapes wrote them. */
const EARLIER_ROWS: StatisticRow[] = [
  {
    category: 'mostConstantSchools',
    scope: 'global',
    year: 'global',
    publicData: [
      {
        school: alfa,
        yearsActive: 3,
        years: yearCounts({ 2023: 3, 2024: 2, 2025: 1 }),
      },
    ],
    fullData: null,
    summary: 'La compañía más constante es **Ikastola Alfa**.',
  },
  {
    category: 'newSchoolsByYear',
    scope: 'yearly',
    year: '2024',
    publicData: [
      { name: gamma, count: 3 },
      { name: delta, count: 1 },
    ],
    fullData: null,
    summary: 'En **2024** se estrenaron **2** compañías.',
  },
  {
    category: 'topNames',
    scope: 'global',
    year: 'global',
    publicData: [{ name: 'Ainhoa Lopez', count: 3 }],
    fullData: null,
    summary: 'El nombre más repetido es **Ainhoa Lopez**.',
  },
];

const POLL_INTERVAL_MS = 500; // the servers' default

async function publicData(server: RunningServer, year: string, category: string): Promise<unknown> {
  const answer = await fetch(`${server.url}/api/category?year=${year}&category=${category}`);
  return ((await answer.json()) as { stats?: { public_data: unknown }[] }).stats?.[0]?.public_data;
}

for (const kind of WRITE_STORE_KINDS) {
  describe(`upgrading a store written by an earlier version [${kind.name}]`, () => {
    let handle: WriteStoreHandle;
    let server: RunningServer;

    beforeAll(async () => {
      handle = await kind.create();
      await handle.store.transaction(async (tx) => {
        await tx.insertParticipants(FESTIVAL);
        await tx.replaceStatistics(EARLIER_ROWS, 1); // every name listed, as the public project did
        await tx.setReady(['2023', '2024', '2025', 'global'], true);
      });
      server = await startTestServer(() => openReadStore(handle.location), {
        pollIntervalMs: POLL_INTERVAL_MS,
      });
    });

    afterAll(async () => {
      await server?.close();
      await handle?.dispose();
    });

    it('`tamborrada recompute` rewrites the earlier shapes; a running server serves the new ones within 2 s', async () => {
      expect(await publicData(server, 'global', 'mostConstantSchools')).toEqual(EARLIER_ROWS[0]!.publicData);

      const location = handle.location;
      const store = location.engine === 'sqlite' ? ['--db', location.path] : ['--database-url', location.url];
      const run = await runCli(['recompute', ...store]);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);

      const recomputed = Date.now();
      const upgraded = (data: unknown): boolean =>
        Array.isArray(data) && Array.isArray((data[0] as { yearsActive?: unknown } | undefined)?.yearsActive);
      while (!upgraded(await publicData(server, 'global', 'mostConstantSchools'))) {
        expect(Date.now() - recomputed, 'served within 2 s of recompute').toBeLessThan(2000);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(Date.now() - recomputed).toBeLessThan(2000);

      expect((await publicData(server, 'global', 'mostConstantSchools')) as unknown[]).toHaveLength(5);
      expect((await publicData(server, 'global', 'mostConstantSchools')) as unknown[]).toContainEqual({
        school: alfa,
        yearsActive: yearCounts({ 2023: 3, 2024: 2, 2025: 1 }),
      });
      expect(await publicData(server, '2024', 'newSchoolsByYear')).toEqual([
        { school: gamma },
        { school: delta },
      ]);
      expect(await publicData(server, 'global', 'topNames')).toContainEqual({ name: 'Ainhoa', count: 3 });
    });
  });
}
