import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatisticRow } from '../../src/domain/types.js';
import type { RunningServer } from '../../src/server.js';
import { openReadStore } from '../../src/store/open-store.js';
import { runCli } from '../support/cli.js';
import { FESTIVAL, FESTIVAL_SCHOOLS } from '../support/dataset.js';
import { eventually } from '../support/eventually.js';
import { execSql } from '../support/exec-sql.js';
import { startTestServer } from '../support/server.js';
import { WRITE_STORE_KINDS, type WriteStoreHandle } from '../support/write-stores.js';
import { yearCounts } from '../support/year-counts.js';
import { computeStatistics, tallyEditions } from '../support/statistics.js';

const { alfa, gamma, delta } = FESTIVAL_SCHOOLS;

/** Rows as the version before the compound-surname rule and the public project's shapes wrote them. */
const EARLIER_ROWS: Omit<StatisticRow, 'basqueSummary'>[] = [
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
        // Every name listed, as the public project did.
        await tx.replaceStatistics(
          EARLIER_ROWS.map((row) => ({ ...row, basqueSummary: '' })),
          1,
        );
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

    it('`tamborrada recompute` rewrites the earlier shapes; a running server serves the new ones', async () => {
      expect(await publicData(server, 'global', 'mostConstantSchools')).toEqual(EARLIER_ROWS[0]!.publicData);

      const location = handle.location;
      const store = location.engine === 'sqlite' ? ['--db', location.path] : ['--database-url', location.url];
      const run = await runCli(['recompute', ...store]);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);

      const upgraded = (data: unknown): boolean =>
        Array.isArray(data) && Array.isArray((data[0] as { yearsActive?: unknown } | undefined)?.yearsActive);
      await eventually(async () => upgraded(await publicData(server, 'global', 'mostConstantSchools')));

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

/** The version before the Basque summaries: every table of this one but their two and the editions' tallies. */
const BEFORE_BASQUE =
  'DROP TABLE summaries_eu; DROP TABLE summary_overrides_eu; DROP TABLE tamborrada_edition_tallies;';

for (const kind of WRITE_STORE_KINDS) {
  describe(`upgrading a store of the version before the Basque summaries [${kind.name}]`, () => {
    let handle: WriteStoreHandle;
    let server: RunningServer;
    const cli = (...args: string[]) => {
      const { location } = handle;
      const store = location.engine === 'sqlite' ? ['--db', location.path] : ['--database-url', location.url];
      return runCli([...args, ...store]);
    };
    const recordOf = (year: string, category: 'intro' | 'topNames') => {
      const { state } = server.follower;
      return state.kind === 'ready' ? state.model.statistics.recordsOf(year).get(category) : undefined;
    };
    const answers = async () => {
      const paths = ['/api/statistics?year=2024', '/api/statistics?year=global', '/api/years'];
      return Promise.all(paths.map(async (path) => (await fetch(`${server.url}${path}`)).text()));
    };
    // As that version computed them (k = 1), with a Spanish summary written by hand.
    const computed = computeStatistics(FESTIVAL, 1);

    beforeAll(async () => {
      handle = await kind.create();
      await handle.store.transaction(async (tx) => {
        await tx.insertParticipants(FESTIVAL);
        await tx.replaceStatistics(computed, 1);
        await tx.setReady(['2023', '2024', '2025', 'global'], true);
        await tx.setManualSummary('2024', 'intro', 'La edición de **2024**, contada a mano.');
      });
      await execSql(handle.location, BEFORE_BASQUE);
      server = await startTestServer(() => openReadStore(handle.location), {
        pollIntervalMs: POLL_INTERVAL_MS,
      });
    });

    afterAll(async () => {
      await server?.close();
      await handle?.dispose();
    });

    let before: string[];

    it('is reported as needing `migrate`, and served as it is, with no Basque summary', async () => {
      expect(await handle.store.readSchemaState()).toBe('outdated');
      const list = await cli('summary', 'list');
      expect(list.code).not.toBe(0);
      expect(list.stderr).toMatch(/^tamborrada: error: store made by an older version: .* run .*migrate/);

      expect(recordOf('2024', 'intro')).toMatchObject({
        summary: 'La edición de **2024**, contada a mano.',
        basqueSummary: null,
      });
      before = await answers();
      expect(before[0]).toContain('contada a mano');
    });

    it('`tamborrada migrate` gives every statistic its Basque summary, under the stored rule; the API answers as before', async () => {
      const run = await cli('migrate');
      expect([run.code, run.stderr]).toEqual([0, '']);
      expect(run.stdout).toBe(
        `migrated ${handle.store.description}; recomputed ${computed.length} statistics to add what this version makes with them (Basque summaries, the editions' tallies)\n`,
      );
      const tallies = await handle.store.readSnapshot((snapshot) => snapshot.readEditionTallies());
      expect(tallies.map((row) => row.tally)).toEqual(tallyEditions(FESTIVAL, 1));

      const stored = await handle.store.readSnapshot((snapshot) => snapshot.readStatistics());
      const basque = (rows: readonly { category: string; year: string; basqueSummary: string | null }[]) =>
        rows.map(({ category, year, basqueSummary }) => `${year} ${category}: ${basqueSummary}`).sort();
      expect(basque(stored)).toEqual(basque(computed));
      expect(await handle.store.readStatisticsRule()).toMatchObject({ minPublishedCount: 1 });

      const generated = computed.find((row) => row.year === '2024' && row.category === 'intro')!;
      await eventually(async () => recordOf('2024', 'intro')?.basqueSummary === generated.basqueSummary);
      expect(recordOf('2024', 'intro')?.summary).toBe('La edición de **2024**, contada a mano.');
      expect(await answers()).toEqual(before);

      const again = await cli('migrate');
      expect([again.code, again.stdout]).toEqual([
        0,
        `${handle.store.description} is up to date: nothing changed\n`,
      ]);
    });
  });
}
