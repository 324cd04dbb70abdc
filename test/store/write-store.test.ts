import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StatisticRow } from '../../src/domain/types.js';
import type { ParticipantRecord } from '../../src/domain/types.js';
import type { StoreSnapshot, WriteStore } from '../../src/store/store.js';
import { WRITE_STORE_KINDS, type WriteStoreHandle } from '../support/write-stores.js';

/** When a statistic was computed, as both engines read it: an ISO timestamp. */
const COMPUTED_AT = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/);

const statistic = (
  category: string,
  year: string,
  publicData: unknown,
  summary = `Resumen ${category} ${year}`,
): StatisticRow => ({
  category,
  scope: year === 'global' ? 'global' : 'yearly',
  year,
  publicData,
  fullData: null,
  summary,
  basqueSummary: `Laburpena ${category} ${year}`,
});

const sortRecords = <T extends { name: string; year: number }>(rows: T[]) =>
  [...rows].sort((a, b) => a.year - b.year || (a.name < b.name ? -1 : 1));

for (const kind of WRITE_STORE_KINDS) {
  describe(`write store [${kind.name}]`, () => {
    let handle: WriteStoreHandle;
    let store: WriteStore;
    const read = <T>(work: (snapshot: StoreSnapshot) => Promise<T>) => store.readSnapshot(work);
    const readParticipants = () =>
      read(async (snapshot) => {
        const rows: ParticipantRecord[] = [];
        await snapshot.readParticipants([], (name, school, year) => rows.push({ name, school, year }));
        return rows;
      });
    beforeEach(async () => {
      handle = await kind.create();
      store = handle.store;
    });
    afterEach(async () => {
      await handle.dispose();
    });

    it('migrates again without harm, saying that nothing changed', async () => {
      expect(await store.migrate()).toBe(false);
      expect(await store.migrate()).toBe(false);
      expect(await read((snapshot) => snapshot.readYears())).toEqual([]);
    });

    it('commits participants, and reads them back inside and outside the transaction', async () => {
      const rows = [
        { name: 'Iñigo Muñoz Ibarra', school: 'Ikastola Txori Berri', year: 2024 },
        { name: 'Ane Garcia Lopez', school: 'Colegio Santa Ana', year: 2023 },
        { name: 'Jon Ander Peña Goñi', school: 'Ikastola Txori Berri', year: 2023 },
      ];
      const seen = await store.transaction(async (tx) => {
        await tx.insertParticipants(rows);
        return tx.readParticipants();
      });
      expect(sortRecords(seen)).toEqual(sortRecords(rows));
      expect(sortRecords(await readParticipants())).toEqual(sortRecords(rows));

      await store.transaction((tx) => tx.deleteParticipantsOfYears([2023]));
      expect(await readParticipants()).toEqual([rows[0]]);
    });

    it('inserts many participants in batches', async () => {
      const rows = Array.from({ length: 45_000 }, (_, i) => ({
        name: `Nombre${i} Apellido Apellido`,
        school: `Escuela ${i % 40}`,
        year: 2000 + (i % 20),
      }));
      await store.transaction((tx) => tx.insertParticipants(rows));
      const back = await readParticipants();
      expect(back).toHaveLength(rows.length);
      expect(new Set(back.map((r) => r.name)).size).toBe(rows.length);
    });

    it('rolls back everything when the work fails', async () => {
      await expect(
        store.transaction(async (tx) => {
          await tx.insertParticipants([{ name: 'Ane Garcia Lopez', school: 'A', year: 2024 }]);
          await tx.setUpdating(true, 'x');
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');
      expect(await readParticipants()).toEqual([]);
      expect(await store.readUpdating()).toBe(false);
    });

    it('replaces statistics, keeps hand-written summaries, publishes and unpublishes years', async () => {
      await store.transaction(async (tx) => {
        await tx.replaceStatistics(
          [
            statistic('namesDiversityByYear', '2024', 12),
            {
              ...statistic('topNamesByYear', '2024', [{ name: 'Ane', count: 2 }]),
              fullData: [
                { name: 'Ane', count: 2 },
                { name: 'Jon', count: 1 },
              ],
            },
            statistic('intro', '2024', null),
            statistic('namesDiversity', 'global', 40),
          ],
          3,
        );
        await tx.setReady(['2024', 'global', '2024'], true);
        await tx.unpublishYearsWithoutStatistics();
        expect(await tx.setManualSummary('2024', 'intro', 'Texto a mano')).toBe(true);
        expect(await tx.setManualSummary('2019', 'intro', 'Nada')).toBe(false);
      });
      expect(
        (await read((snapshot) => snapshot.readStatistics())).sort((a, b) =>
          a.category < b.category ? -1 : 1,
        ),
      ).toEqual([
        {
          category: 'intro',
          year: '2024',
          publicData: undefined,
          summary: 'Texto a mano',
          basqueSummary: 'Laburpena intro 2024',
          createdAt: COMPUTED_AT,
        },
        {
          category: 'namesDiversity',
          year: 'global',
          publicData: 40,
          summary: 'Resumen namesDiversity global',
          basqueSummary: 'Laburpena namesDiversity global',
          createdAt: COMPUTED_AT,
        },
        {
          category: 'namesDiversityByYear',
          year: '2024',
          publicData: 12,
          summary: 'Resumen namesDiversityByYear 2024',
          basqueSummary: 'Laburpena namesDiversityByYear 2024',
          createdAt: COMPUTED_AT,
        },
        {
          category: 'topNamesByYear',
          year: '2024',
          publicData: [{ name: 'Ane', count: 2 }],
          fullData: [
            { name: 'Ane', count: 2 },
            { name: 'Jon', count: 1 },
          ],
          summary: 'Resumen topNamesByYear 2024',
          basqueSummary: 'Laburpena topNamesByYear 2024',
          createdAt: COMPUTED_AT,
        },
      ]);

      // A recompute without global rows: the hand-written summary stays, global is unpublished.
      await store.transaction(async (tx) => {
        await tx.replaceStatistics(
          [statistic('intro', '2024', null, 'Generado'), statistic('intro', '2025', null)],
          3,
        );
        await tx.setReady(['2025'], true);
        await tx.unpublishYearsWithoutStatistics();
      });
      expect(
        (await read((snapshot) => snapshot.readStatistics())).find((s) => s.year === '2024')?.summary,
      ).toBe('Texto a mano');
      expect(
        (await read((snapshot) => snapshot.readYears())).sort((a, b) => (a.year < b.year ? -1 : 1)),
      ).toEqual([
        { year: '2024', isReady: true },
        { year: '2025', isReady: true },
        { year: 'global', isReady: false },
      ]);
    });

    it('keeps a Basque summary beside each statistic: a hand-written one wins and survives recomputes, each language apart', async () => {
      const intro2024 = async () => {
        const rows = await read((snapshot) => snapshot.readStatistics());
        const { summary, basqueSummary } = rows.find(
          (row) => row.year === '2024' && row.category === 'intro',
        )!;
        return { summary, basqueSummary };
      };
      const recompute = (basque: string) =>
        store.transaction((tx) =>
          tx.replaceStatistics([{ ...statistic('intro', '2024', null), basqueSummary: basque }], 3),
        );
      await recompute('Sortua');
      expect(await intro2024()).toEqual({ summary: 'Resumen intro 2024', basqueSummary: 'Sortua' });

      let version = await store.readVersion();
      expect(await store.transaction((tx) => tx.setManualSummary('2024', 'intro', 'Eskuz', 'eu'))).toBe(true);
      expect(await store.transaction((tx) => tx.setManualSummary('2019', 'intro', 'Ezer ez', 'eu'))).toBe(
        false,
      );
      expect(await intro2024()).toEqual({ summary: 'Resumen intro 2024', basqueSummary: 'Eskuz' });
      expect(await store.readVersion(), 'servers rebuild for a Basque summary').not.toBe(version);

      await store.transaction((tx) => tx.setManualSummary('2024', 'intro', 'A mano'));
      expect(await intro2024()).toEqual({ summary: 'A mano', basqueSummary: 'Eskuz' });
      expect(
        (await store.readManualSummaries()).map(({ year, category, lang, summary }) => [
          year,
          category,
          lang,
          summary,
        ]),
      ).toEqual([
        ['2024', 'intro', 'es', 'A mano'],
        ['2024', 'intro', 'eu', 'Eskuz'],
      ]);

      await recompute('Sortu berria');
      expect(await intro2024()).toEqual({ summary: 'A mano', basqueSummary: 'Eskuz' });

      version = await store.readVersion();
      expect(await store.transaction((tx) => tx.unsetManualSummary('2024', 'intro', 'eu'))).toBe(true);
      expect(await store.transaction((tx) => tx.unsetManualSummary('2024', 'intro', 'eu'))).toBe(false);
      expect(await intro2024()).toEqual({ summary: 'A mano', basqueSummary: 'Sortu berria' });
      expect(await store.readVersion()).not.toBe(version);
      expect((await store.readManualSummaries()).map(({ lang }) => lang)).toEqual(['es']);
    });

    it('keeps the small-count rule of the last recompute with the statistics, in the same transaction', async () => {
      expect(await store.readStatisticsRule()).toBeUndefined();
      await store.transaction((tx) => tx.replaceStatistics([statistic('intro', '2024', null)], 5));
      const first = await store.readStatisticsRule();
      expect(first).toMatchObject({ minPublishedCount: 5 });
      expect(first!.computedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/);
      await expect(
        store.transaction(async (tx) => {
          await tx.replaceStatistics([statistic('intro', '2024', null)], 1);
          expect(await tx.readStatisticsRule()).toMatchObject({ minPublishedCount: 1 });
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');
      expect(await store.readStatisticsRule()).toEqual(first);
      await store.transaction((tx) => tx.replaceStatistics([], 2));
      expect(await store.readStatisticsRule()).toMatchObject({ minPublishedCount: 2 });
    });

    it('sets the updating flag with a note', async () => {
      expect(await store.readUpdatingStatus()).toEqual({ isUpdating: false, note: null, updatedAt: null });
      await store.transaction((tx) => tx.setUpdating(true, 'recarga de enero'));
      const status = await store.readUpdatingStatus();
      expect(status).toMatchObject({ isUpdating: true, note: 'recarga de enero' });
      expect(status.updatedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(await store.readUpdating()).toBe(true);
      await store.transaction((tx) => tx.setUpdating(false, null));
      expect(await store.readUpdating()).toBe(false);
    });

    it('reports each year with its counts', async () => {
      await store.transaction(async (tx) => {
        await tx.insertParticipants([
          { name: 'Ane Garcia Lopez', school: 'A', year: 2023 },
          { name: 'Jon Garcia Lopez', school: 'A', year: 2023 },
          { name: 'Uxue Garcia Lopez', school: 'A', year: 2024 },
        ]);
        await tx.replaceStatistics([statistic('intro', '2023', null), statistic('intro', 'global', null)], 3);
        await tx.setReady(['2023', 'global'], true);
        await tx.unpublishYearsWithoutStatistics();
      });
      expect(await store.readYearStatuses()).toEqual([
        { year: '2023', isReady: true, participants: 2, schools: 1, statistics: 1, source: null },
        { year: '2024', isReady: false, participants: 1, schools: 1, statistics: 0, source: null },
        { year: 'global', isReady: true, participants: 3, schools: 1, statistics: 1, source: null },
      ]);
    });

    it("keeps a school's name in another language, read in the snapshot; the store's version moves with it", async () => {
      await store.transaction((tx) =>
        tx.insertParticipants([
          { name: 'Ane Garcia Lopez', school: 'Otras compañías', year: 2024 },
          { name: 'Jon Garcia Lopez', school: 'Ikastola Zubia', year: 2024 },
        ]),
      );
      expect(await store.transaction((tx) => tx.readSchools())).toEqual([
        'Ikastola Zubia',
        'Otras compañías',
      ]);
      const before = await store.readVersion();
      await store.transaction((tx) => tx.setSchoolLabel('Otras compañías', 'eu', 'Beste konpainia batzuk'));
      await store.transaction((tx) => tx.setSchoolLabel('Otras compañías', 'eu', 'Beste konpainiak'));
      const labelled = await store.readVersion();
      expect(labelled).not.toBe(before);
      const label = {
        school: 'Otras compañías',
        lang: 'eu',
        label: 'Beste konpainiak',
        updatedAt: COMPUTED_AT,
      };
      expect(await read((snapshot) => snapshot.readSchoolLabels())).toEqual([label]);
      expect(await store.readSchoolLabels()).toEqual([label]);
      expect(await store.transaction((tx) => tx.unsetSchoolLabels('Otras compañías', ['eu']))).toBe(1);
      expect(await store.transaction((tx) => tx.unsetSchoolLabels('Otras compañías', ['eu']))).toBe(0);
      expect(await store.readSchoolLabels()).toEqual([]);
      expect(await store.readVersion()).not.toBe(labelled);
    });

    it('moves the store version with every commit to what a model is built from, not with the flag', async () => {
      const before = await store.readVersion();
      expect(await store.readVersion()).toBe(before);
      // The flag is read on its own by every poll: a flip needs no rebuild.
      await store.transaction((tx) => tx.setUpdating(true, null));
      expect(await store.readVersion()).toBe(before);
      expect(await store.readUpdating()).toBe(true);
      await store.transaction((tx) =>
        tx.insertParticipants([{ name: 'Ane Garcia Lopez', school: 'A', year: 2023 }]),
      );
      const after = await store.readVersion();
      expect(after).not.toBe(before);
      await store.transaction((tx) => tx.setReady(['2023'], true));
      expect(await store.readVersion()).not.toBe(after);
    });
  });
}
