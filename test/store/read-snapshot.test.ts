/**
 * What a read model is built from: one snapshot of the store, and the store's version,
 * kept by triggers for plain SQL as for our CLI, which moves with every change to the
 * tables a model is built from (not with the updating flag, read on its own).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ParticipantRecord } from '../../src/domain/types.js';
import { openWriteStore } from '../../src/store/open-store.js';
import type { ReadStore, StoreSnapshot } from '../../src/store/store.js';
import type { StoreFixture } from '../support/store-fixture.js';
import { STORE_KINDS } from '../support/stores.js';

async function participantsIn(
  snapshot: StoreSnapshot,
  withheld: number[] = [],
): Promise<ParticipantRecord[]> {
  const rows: ParticipantRecord[] = [];
  await snapshot.readParticipants(withheld, (name, school, year) => rows.push({ name, school, year }));
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
          version: await snapshot.readVersion(),
        };
      });
      expect(seen.again).toEqual(seen.years);
      expect(seen.years).toEqual([{ year: '2023', isReady: true }]);
      expect(seen.participants).toEqual([ANE, JON]);

      const after = await store.readSnapshot(async (snapshot) => ({
        participants: await participantsIn(snapshot),
        version: await snapshot.readVersion(),
      }));
      expect(after.participants).toEqual([ANE, JON, NORA]);
      expect(after.version).not.toBe(seen.version);
    });

    it('leaves out the participants of withheld years', async () => {
      await fixture.insertParticipants([NORA]);
      expect(await store.readSnapshot((snapshot) => participantsIn(snapshot, [2024]))).toEqual([ANE, NORA]);
      expect(await store.readSnapshot((snapshot) => participantsIn(snapshot, [2023, 2024, 2025]))).toEqual(
        [],
      );
    });

    it('moves the version with every plain SQL statement that changes what a model is built from', async () => {
      const moves = async (statement: string) => {
        const was = await store.readVersion();
        await exec(statement);
        return (await store.readVersion()) !== was;
      };
      expect(await store.readVersion()).toBe(await store.readVersion());
      expect(
        await moves("INSERT INTO participants (name, school, year) VALUES ('Iker Sanz Gil', 'X', 2026)"),
      ).toBe(true);
      expect(await moves("UPDATE participants SET school = 'Y' WHERE year = 2026")).toBe(true);
      expect(await moves('DELETE FROM participants WHERE year = 2026')).toBe(true);
      expect(await moves("UPDATE available_years SET is_ready = false WHERE year = '2023'")).toBe(true);
      // The updating flag is read by every poll itself, and served without a rebuild.
      expect(await moves('INSERT INTO sys_status (id, is_updating) VALUES (1, true)')).toBe(false);
      expect(await store.readUpdating()).toBe(true);
      expect(await moves('UPDATE sys_status SET is_updating = false')).toBe(false);
      expect(await store.readUpdating()).toBe(false);
      expect(
        await moves(
          "INSERT INTO statistics (category, scope, year, public_data, summary) VALUES ('intro', 'yearly', '2023', NULL, 'x')",
        ),
      ).toBe(true);
      expect(
        await moves("INSERT INTO summary_overrides (category, year, summary) VALUES ('intro', '2023', 'x')"),
      ).toBe(false);
      if (kind.name === 'postgresql') expect(await moves('TRUNCATE participants')).toBe(true);
    });

    it('migrate drops the counters an earlier version kept per table and per year; the version still moves', async () => {
      const retired =
        kind.name === 'sqlite'
          ? [
              "INSERT INTO tamborrada_changes (part, version) VALUES ('participants', 3), ('participants/2023', 2)",
              `CREATE TRIGGER participants_insert_bumps_year AFTER INSERT ON participants
               BEGIN UPDATE tamborrada_changes SET version = version + 1 WHERE part = 'participants/2023'; END`,
            ]
          : [
              "INSERT INTO tamborrada_changes (part, version) VALUES ('participants', 3), ('participants/2023', 2)",
              `CREATE FUNCTION tamborrada_note_participant_years() RETURNS trigger LANGUAGE plpgsql AS $$
               BEGIN UPDATE tamborrada_changes SET version = version + 1 WHERE part = 'participants/2023'; RETURN NULL; END $$`,
              `CREATE TRIGGER tamborrada_participants_year_insert AFTER INSERT ON participants
               FOR EACH STATEMENT EXECUTE FUNCTION tamborrada_note_participant_years()`,
            ];
      for (const statement of retired) await exec(statement);
      const writer = await openWriteStore(store.location, 'write');
      try {
        await writer.migrate();
        const left = await store.readSnapshot(async () => store.readVersion());
        expect(left).not.toMatch(/participants/);
        const was = await store.readVersion();
        await exec("INSERT INTO participants (name, school, year) VALUES ('Iker Sanz Gil', 'X', 2026)");
        expect(await store.readVersion()).not.toBe(was);
      } finally {
        await writer.close();
      }
    });

    it('migrate stops the updating flag of an earlier version moving the version', async () => {
      const earlier =
        kind.name === 'sqlite'
          ? [
              `CREATE TRIGGER sys_status_insert_bumps_store_version AFTER INSERT ON sys_status
               BEGIN UPDATE tamborrada_changes SET version = version + 1 WHERE part = 'store'; END`,
            ]
          : [
              `CREATE OR REPLACE FUNCTION tamborrada_note_change() RETURNS trigger LANGUAGE plpgsql AS $$
               BEGIN
                 UPDATE tamborrada_changes SET version = version + 1 WHERE part = 'store';
                 PERFORM pg_notify('tamborrada_changes', TG_ARGV[0]);
                 RETURN NULL;
               END $$`,
            ];
      for (const statement of earlier) await exec(statement);
      const flip = async () => {
        const was = await store.readVersion();
        await exec('INSERT INTO sys_status (id, is_updating) VALUES (1, true)');
        await exec('DELETE FROM sys_status');
        return (await store.readVersion()) !== was;
      };
      expect(await flip()).toBe(true);
      const writer = await openWriteStore(store.location, 'write');
      try {
        await writer.migrate();
      } finally {
        await writer.close();
      }
      expect(await flip()).toBe(false);
    });
  });
}
