/**
 * Removing one child at a family's request, on both stores: the records go (one year or
 * every year, by whole name as the search compares it and exact school), every published
 * figure stays as it was (they are final: a change would tell whose removal it was), and
 * a suppression entry (a keyed hash, no name) makes every later import leave the child out.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { importParticipants } from '../../src/import/import-participants.js';
import { removalKey, removeParticipant } from '../../src/import/removals.js';
import type { WriteStore } from '../../src/store/store.js';
import { WRITE_STORE_KINDS, type WriteStoreHandle } from '../support/write-stores.js';

const SCHOOL = 'Ikastola Txori Berri';
const OTHER = 'Colegio Santa Ana';
const CHILD = 'Iñigo Zubizarreta Olano';

const rows = (list: [string, string, number][]) =>
  list.map(([name, school, year], i) => ({ line: i + 2, name, school, year: String(year) }));

const LIST = rows([
  [CHILD, SCHOOL, 2023],
  [CHILD, SCHOOL, 2024],
  // Another child of the same name, in another school: not the one the family asks about.
  [CHILD, OTHER, 2024],
  ['Ane Garcia Lopez', SCHOOL, 2023],
  ['Jon Perez Ruiz', SCHOOL, 2024],
]);

for (const kind of WRITE_STORE_KINDS) {
  describe(`removing one child [${kind.name}]`, () => {
    let handle: WriteStoreHandle;
    let store: WriteStore;
    const importList = (list = LIST) =>
      importParticipants('list.csv', list, handle.location, { use: 'write' });

    beforeEach(async () => {
      handle = await kind.create();
      store = handle.store;
      await importList();
    });

    afterEach(async () => {
      await handle.dispose();
    });

    const statistic = async (category: string, year = 'global') =>
      (await store.readSnapshot((snapshot) => snapshot.readStatistics())).find(
        (row) => row.category === category && row.year === year,
      )?.publicData;
    /** Every stored statistic, in one order whatever the engine's. */
    const storedStatistics = async () =>
      (await store.readSnapshot((snapshot) => snapshot.readStatistics())).sort(
        (a, b) => a.year.localeCompare(b.year) || a.category.localeCompare(b.category),
      );
    const participants = async () => {
      const found: string[] = [];
      await store.readSnapshot((snapshot) =>
        snapshot.readParticipants([], (name, school, year) => found.push(`${name} | ${school} | ${year}`)),
      );
      return found.sort();
    };

    it('every year: deletes the child in that school (name written any way); every published figure stays', async () => {
      const statistics = await storedStatistics();
      const report = await removeParticipant(store, { name: '  inigo  ZUBIZARRETA olano ', school: SCHOOL });
      expect(report).toMatchObject({ records: 2, years: [2023, 2024], schoolKnown: true, recorded: true });
      expect(report.notErased).toBeUndefined();
      expect(await participants()).toEqual([
        'Ane Garcia Lopez | Ikastola Txori Berri | 2023',
        'Inigo Zubizarreta Olano | Colegio Santa Ana | 2024',
        'Jon Perez Ruiz | Ikastola Txori Berri | 2024',
      ]);
      expect(await statistic('totalParticipants')).toEqual([
        { year: 2023, count: 2 },
        { year: 2024, count: 3 },
      ]);
      expect(await statistic('topSchoolsByYear', '2023')).toEqual([{ name: SCHOOL, count: 2 }]);
      expect(await storedStatistics()).toEqual(statistics);
    });

    it('one year: only that record goes', async () => {
      const report = await removeParticipant(store, { name: CHILD, school: SCHOOL, year: 2024 });
      expect(report).toMatchObject({ records: 1, years: [2024] });
      expect(await participants()).toContain('Inigo Zubizarreta Olano | Ikastola Txori Berri | 2023');
      expect(await statistic('totalParticipants')).toEqual([
        { year: 2023, count: 2 },
        { year: 2024, count: 3 },
      ]);
    });

    it('every later import leaves the child out of that school (and year), and counts it', async () => {
      await removeParticipant(store, { name: CHILD, school: SCHOOL });
      const again = await importList();
      // Without the child, the list is what the store holds: nothing is written, no figure moves.
      expect(again).toMatchObject({ withheld: 2, imported: 3, unchanged: true });
      expect(await participants()).not.toContain('Inigo Zubizarreta Olano | Ikastola Txori Berri | 2023');
      expect(await statistic('totalParticipants')).toEqual([
        { year: 2023, count: 2 },
        { year: 2024, count: 3 },
      ]);

      await removeParticipant(store, { name: 'Jon Perez Ruiz', school: SCHOOL, year: 2024 });
      const later = await importList(
        rows([
          ['Jon Perez Ruiz', SCHOOL, 2024],
          ['Jon Perez Ruiz', SCHOOL, 2025],
        ]),
      );
      expect(later).toMatchObject({ withheld: 1, imported: 1, years: [2024, 2025] });
      expect(await participants()).toContain('Jon Perez Ruiz | Ikastola Txori Berri | 2025');
    });

    it('a removal that finds nobody is recorded all the same: the first import of the child leaves it out', async () => {
      const report = await removeParticipant(store, { name: 'Nora Etxeberria Lasa', school: SCHOOL });
      expect(report).toMatchObject({ records: 0, schoolKnown: true, recorded: true });
      expect(
        (await removeParticipant(store, { name: 'Nora Etxeberria Lasa', school: 'Ikastola Txori Bery' }))
          .schoolKnown,
      ).toBe(false);
      const imported = await importList(rows([['Nora Etxeberria Lasa', SCHOOL, 2025]]));
      expect(imported).toMatchObject({ withheld: 1, imported: 0 });
      // The same request again adds nothing.
      expect(
        (await removeParticipant(store, { name: 'Nora Etxeberria Lasa', school: SCHOOL })).recorded,
      ).toBe(false);
      expect(await store.readRemovals()).toHaveLength(2);
    });

    it('a dry run reports the removal and leaves everything as it was', async () => {
      const before = await participants();
      const statistics = await store.readSnapshot((snapshot) => snapshot.readStatistics());
      const report = await removeParticipant(store, { name: CHILD, school: SCHOOL }, { dryRun: true });
      expect(report).toMatchObject({ dryRun: true, records: 2, recorded: true });
      expect(await participants()).toEqual(before);
      expect(await store.readSnapshot((snapshot) => snapshot.readStatistics())).toEqual(statistics);
      expect(await store.readRemovals()).toEqual([]);
    });

    it('keeps no name: a hash keyed with a secret of this store, the school and the years', async () => {
      await removeParticipant(store, { name: CHILD, school: SCHOOL, year: 2024 });
      const [removal] = await store.readRemovals();
      expect(removal).toMatchObject({ school: SCHOOL, year: 2024, records: 1 });
      expect(removal!.removedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
      const secret = await store.transaction((tx) => tx.readRemovalSecret());
      expect(secret).toMatch(/^[0-9a-f]{64}$/);
      expect(removal!.nameKey).toBe(removalKey(secret, CHILD, SCHOOL));
      expect(JSON.stringify(removal)).not.toMatch(/inigo|zubizarreta|olano/i);
      // Another store has another secret: the same child hashes differently there.
      const other = await kind.create();
      try {
        expect(await other.store.transaction((tx) => tx.readRemovalSecret())).not.toBe(secret);
      } finally {
        await other.dispose();
      }
    });
  });
}
