import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { importFile } from '../../src/cli/commands/import-file.js';
import type { WriteStore, WriteTransaction } from '../../src/store/store.js';
import {
  apiSnapshot,
  createWorkspace,
  csv,
  dumpAllTables,
  freshApiSnapshot,
  serveStore,
  storeContents,
  type ApiServer,
  type Workspace,
} from '../support/workspace.js';

type Step = keyof WriteTransaction;

/** The transaction step that fails (after doing its work), when set. */
const injected = vi.hoisted(() => ({ failAfter: undefined as string | undefined, calls: [] as string[] }));

/** Every store the commands open is wrapped: the chosen step throws once its writes are done. */
vi.mock('../../src/store/open-store.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/store/open-store.js')>();
  const wrapTransaction = (tx: WriteTransaction): WriteTransaction =>
    new Proxy(tx, {
      get(target, property: string) {
        const step = Reflect.get(target, property) as (...args: unknown[]) => Promise<unknown>;
        return async (...args: unknown[]) => {
          const result = await step.apply(target, args);
          injected.calls.push(property);
          if (injected.failAfter === property) throw new Error(`injected failure after ${property}`);
          return result;
        };
      },
    });
  return {
    ...original,
    async openWriteStore(...args: Parameters<typeof original.openWriteStore>): Promise<WriteStore> {
      const store = await original.openWriteStore(...args);
      return new Proxy(store, {
        get(target, property: string) {
          if (property === 'transaction')
            return <T>(work: (tx: WriteTransaction) => Promise<T>) =>
              target.transaction((tx) => work(wrapTransaction(tx)));
          const value = Reflect.get(target, property) as unknown;
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
    },
  };
});

const SCHOOL = 'Ikastola Txori Berri';
const SEARCHES = [
  ['Ane Garcia Lopez', SCHOOL],
  ['Inigo Munoz Ibarra', SCHOOL],
] as const;

describe('a failure inside the import transaction', () => {
  let workspace: Workspace;
  let server: ApiServer;
  let next: string;
  let before: {
    dump: Record<string, unknown[]>;
    api: Awaited<ReturnType<typeof apiSnapshot>>;
  };

  beforeAll(async () => {
    workspace = createWorkspace();
    await importFile(
      workspace.file(
        'first.csv',
        csv([
          'name,school,year',
          `Ane Garcia Lopez,${SCHOOL},2023`,
          `Ane Garcia Lopez,${SCHOOL},2024`,
          `Jon Perez Ruiz,${SCHOOL},2024`,
          `Maria de la Fuente Perez,Colegio Santa Ana,2024`,
        ]),
      ),
      workspace.location,
      true,
    );
    // The next file replaces 2024 and adds 2025: every table would change.
    next = workspace.file(
      'next.csv',
      csv([
        'name,school,year',
        `Iñigo Muñoz Ibarra,${SCHOOL},2024`,
        `Ane Garcia Lopez,${SCHOOL},2025`,
        `Jon Ander Peña Goñi,Colegio Santa Ana,2025`,
      ]),
    );
    server = await serveStore(workspace.dbPath);
    before = { dump: dumpAllTables(workspace.dbPath), api: await apiSnapshot(server, SEARCHES) };
    expect(before.api['/api/years']?.text).toBe('{"years":["2024","2023","global"]}');
  });

  afterAll(async () => {
    await server.close();
    workspace.remove();
  });

  const steps: Step[] = [
    'deleteParticipantsOfYears',
    'insertParticipants',
    'recordSource',
    'setReady',
    'writeEditionTally',
    'replaceStatistics',
    'unpublishYearsWithoutStatistics',
  ];

  it.each(steps)('failing after %s leaves every table and every answer as they were', async (step) => {
    injected.failAfter = step;
    injected.calls = [];
    try {
      await expect(importFile(next, workspace.location, true)).rejects.toThrow(
        `injected failure after ${step}`,
      );
    } finally {
      injected.failAfter = undefined;
    }
    expect(injected.calls).toContain(step);
    expect(dumpAllTables(workspace.dbPath)).toEqual(before.dump);
    await server.sync();
    expect(await apiSnapshot(server, SEARCHES)).toEqual(before.api);
    expect(await freshApiSnapshot(workspace.dbPath, SEARCHES)).toEqual(before.api);
  });

  it('the same import without a failure goes through, in that order of steps (so the tests above hit each step)', async () => {
    injected.calls = [];
    await importFile(next, workspace.location, true);
    expect(injected.calls).toEqual([
      // The children a family had removed, then whether the store holds this list already:
      // its counts differ, so nothing more is read.
      'readRemovals',
      'readYearStatuses',
      'deleteParticipantsOfYears',
      'insertParticipants',
      'recordSource',
      'setReady',
      'readStatisticsRule',
      'readWithheldYears',
      'readParticipants',
      'readEditionTallies',
      // The tallies of the two editions the list replaces (2024) and adds (2025); 2023's is kept.
      'writeEditionTally',
      'writeEditionTally',
      'deleteEditionTallies',
      'replaceStatistics',
      'unpublishYearsWithoutStatistics',
    ]);
    expect(storeContents(workspace.dbPath).participants).toEqual([
      { name: 'Ane Garcia Lopez', school: SCHOOL, year: 2023 },
      { name: 'Ane Garcia Lopez', school: SCHOOL, year: 2025 },
      { name: 'Inigo Munoz Ibarra', school: SCHOOL, year: 2024 },
      { name: 'Jon Ander Pena Goni', school: 'Colegio Santa Ana', year: 2025 },
    ]);
    await server.sync();
    const after = await apiSnapshot(server, SEARCHES);
    expect(after['/api/years']?.text).toBe('{"years":["2025","2024","2023","global"]}');
    expect(after['/api/statistics?year=2024']).not.toEqual(before.api['/api/statistics?year=2024']);
  });
});
