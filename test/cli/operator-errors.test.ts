/**
 * The operator's mistakes, as the real built CLI tells them: the operator's own paths as
 * typed, in words (no `EISDIR`, no `no such table`), one line and the exit code of the
 * documented table (docs/operations.md): 2 for bad usage or configuration. Commands asked
 * for what is so already succeed and say that nothing changed.
 */
import { chmodSync, copyFileSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createWorkspace,
  csv,
  dumpAllTables,
  runCli,
  type CliRun,
  type Workspace,
} from '../support/workspace.js';

const LIST = csv(['name,school,year', 'Ane Garcia Lopez,Ikastola Txori Berri,2024']);

/** One `tamborrada: error: …` line on stderr, nothing on stdout, exit code 2. */
function expectUsageLine(run: CliRun, line: string): void {
  expect({ code: run.code, stdout: run.stdout, stderr: run.stderr }).toEqual({
    code: 2,
    stdout: '',
    stderr: `tamborrada: error: ${line}\n`,
  });
}

/** One store holding LIST for the describes that need one, each leaving it as it found it or adding. */
let workspace: Workspace;

beforeAll(async () => {
  workspace = createWorkspace();
  expect(
    (await runCli(['import', workspace.file('list.csv', LIST), '--create', '--db', workspace.dbPath])).code,
  ).toBe(0);
});

afterAll(() => workspace?.remove());

describe('files named on the command line', () => {
  let store: string;
  let folder: string;
  let unreadable: string;

  beforeAll(() => {
    store = workspace.dbPath;
    folder = workspace.dir;
    unreadable = workspace.file('unreadable.csv', LIST);
    chmodSync(unreadable, 0o000);
    // Root reads any file: the test then runs the CLI as `nobody`, who must reach the folder.
    chmodSync(workspace.dir, 0o755);
  });

  /** As root, the CLI runs as `nobody`, for whom a mode-000 file is unreadable. */
  const asReader = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : undefined;

  it.each([
    ['import', (file: string) => ['import', file]],
    [
      'summary set',
      (file: string) => ['summary', 'set', '--year', '2024', '--category', 'intro', '--file', file],
    ],
  ])('%s: a missing file, a folder, an unreadable file, each named as typed', async (_, command) => {
    const missing = `${workspace.dir}/missing.csv`;
    expectUsageLine(await runCli([...command(missing), '--db', store]), `${missing}: no such file`);
    expectUsageLine(
      await runCli([...command(folder), '--db', store]),
      `${folder}: is a directory, not a file`,
    );
    expectUsageLine(
      await runCli([...command(unreadable), '--db', store], {}, asReader),
      `${unreadable}: permission denied: this user cannot read it`,
    );
  });

  it('a store path that is not a SQLite database: named, exit code 2, left as it was', async () => {
    const notADatabase = workspace.file('notes.db', 'these are notes, not a database\n'.repeat(40));
    const run = await runCli(['status', '--db', notADatabase]);
    expectUsageLine(run, `${notADatabase} is not a SQLite database`);
    expect(readFileSync(notADatabase, 'utf8')).toBe('these are notes, not a database\n'.repeat(40));
  });
});

describe('a SQLite file that is not migrated gets the same line from every command', () => {
  let workspace: Workspace;
  let list: string;
  let summary: string;

  beforeAll(() => {
    workspace = createWorkspace();
    list = workspace.file('list.csv', LIST);
    summary = workspace.file('intro.md', 'Un resumen.');
  });

  afterAll(() => workspace?.remove());

  const commands = () => [
    ['status'],
    ['import', list],
    ['import', list, '--create'],
    ['demo', '--scale', '0.01'],
    ['updating', 'on'],
    ['recompute'],
    ['year', 'publish', '2024'],
    ['year', 'remove', '2024', '--dry-run'],
    ['summary', 'list'],
    ['summary', 'set', '--year', '2024', '--category', 'intro', '--file', summary],
    ['summary', 'unset', '--year', '2024', '--category', 'intro'],
  ];

  it.each([
    ['a 0-byte file', (path: string) => writeFileSync(path, '')],
    [
      "another program's SQLite file",
      (path: string) => {
        const db = new Database(path);
        db.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)');
        db.close();
      },
    ],
  ])(
    '%s: `store not migrated`, naming migrate, exit code 2, nothing written',
    async (_, make) => {
      const path = `${workspace.dir}/${_.replaceAll(/\W+/g, '-')}.db`;
      make(path);
      const before = readFileSync(path);
      const line = `store not migrated: ${path} has no tables of tamborrada; run \`tamborrada migrate --db ${path}\``;
      // Side by side: none of them may write, so none can disturb another.
      const runs = await Promise.all(commands().map((command) => runCli([...command, '--db', path])));
      for (const [i, run] of runs.entries()) {
        expect(run.stderr, commands()[i]!.join(' ')).not.toMatch(/no such table/);
        expectUsageLine(run, line);
      }
      expect(readFileSync(path).equals(before)).toBe(true);
      // The command it names does fix it.
      expect((await runCli(['migrate', '--db', path])).code).toBe(0);
      expect((await runCli(['status', '--db', path])).code).toBe(0);
    },
    120_000,
  );
});

