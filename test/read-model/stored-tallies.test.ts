/**
 * What each edition publishes is tallied when its list is imported and stored; a build
 * makes the published facts (name pages, schools' participants) from the stored tallies,
 * and tallies an edition itself only when its stored tally does not fit what it serves:
 * none stored (plain SQL, an older version), made under a stricter k, or standing for
 * other rows than those it read (participants changed by plain SQL since). A removal
 * changes no stored tally: the facts served stay as they were.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PublishedFacts } from '../../src/domain/statistics/name-facts.js';
import { recomputeInside } from '../../src/import/recompute.js';
import { removeParticipant } from '../../src/import/removals.js';
import type { RunningServer } from '../../src/server.js';
import { openReadStore } from '../../src/store/open-store.js';
import { FESTIVAL } from '../support/dataset.js';
import { eventually } from '../support/eventually.js';
import { execSql } from '../support/exec-sql.js';
import { startTestServer } from '../support/server.js';
import { WRITE_STORE_KINDS, type WriteStoreHandle } from '../support/write-stores.js';
import { nameFactsOf, tallyEditions } from '../support/statistics.js';

const EDITIONS = [2023, 2024, 2025];
/** What the build would make itself, under k = 1: every name has a page. */
const MADE = nameFactsOf(FESTIVAL, EDITIONS, 1);
const sqlText = (text: string) => `'${text.replaceAll("'", "''")}'`;
const aneOf = (facts: PublishedFacts | undefined) => facts?.firstNames.find((fact) => fact.key === 'ane');
/** Ane's count in 2023 as `facts` give it. */
const ane2023 = (facts: PublishedFacts | undefined) => aneOf(facts)?.editions[0]!.count;

for (const kind of WRITE_STORE_KINDS) {
  describe(`the editions' tallies stored with the statistics [${kind.name}]`, () => {
    let handle: WriteStoreHandle;
    let server: RunningServer;
    const served = (): PublishedFacts | undefined => {
      const { state } = server.follower;
      if (state.kind !== 'ready') return undefined;
      const { names } = state.model;
      return {
        k: names.k,
        editions: [...names.editions],
        participants: [...names.participants],
        firstNames: [...names.list('firstName')],
        surnames: [...names.list('surname')],
        schools: [...names.schoolCounts].map(([school, counts]) => ({
          school,
          counts: names.editions.map((year) => counts.get(year)!),
        })),
      };
    };
    /** 2023's stored tally with Ane's records there set to `records`. */
    const tally2023With = (records: number) => {
      const tally = structuredClone(tallyEditions(FESTIVAL, 1)[0]!);
      tally.firstNames.find((cell) => cell.key === 'ane')!.records = records;
      return JSON.stringify(tally);
    };

    beforeAll(async () => {
      handle = await kind.create();
      await handle.store.transaction(async (tx) => {
        await tx.insertParticipants(FESTIVAL);
        await tx.setReady(['2023', '2024', '2025', 'global'], true);
        await recomputeInside(tx, undefined, 1);
      });
      server = await startTestServer(() => openReadStore(handle.location), { pollIntervalMs: 50 });
    });

    afterAll(async () => {
      await server?.close();
      await handle?.dispose();
    });

    it('a recompute stores each edition’s tally, with its k; the build serves the facts made from them', async () => {
      const stored = await handle.store.readSnapshot((snapshot) => snapshot.readEditionTallies());
      expect(stored.map((row) => row.year)).toEqual(EDITIONS);
      expect(stored.map((row) => row.tally)).toEqual(tallyEditions(FESTIVAL, 1));
      expect(served()).toEqual(MADE);
    });

    it('the build serves the stored tallies as they are', async () => {
      await execSql(
        handle.location,
        `UPDATE tamborrada_edition_tallies SET tally = ${sqlText(tally2023With(999))} WHERE year = 2023`,
      );
      await eventually(async () => ane2023(served()) === 999);
    });

    it('a tally made under a stricter k than the one in force is not served: the build tallies the edition', async () => {
      const stricter = { ...JSON.parse(tally2023With(999)), k: 2 };
      await execSql(
        handle.location,
        `UPDATE tamborrada_edition_tallies SET tally = ${sqlText(JSON.stringify(stricter))} WHERE year = 2023`,
      );
      await eventually(async () => ane2023(served()) === ane2023(MADE));
      expect(served()).toEqual(MADE);
    });

    it('rows changed by plain SQL since the tally was made: the build tallies the edition from the rows it read', async () => {
      const added = { name: 'Ane Zubia Lasa', school: FESTIVAL[0]!.school, year: 2023 };
      await execSql(
        handle.location,
        `INSERT INTO participants (name, school, year) VALUES (${sqlText(added.name)}, ${sqlText(added.school)}, ${added.year})`,
      );
      const remade = nameFactsOf([...FESTIVAL, added], EDITIONS, 1);
      await eventually(async () => ane2023(served()) === ane2023(remade));
      expect(served()).toEqual(remade);
      await execSql(handle.location, `DELETE FROM participants WHERE name = ${sqlText(added.name)}`);
      await eventually(async () => ane2023(served()) === ane2023(MADE));
    });

    it('with no tallies stored (plain SQL, an older version) the build makes them', async () => {
      await execSql(
        handle.location,
        `UPDATE tamborrada_edition_tallies SET tally = ${sqlText(tally2023With(999))} WHERE year = 2023`,
      );
      await eventually(async () => ane2023(served()) === 999);
      await execSql(handle.location, 'DELETE FROM tamborrada_edition_tallies');
      await eventually(async () => ane2023(served()) !== 999);
      expect(served()).toEqual(MADE);
    });

    it('a removal tallies its editions first where none is stored, then changes no published fact', async () => {
      const child = FESTIVAL.find((record) => record.year === 2023 && record.name.startsWith('Ane '))!;
      const before = served();
      const { years } = await removeParticipant(handle.store, { name: child.name, school: child.school });
      const rows = await handle.store.readSnapshot(async (snapshot) => {
        let count = 0;
        await snapshot.readParticipants([], () => count++);
        return count;
      });
      expect(rows).toBeLessThan(FESTIVAL.length);
      // The server has rebuilt (the child is gone from the search) and serves the same facts.
      await eventually(async () => server.follower.state.kind === 'ready' && !searchFinds(server, child));
      expect(served()).toEqual(before);
      const stored = await handle.store.readSnapshot((snapshot) => snapshot.readEditionTallies());
      // The editions the child was in, tallied with the child, as published.
      expect(stored.map((row) => row.tally)).toEqual(
        tallyEditions(FESTIVAL, 1).filter((tally) => years.includes(tally.year)),
      );
    });
  });
}

/** Whether the served model's search finds the child's whole name in its school. */
function searchFinds(server: RunningServer, child: { name: string; school: string }): boolean {
  const { state } = server.follower;
  if (state.kind !== 'ready') return true;
  const found = state.model.participants.search(child.name.toLowerCase(), child.school);
  return (found?.matches.length ?? 0) > 0;
}
