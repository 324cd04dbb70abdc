/**
 * What a read model is built from: one snapshot of the store (issue 14.1), and change
 * versions per year of participants, kept by triggers for plain SQL as for our CLI, so
 * that a rebuild reads again only the years that changed (issue 14.2).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ParticipantRecord } from '../../src/domain/types.js';
import type { ChangeVersions, ReadStore, StoreSnapshot } from '../../src/store/store.js';
import type { StoreFixture } from '../support/store-fixture.js';
import { STORE_KINDS } from '../support/stores.js';

async function participantsIn(snapshot: StoreSnapshot, years?: number[]): Promise<ParticipantRecord[]> {
  const rows: ParticipantRecord[] = [];
  await snapshot.readParticipants(years, (name, school, year) => rows.push({ name, school, year }));
  return rows.sort((a, b) => a.year - b.year || (a.name < b.name ? -1 : 1));
}

const ANE = { name: 'Ane Garcia Lopez', school: 'Ikastola Txori Berri', year: 2023 };
const JON = { name: 'Jon Perez Ruiz', school: 'Colegio Santa Ana', year: 2024 };
const NORA = { name: 'Nora Muñoz Lasa', school: 'Ikastola Berria', year: 2025 };

for (const kind of STORE_KINDS) {
  describe(`read snapshots [${kind.name}]`, () => {
    let fixture: StoreFixture;
    let store: ReadStore;
    const exec = (sql: string) => fixture.exec(sql);

    beforeEach(async () => {
      fixture = await kind.create();
      await fixture.insertYear('2023', true);
      await fixture.insertParticipants([ANE, JON]);
      store = await fixture.openReadStore();
    });
    afterEach(async () => {
      await store.close();
      await fixture.dispose();
    });

    const versions = () => store.readChangeVersions();
    const yearVersions = async () => Object.fromEntries((await versions()).participantYears ?? []);

    it('a commit between two reads of one snapshot is not seen by the second', async () => {
      const seen = await store.readSnapshot(async (snapshot) => {
        const years = await snapshot.readYears();
        await fixture.insertYear('2025', true);
        await fixture.insertParticipants([NORA]);
        await exec("UPDATE available_years SET is_ready = false WHERE year = '2023'");
        return {
          years,
          again: await snapshot.readYears(),
          participants: await participantsIn(snapshot),
          versions: await snapshot.readChangeVersions(),
        };
      });
      expect(seen.again).toEqual(seen.years);
      expect(seen.years).toEqual([{ year: '2023', isReady: true }]);
      expect(seen.participants).toEqual([ANE, JON]);

      const after = await store.readSnapshot(async (snapshot) => ({
        participants: await participantsIn(snapshot),
        versions: await snapshot.readChangeVersions(),
      }));
      expect(after.participants).toEqual([ANE, JON, NORA]);
      expect(after.versions.participants).not.toBe(seen.versions.participants);
      expect(after.versions.available_years).not.toBe(seen.versions.available_years);
    });

    it('reads the participants of some years only', async () => {
      await fixture.insertParticipants([NORA]);
      expect(await store.readSnapshot((snapshot) => participantsIn(snapshot, [2023, 2025]))).toEqual([
        ANE,
        NORA,
      ]);
      expect(await store.readSnapshot((snapshot) => participantsIn(snapshot, []))).toEqual([]);
    });

    it('moves the version of exactly the years a plain SQL statement touched', async () => {
      const before = await yearVersions();
      expect(Object.keys(before).sort()).toEqual(['2023', '2024']);
      const changed = async (statement: string) => {
        const was = await yearVersions();
        await exec(statement);
        const now = await yearVersions();
        return [...new Set([...Object.keys(was), ...Object.keys(now)])]
          .filter((year) => was[year] !== now[year])
          .sort();
      };
      expect(
        await changed("INSERT INTO participants (name, school, year) VALUES ('Iker Sanz Gil', 'X', 2026)"),
      ).toEqual(['2026']);
      expect(await changed("UPDATE participants SET school = 'Y' WHERE year = 2026")).toEqual(['2026']);
      expect(await changed('UPDATE participants SET year = 2022 WHERE year = 2026')).toEqual([
        '2022',
        '2026',
      ]);
      expect(await changed('DELETE FROM participants WHERE year = 2023')).toEqual(['2023']);
      expect(await changed('DELETE FROM participants WHERE year = 1999')).toEqual([]);
      expect(await changed("UPDATE available_years SET is_ready = false WHERE year = '2023'")).toEqual([]);
      if (kind.name === 'postgresql')
        expect(await changed('TRUNCATE participants')).toEqual(['2022', '2024']);
    });

    it('says it cannot tell years apart when the triggers that count them are missing', async () => {
      const tracked: ChangeVersions = await versions();
      expect(tracked.participantYears).toBeInstanceOf(Map);
      await exec(
        kind.name === 'sqlite'
          ? 'DROP TRIGGER participants_delete_bumps_year'
          : 'DROP TRIGGER tamborrada_participants_year_delete ON participants',
      );
      expect((await versions()).participantYears).toBeUndefined();
    });
  });
}
