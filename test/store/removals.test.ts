/**
 * Removing one child at a family's request, on both stores: the records go (one year or
 * every year, by whole name and school however spelt), every published figure stays as
 * it was (they are final: a change would tell whose removal it was), and a suppression
 * entry (a keyed hash, no name) makes every later import leave the child out, whatever
 * spelling the list uses; entries an earlier version recorded keep holding as they did.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { importParticipants } from '../../src/import/import-participants.js';
import {
  exactSpellingRemovalKey,
  holdsAcrossSpellings,
  removalKey,
  removeParticipant,
} from '../../src/import/removals.js';
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
      expect(again).toMatchObject({
        withheld: [
          { line: 2, year: 2023 },
          { line: 3, year: 2024 },
        ],
        imported: 3,
        unchanged: true,
      });
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
      expect(later).toMatchObject({ withheld: [{ line: 2, year: 2024 }], imported: 1, years: [2024, 2025] });
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
      expect(imported).toMatchObject({ withheld: [{ line: 2, year: 2025 }], imported: 0 });
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
      expect(removal!.nameKey).toMatch(/^v2:[0-9a-f]{64}$/);
      expect(JSON.stringify(removal)).not.toMatch(/inigo|zubizarreta|olano/i);
      // Another store has another secret: the same child hashes differently there.
      const other = await kind.create();
      try {
        expect(await other.store.transaction((tx) => tx.readRemovalSecret())).not.toBe(secret);
      } finally {
        await other.dispose();
      }
    });

    it('holds across spellings: the stored records and every later list, whatever the case, accents, hyphens or particles', async () => {
      const school = 'Colegio Nuestra Señora del Monte';
      await importList(
        rows([
          ['Ane Agirre-Iglesias', 'Colegio Nuestra Señora Del Monte', 2023],
          ['Ane Agirre Iglesias', school, 2024],
          ['Ane Agirre Lasa', school, 2024],
        ]),
      );
      const report = await removeParticipant(store, { name: 'ane agirre iglesias', school });
      expect(report).toMatchObject({ records: 2, years: [2023, 2024], schoolKnown: true });
      expect((await participants()).filter((row) => row.includes('Monte'))).toEqual([
        'Ane Agirre Lasa | Colegio Nuestra Señora del Monte | 2024',
      ]);
      const later = await importList(
        rows([
          ['Ane Agirre Lasa', school, 2025],
          ['ANE AGIRRE-IGLESIAS', 'COLEGIO NUESTRA SEÑORA DEL MONTE', 2025],
          ['Ane Agirre y Iglesias', 'Colegio Nuestra Senora del-Monte', 2025],
          ['Agirre Iglesias, Ane', ' Colegio  Nuestra Señora Del Monte.', 2026],
          ['Ane Agirre Iglesias', 'Colegio Nuestra Señora del Mar', 2026],
        ]),
      );
      expect(later).toMatchObject({
        withheld: [
          { line: 3, year: 2025 },
          { line: 4, year: 2025 },
          { line: 5, year: 2026 },
        ],
        imported: 2,
      });
      expect((await participants()).filter((row) => row.includes('Monte') || row.includes('Mar'))).toEqual([
        'Ane Agirre Iglesias | Colegio Nuestra Señora del Mar | 2026',
        'Ane Agirre Lasa | Colegio Nuestra Señora del Monte | 2024',
        'Ane Agirre Lasa | Colegio Nuestra Señora del Monte | 2025',
      ]);
    });

    it("an earlier version's removal keeps holding as it did: that spelling of the school, the name as the search compares it", async () => {
      // Recorded as the earlier version did: the name's search key and the school as typed.
      await store.transaction(async (tx) => {
        const nameKey = exactSpellingRemovalKey(await tx.readRemovalSecret(), CHILD, SCHOOL);
        await tx.recordRemoval({ nameKey, school: SCHOOL, year: undefined, records: 2 });
      });
      const [removal] = await store.readRemovals();
      expect(holdsAcrossSpellings(removal!)).toBe(false);
      const later = await importList(
        rows([
          ['inigo ZUBIZARRETA olano', SCHOOL, 2025],
          [CHILD, 'Ikastola Txori-Berri', 2025],
          [CHILD, OTHER, 2025],
        ]),
      );
      expect(later).toMatchObject({ withheld: [{ line: 2, year: 2025 }], imported: 2 });
    });
  });
}
