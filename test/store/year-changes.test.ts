/**
 * Taking a year down and back up, on both stores: each change is one transaction that
 * also recomputes every statistic; a dry run reports the same change and leaves nothing
 * behind; the source of each year and the hand-written summaries are kept track of.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { importParticipants } from '../../src/import/import-participants.js';
import { changeYear, YearChangeRefused } from '../../src/import/year-changes.js';
import { recomputeInside } from '../../src/import/recompute.js';
import type { WriteStore } from '../../src/store/store.js';
import { WRITE_STORE_KINDS, type WriteStoreHandle } from '../support/write-stores.js';

const SCHOOL = 'Ikastola Txori Berri';
const ROWS = [
  ['Ane Garcia Lopez', 2023],
  ['Jon Perez Ruiz', 2023],
  ['Ane Garcia Lopez', 2024],
  ['Mikel Soto Ruiz', 2024],
  ['Maite Olano Zubia', 2025],
].map(([name, year], i) => ({ line: i + 2, name: String(name), school: SCHOOL, year: String(year) }));

for (const kind of WRITE_STORE_KINDS) {
  describe(`year changes [${kind.name}]`, () => {
    let handle: WriteStoreHandle;
    let store: WriteStore;

    beforeEach(async () => {
      handle = await kind.create();
      store = handle.store;
      await importParticipants('list.csv', ROWS, handle.location, { use: 'write' });
    });

    afterEach(async () => {
      await handle.dispose();
    });

    const readyYears = async () =>
      (await store.readSnapshot((snapshot) => snapshot.readYears()))
        .filter((row) => row.isReady)
        .map((row) => row.year)
        .sort();
    const globalTotals = async () =>
      (await store.readSnapshot((snapshot) => snapshot.readStatistics())).find(
        (row) => row.category === 'totalParticipants',
      )?.publicData;

    it('notes where each year came from, and counts schools', async () => {
      const statuses = await store.readYearStatuses();
      expect(
        statuses.map(({ year, participants, schools, source }) => [year, participants, schools, source]),
      ).toEqual([
        ['2023', 2, 1, 'list.csv'],
        ['2024', 2, 1, 'list.csv'],
        ['2025', 1, 1, 'list.csv'],
        ['global', 5, 1, null],
      ]);
    });

    it('a dry run reports the change and leaves everything as it was', async () => {
      const statistics = await store.readSnapshot((snapshot) => snapshot.readStatistics());
      const report = await changeYear(store, 'remove', '2024', { dryRun: true });
      expect(report).toMatchObject({
        dryRun: true,
        participants: 2,
        publishedBefore: ['2025', '2024', '2023', 'global'],
        publishedAfter: ['2025', '2023', 'global'],
      });
      expect(await readyYears()).toEqual(['2023', '2024', '2025', 'global']);
      expect(await store.readSnapshot((snapshot) => snapshot.readStatistics())).toEqual(statistics);
      expect((await store.readYearStatuses()).find((status) => status.year === '2024')?.participants).toBe(2);
    });

    it('unpublish withholds the year from every statistic, also after a recompute; publish counts it again', async () => {
      await changeYear(store, 'unpublish', '2024');
      expect(await readyYears()).toEqual(['2023', '2025', 'global']);
      expect(await globalTotals()).toEqual([
        { year: 2023, count: 2 },
        { year: 2025, count: 1 },
      ]);
      await store.transaction((tx) => recomputeInside(tx));
      expect(await readyYears()).toEqual(['2023', '2025', 'global']);
      expect(await globalTotals()).toHaveLength(2);

      await changeYear(store, 'publish', '2024');
      expect(await readyYears()).toEqual(['2023', '2024', '2025', 'global']);
      expect(await globalTotals()).toHaveLength(3);
    });

    it('importing a withheld year again publishes it', async () => {
      await changeYear(store, 'unpublish', '2024');
      await importParticipants('again.csv', ROWS.slice(2, 4), handle.location, { use: 'write' });
      expect(await readyYears()).toEqual(['2023', '2024', '2025', 'global']);
    });

    it('remove deletes the participants and forgets the year', async () => {
      await changeYear(store, 'remove', '2023');
      const statuses = await store.readYearStatuses();
      expect(statuses.map((status) => status.year)).toEqual(['2024', '2025', 'global']);
      expect(await globalTotals()).toEqual([
        { year: 2024, count: 2 },
        { year: 2025, count: 1 },
      ]);
    });

    it('refuses what does not apply, changes nothing where the year is as asked, and writes nothing', async () => {
      await expect(changeYear(store, 'unpublish', '2030')).rejects.toThrow(
        new YearChangeRefused('there is no year 2030 in the store'),
      );
      expect(await changeYear(store, 'publish', '2024')).toMatchObject({
        unchanged: '2024 is published already',
        publishedBefore: ['2025', '2024', '2023', 'global'],
        publishedAfter: ['2025', '2024', '2023', 'global'],
      });
      expect(await readyYears()).toEqual(['2023', '2024', '2025', 'global']);
    });

    it('hand-written summaries are listed and can be dropped', async () => {
      await store.transaction((tx) => tx.setManualSummary('2024', 'intro', 'A mano'));
      expect(
        (await store.readManualSummaries()).map(({ year, category, summary }) => [year, category, summary]),
      ).toEqual([['2024', 'intro', 'A mano']]);
      expect(await store.transaction((tx) => tx.unsetManualSummary('2024', 'intro'))).toBe(true);
      expect(await store.transaction((tx) => tx.unsetManualSummary('2024', 'intro'))).toBe(false);
      expect(await store.readManualSummaries()).toEqual([]);
    });
  });
}
