/**
 * The name facts a read model serves against the store: each first name's
 * records per published edition, counted here by plain SQL, and the small-count rule's k
 * as stored beside the statistics (here 2, not the default 3).
 */
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReadModelFollower } from '../../src/read-model/follower.js';
import type { ReadModel } from '../../src/read-model/read-model.js';
import { openReadStore } from '../../src/store/open-store.js';
import { runCli } from '../support/cli.js';
import { createWorkspace, csv, type Workspace } from '../support/workspace.js';

const ALFA = 'Ikastola Alfa';
const BETA = 'Colegio Beta';
// Fictional children; first names of one word, surnames without particles: plain SQL can split them.
const LIST = [
  ...['Ane Garcia Lopez', 'Ane Perez Ruiz', 'Jon Garcia Ruiz', 'Mikel Soto Lasa'].map((n) => [n, ALFA, 2023]),
  ...['Ane Garcia Lopez', 'Ane Olano Lasa', 'Jon Perez Olano', 'Unai Soto Sanz'].map((n) => [n, BETA, 2024]),
  ...['Jon Garcia Ruiz', 'Jon Sanz Ruiz', 'Mikel Soto Lasa', 'Nora Lasa Olano'].map((n) => [n, ALFA, 2025]),
  ...['Mikel Ruiz Perez'].map((n) => [n, BETA, 2025]),
];
const K = 2;

describe('name facts built from the store', () => {
  let workspace: Workspace;
  let follower: ReadModelFollower;
  let model: ReadModel;

  beforeAll(async () => {
    workspace = createWorkspace();
    const file = workspace.file('list.csv', csv(['name,school,year', ...LIST.map((row) => row.join(','))]));
    const run = await runCli([
      'import',
      file,
      '--db',
      workspace.dbPath,
      '--create',
      '--min-published-count',
      `${K}`,
    ]);
    expect([run.code, run.stderr]).toEqual([0, '']);
    const logger = { info() {}, warn() {}, error() {}, debug() {} } as never;
    follower = new ReadModelFollower(() => openReadStore(workspace.location), {
      pollIntervalMs: 60_000,
      searchFailClosedAfterMs: 60_000,
      logger,
    });
    await follower.start();
    const state = follower.state;
    if (state.kind !== 'ready') throw new Error(`no model: ${state.kind}`);
    model = state.model;
  });

  afterAll(async () => {
    await follower?.stop();
    workspace?.remove();
  });

  it('counts each first name per published edition as plain SQL does, under the k stored with the statistics', () => {
    const db = new Database(workspace.dbPath, { readonly: true });
    const byName = db
      .prepare(
        `WITH split AS (SELECT substr(name, 1, instr(name, ' ') - 1) AS first, lower(name) AS child, year
                        FROM participants),
              reaching AS (SELECT first FROM split GROUP BY first, year HAVING count(DISTINCT child) >= ?)
         SELECT first, year, count(*) AS records, count(DISTINCT child) AS children
         FROM split WHERE first IN (SELECT first FROM reaching) GROUP BY first, year ORDER BY first, year`,
      )
      .all(K) as { first: string; year: number; records: number; children: number }[];
    db.close();
    const expected = new Map<string, (number | undefined)[]>();
    for (const { first, year, records, children } of byName) {
      const counts = expected.get(first) ?? model.names.editions.map(() => undefined);
      counts[model.names.editions.indexOf(year)] = children >= K ? records : undefined;
      expected.set(first, counts);
    }
    expect(model.names.k).toBe(K);
    expect(model.names.editions).toEqual([2023, 2024, 2025]);
    expect(
      new Map(
        model.names
          .list('firstName')
          .map((fact) => [fact.name, fact.editions.map((edition) => edition.count)]),
      ),
    ).toEqual(expected);
    // Mikel: 2023 one child (withheld), 2025 two; Unai: one child, no facts at all.
    expect(model.names.lookup('firstName', 'MIKEL')!.editions.map((edition) => edition.count)).toEqual([
      undefined,
      undefined,
      2,
    ]);
    expect(model.names.lookup('firstName', 'unai')).toBeUndefined();
  });

  it('gives as each name’s global count on the statistics page the sum of its published editions', () => {
    const topNames = model.statistics.recordsOf('global').get('topNames')!.fullData as {
      name: string;
      count: number;
    }[];
    const totals = model.names.list('firstName').map(({ name, editions }) => ({
      name,
      count: editions.reduce((sum, edition) => sum + (edition.count ?? 0), 0),
    }));
    expect(totals).toEqual(expect.arrayContaining(topNames));
    expect(model.names.list('firstName')).toHaveLength(topNames.length);
  });
});
