/**
 * The name pages' facts are made with the statistics (import, recompute) and stored beside
 * them; a build reads them rather than making them, and makes them itself only when none
 * fit what it serves: none stored (plain SQL, an older version), made under another k, or
 * from other rows than those it read (participants changed by plain SQL since).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nameFactsOf, type NameFactsData } from '../../src/domain/statistics/name-facts.js';
import { recomputeInside } from '../../src/import/recompute.js';
import type { RunningServer } from '../../src/server.js';
import { openReadStore } from '../../src/store/open-store.js';
import { FESTIVAL } from '../support/dataset.js';
import { eventually } from '../support/eventually.js';
import { execSql } from '../support/exec-sql.js';
import { startTestServer } from '../support/server.js';
import { WRITE_STORE_KINDS, type WriteStoreHandle } from '../support/write-stores.js';

const EDITIONS = [2023, 2024, 2025];
/** What the build would make itself, under k = 1: every name has a page. */
const MADE = nameFactsOf(FESTIVAL, EDITIONS, 1);
const sqlText = (text: string) => `'${text.replaceAll("'", "''")}'`;

for (const kind of WRITE_STORE_KINDS) {
  describe(`the name facts stored with the statistics [${kind.name}]`, () => {
    let handle: WriteStoreHandle;
    let server: RunningServer;
    const served = (): NameFactsData | undefined => {
      const { state } = server.follower;
      if (state.kind !== 'ready') return undefined;
      const { names } = state.model;
      return {
        k: names.k,
        editions: [...names.editions],
        participants: [...names.participants],
        firstNames: [...names.list('firstName')],
        surnames: [...names.list('surname')],
      };
    };
    const ane = () => served()?.firstNames.find((fact) => fact.key === 'ane');

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

    it('a recompute stores the facts a build would make, with their k and editions', async () => {
      const stored = await handle.store.readSnapshot((snapshot) => snapshot.readNameFacts());
      expect(stored).toMatchObject({ minPublishedCount: 1, editions: EDITIONS.join(',') });
      expect(JSON.parse(stored!.json)).toEqual(MADE);
      expect(served()).toEqual(MADE);
    });

    it('the build serves the stored facts as they are', async () => {
      const changed = structuredClone(MADE);
      changed.firstNames.find((fact) => fact.key === 'ane')!.total = 999;
      await execSql(
        handle.location,
        `UPDATE tamborrada_name_facts SET facts = ${sqlText(JSON.stringify(changed))}`,
      );
      await eventually(async () => ane()?.total === 999);
    });

    it('facts made under another k are not served: the build makes them', async () => {
      await execSql(handle.location, 'UPDATE tamborrada_name_facts SET min_published_count = 2');
      await eventually(
        async () => ane()?.total === MADE.firstNames.find((fact) => fact.key === 'ane')!.total,
      );
      expect(served()).toEqual(MADE);
    });

    it('rows changed by plain SQL since the facts were made: the build makes them from the rows it read', async () => {
      const added = { name: 'Ane Zubia Lasa', school: FESTIVAL[0]!.school, year: 2025 };
      await execSql(
        handle.location,
        `INSERT INTO participants (name, school, year) VALUES (${sqlText(added.name)}, ${sqlText(added.school)}, ${added.year})`,
      );
      const remade = nameFactsOf([...FESTIVAL, added], EDITIONS, 1);
      const aneTotal = remade.firstNames.find((fact) => fact.key === 'ane')!.total;
      await eventually(async () => ane()?.total === aneTotal);
      expect(served()).toEqual(remade);
      await execSql(handle.location, `DELETE FROM participants WHERE name = ${sqlText(added.name)}`);
      await eventually(
        async () => ane()?.total === MADE.firstNames.find((fact) => fact.key === 'ane')!.total,
      );
    });

    it('with no facts stored (plain SQL, an older version) the build makes them', async () => {
      const changed = structuredClone(MADE);
      changed.firstNames.find((fact) => fact.key === 'ane')!.total = 999;
      await execSql(
        handle.location,
        `UPDATE tamborrada_name_facts SET min_published_count = 1, facts = ${sqlText(JSON.stringify(changed))}`,
      );
      await eventually(async () => ane()?.total === 999);
      await execSql(handle.location, 'DELETE FROM tamborrada_name_facts');
      await eventually(async () => ane()?.total !== 999);
      expect(served()).toEqual(MADE);
    });
  });
}
