import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFile } from '../../src/cli/commands/import-file.js';
import { showStatus } from '../../src/cli/commands/status.js';
import { inLetters } from '../support/name-examples.js';
import {
  createWorkspace,
  csv,
  dumpAllTables,
  freshApiSnapshot,
  startCli,
  type Workspace,
} from '../support/workspace.js';

const SCHOOL = 'Ikastola Txori Berri';
/** Preloaded into the CLI process only: importing it here would patch this process's store too. */
const PAUSE_HOOK = pathToFileURL(join(import.meta.dirname, 'fixtures/pause-in-transaction.ts')).href;
/** What the hook prints once the transaction is stopped. */
const PAUSED = 'PAUSED-IN-TRANSACTION';

function walSize(dbPath: string): number {
  return existsSync(`${dbPath}-wal`) ? statSync(`${dbPath}-wal`).size : 0;
}

describe('an import killed with SIGKILL in the middle of its transaction', () => {
  let workspace: Workspace;

  beforeAll(async () => {
    workspace = createWorkspace();
    await importFile(
      workspace.file(
        'first.csv',
        csv([
          'name,school,year',
          `Ane Garcia Lopez,${SCHOOL},2019`,
          `Jon Perez Ruiz,${SCHOOL},2024`,
          `Maria de la Fuente Perez,Colegio Santa Ana,2024`,
        ]),
      ),
      workspace.location,
      true,
    );
  });

  afterAll(() => workspace.remove());

  it('leaves the previous data intact and served', async () => {
    const dump = dumpAllTables(workspace.dbPath);
    const api = await freshApiSnapshot(workspace.dbPath);
    expect(walSize(workspace.dbPath)).toBe(0);

    // 20,000 rows replacing 2019 and 2024. The hook makes the transaction spill its pages to
    // the WAL and stop after the statistics were rewritten, before publishing and committing.
    const rows = ['name,school,year'];
    for (let i = 0; i < 20_000; i++)
      rows.push(
        `Niño${inLetters(i)} Apellido${inLetters(i % 997)} Otro${inLetters(i % 89)},Ikastola ${i % 40},${i % 2 === 0 ? 2019 : 2024}`,
      );
    const child = startCli(['import', workspace.file('big.csv', csv(rows)), '--db', workspace.dbPath], {
      preload: [PAUSE_HOOK],
    });
    let stdout = '';
    let stderr = '';
    const ended = new Promise<NodeJS.Signals | null>((done) =>
      child.on('close', (_code, signal) => done(signal)),
    );
    await new Promise<void>((paused) => {
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        stdout += chunk;
        if (stdout.includes(PAUSED)) paused();
      });
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
      void ended.then(() => paused());
    });
    expect(stdout, stderr).toBe(`${PAUSED}\n`);
    // Uncommitted pages of the import are on disk, in the WAL.
    expect(walSize(workspace.dbPath)).toBeGreaterThan(100_000);
    child.kill('SIGKILL');
    expect(await ended).toBe('SIGKILL');

    expect(dumpAllTables(workspace.dbPath)).toEqual(dump);
    expect(await freshApiSnapshot(workspace.dbPath)).toEqual(api);
    // And the store takes the next command as usual.
    expect(await showStatus(workspace.location)).toMatch(/^ {2}2024 +ready +2 participants/m);
  });
});