describe('commands asked for what is so already: exit code 0, nothing changed', () => {
  const cli = (...args: string[]) => runCli([...args, '--db', workspace.dbPath]);

  it('updating on when on, updating off when off', async () => {
    expect((await cli('updating', 'on', '--note', 'Carga 2026')).code).toBe(0);
    let before = dumpAllTables(workspace.dbPath);
    expect(await cli('updating', 'on')).toMatchObject({
      code: 0,
      stdout: 'updating is ON already: nothing changed\n',
      stderr: '',
    });
    expect(dumpAllTables(workspace.dbPath)).toEqual(before);
    // A new note is a change.
    expect((await cli('updating', 'on', '--note', 'Carga 2026, bis')).stdout).toMatch(/^updating is ON:/);
    expect((await cli('status')).stdout).toContain('— Carga 2026, bis');

    expect((await cli('updating', 'off')).code).toBe(0);
    before = dumpAllTables(workspace.dbPath);
    expect(await cli('updating', 'off')).toMatchObject({
      code: 0,
      stdout: 'updating is off already: nothing changed\n',
      stderr: '',
    });
    expect(dumpAllTables(workspace.dbPath)).toEqual(before);
  });
});

describe('summary set checks its file as import checks rows', () => {
  const cli = (...args: string[]) => runCli([...args, '--db', workspace.dbPath]);
  const set = (file: string) =>
    cli('summary', 'set', '--year', '2024', '--category', 'intro', '--file', file);

  it.each([
    [
      'invalid UTF-8',
      Buffer.concat([Buffer.from('Primera línea\nCaf'), Buffer.from([0xe9, 0x0a])]),
      2,
      'invalid UTF-8',
    ],
    ['a NUL', 'Resumen\n\ncon un \u0000 en medio', 3, 'control character U+0000 is not allowed'],
    ['an escape sequence', '\u001b[31mRojo\u001b[0m', 1, 'control character U+001B is not allowed'],
    ['a lone CR', 'Una\rdos', 1, 'control character U+000D is not allowed'],
    [
      'a text over the limit',
      'a'.repeat(4001),
      1,
      'the summary has 4,001 characters; at most 4,000 are allowed',
    ],
    ['an empty text', ' \n\t\n', 1, 'the summary is empty'],
  ])('refuses %s with FILE:LINE: reason, exit code 1, nothing written', async (_, content, line, reason) => {
    const file = workspace.file('summary.md', content);
    const before = dumpAllTables(workspace.dbPath);
    expect(await set(file)).toMatchObject({
      code: 1,
      stdout: '',
      stderr: `${file}:${line}: ${reason}\nnothing was written\n`,
    });
    expect(dumpAllTables(workspace.dbPath)).toEqual(before);
  });

  it('takes tabs, CRLF line endings, a BOM and 4,000 characters (an é counts once)', async () => {
    const text = `\uFEFF${'Año\tuno\r\n'.repeat(400)}${'é'.repeat(800)}`;
    const file = workspace.file('summary.md', text);
    const run = await set(file);
    expect([run.code, run.stderr]).toEqual([0, '']);
    expect(run.stdout).toBe('summary of intro 2024 set (4,000 characters); kept across recomputes\n');
  });
});

describe('the store as the operator meets it', () => {
  it("a store the CLI creates, and its folder, are its owner's only", async () => {
    for (const command of [
      ['import', workspace.file('again.csv', LIST), '--create'],
      ['migrate'],
      ['demo', '--scale', '0.01'],
    ]) {
      const path = join(workspace.dir, `new-${command[0]}`, 'store.db');
      expect((await runCli([...command, '--db', path])).code).toBe(0);
      expect([statSync(path).mode & 0o777, statSync(dirname(path)).mode & 0o777], command[0]).toEqual([
        0o600, 0o700,
      ]);
    }
  });

  it('a missing default store: the absolute path it looked for too', async () => {
    const run = await runCli(['status'], {}, undefined, workspace.dir);
    expectUsageLine(
      run,
      `no store at ./data/tamborrada.db (${workspace.dir}/data/tamborrada.db): check the path, or create it with \`tamborrada migrate --db ./data/tamborrada.db\``,
    );
  });

  it('migrate says whether it changed anything', async () => {
    const fresh = join(workspace.dir, 'fresh.db');
    expect(await runCli(['migrate', '--db', fresh])).toMatchObject({
      code: 0,
      stdout: `migrated sqlite:${fresh}\n`,
    });
    expect(await runCli(['migrate', '--db', fresh])).toMatchObject({
      code: 0,
      stdout: `sqlite:${fresh} is up to date: nothing changed\n`,
      stderr: '',
    });
  });

  it.skipIf(process.getuid?.() !== 0)(
    'a write by a user who may only read the file: the rights, exit code 2, nothing written',
    async () => {
      const readOnly = mkdtempSync(join(tmpdir(), 'tamborrada-ro-'));
      try {
        const path = join(readOnly, 'store.db');
        copyFileSync(workspace.dbPath, path);
        chmodSync(path, 0o644);
        chmodSync(readOnly, 0o755);
        const before = readFileSync(path);
        const run = await runCli(['updating', 'on', '--db', path], {}, { uid: 65534, gid: 65534 });
        expectUsageLine(run, `${path}: read-only for this user, and this command writes`);
        expect(readFileSync(path).equals(before)).toBe(true);
      } finally {
        rmSync(readOnly, { recursive: true, force: true });
      }
    },
  );
});
