/**
 * The files operators have, through the real built CLI: CSV exports of a
 * spreadsheet in a Spanish locale (semicolons, Windows-1252), Excel's "Unicode text"
 * (UTF-16, tabs), UTF-8 with a BOM, and .xlsx and .ods workbooks made here with SheetJS;
 * names refused for their characters or length; `--dry-run`, which writes
 * nothing; and a list the store holds already, which writes nothing and leaves the
 * servers alone. Fictional names only.
 */
import { existsSync, readdirSync } from 'node:fs';
import { utils, write } from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually.js';
import { freePort, startServe, type ServeProcess } from '../support/raw-http.js';
import {
  createWorkspace,
  linesOf,
  query,
  runCli,
  storeFileHashes,
  type CliRun,
  type Workspace,
} from '../support/workspace.js';

const HEADER = ['name', 'school', 'year'];
const LIST = [
  ['Ane García Núñez', 'Colegio Nuestra Señora del Faro', '2026'],
  ['Iñigo Muñoz Ibarra', 'Ikastola Txori Berri', '2026'],
  ["Zoë O'Neill-Etxeberria Soto", 'Colegio Nuestra Señora del Faro', '2026'],
];
/** The participants stored from LIST: names without diacritics, schools as written. */
const STORED = [
  { name: 'Ane Garcia Nunez', school: 'Colegio Nuestra Señora del Faro', year: 2026 },
  { name: 'Inigo Munoz Ibarra', school: 'Ikastola Txori Berri', year: 2026 },
  { name: "Zoe O'Neill-Etxeberria Soto", school: 'Colegio Nuestra Señora del Faro', year: 2026 },
];

const text = (separator: string, eol = '\r\n') =>
  [HEADER, ...LIST].map((row) => row.join(separator)).join(eol) + eol;

/** A workbook of one or more sheets, as Excel (`xlsx`) or LibreOffice (`ods`) writes it. */
function workbook(bookType: 'xlsx' | 'ods', sheets: Record<string, unknown[][]>): Buffer {
  const book = utils.book_new();
  for (const [name, rows] of Object.entries(sheets))
    utils.book_append_sheet(book, utils.aoa_to_sheet(rows), name);
  return write(book, { type: 'buffer', bookType }) as Buffer;
}

const stored = (dbPath: string) =>
  query<{ name: string; school: string; year: number }>(
    dbPath,
    'SELECT name, school, year FROM participants ORDER BY name',
  );

function expectImported(run: CliRun, read: string): void {
  expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
  expect(linesOf(run.stdout)[1]).toMatch(new RegExp(`^ {2}read +${read.replace(/[().]/g, '\\$&')}$`));
}

describe('the files a spreadsheet exports', () => {
  let workspace: Workspace;
  beforeAll(() => {
    workspace = createWorkspace();
  });
  afterAll(() => workspace?.remove());

  it.each([
    [
      'a Spanish-locale CSV: semicolons, Windows-1252',
      Buffer.from(text(';'), 'latin1'),
      'CSV, Windows-1252 (detected: not UTF-8), separated by semicolons',
    ],
    [
      'CSV UTF-8 (Excel): a BOM, semicolons',
      Buffer.from(`\ufeff${text(';')}`),
      'CSV, UTF-8 with a BOM, separated by semicolons',
    ],
    [
      "Excel's Unicode text: UTF-16LE, tabs",
      Buffer.from(`\ufeff${text('\t')}`, 'utf16le'),
      'CSV, UTF-16LE (BOM), separated by tabs',
    ],
    [
      'UTF-16BE, commas',
      Buffer.from(`\ufeff${text(',')}`, 'utf16le').swap16(),
      'CSV, UTF-16BE (BOM), separated by commas',
    ],
    ['UTF-8, tabs, LF', Buffer.from(text('\t', '\n')), 'CSV, UTF-8, separated by tabs'],
  ])('%s: imported, and the report says how it was read', async (label, bytes, read) => {
    const dbPath = `${workspace.dir}/${label.replace(/\W+/g, '-')}.db`;
    const file = workspace.file(`${label.replace(/\W+/g, '-')}.csv`, bytes);
    expectImported(await runCli(['import', file, '--create', '--db', dbPath]), read);
    expect(stored(dbPath)).toEqual(STORED);
  });

  it('--encoding names the encoding instead', async () => {
    const dbPath = `${workspace.dir}/named.db`;
    const file = workspace.file('named.csv', Buffer.from(text(';'), 'latin1'));
    const run = await runCli(['import', file, '--create', '--encoding', 'iso-8859-1', '--db', dbPath]);
    expectImported(run, 'CSV, windows-1252 (--encoding), separated by semicolons');
    expect(stored(dbPath)).toEqual(STORED);
  });

  it('a header without the columns: refused, showing the header found and how it was read', async () => {
    const file = workspace.file(
      'spanish-header.csv',
      Buffer.from('nombre;colegio;año\r\nAne García Núñez;Colegio;2026\r\n', 'latin1'),
    );
    const run = await runCli(['import', file, '--create', '--db', `${workspace.dir}/header.db`]);
    expect(run).toMatchObject({
      code: 1,
      stdout: '',
      stderr:
        `${file}:1: the header lacks the column(s) name, school, year; found 3 columns: "nombre", "colegio", "año" ` +
        '(read as CSV, Windows-1252 (detected: not UTF-8), separated by semicolons)\nnothing was written\n',
    });
  });

  it.each(['xlsx', 'ods'] as const)(
    'a .%s workbook: the first sheet, or --sheet; rows numbered as the sheet numbers them',
    async (kind) => {
      const dbPath = `${workspace.dir}/workbook-${kind}.db`;
      const file = workspace.file(
        `lista.${kind}`,
        workbook(kind, {
          Hoja1: [
            ['Participantes 2026'],
            [],
            ['id', ...HEADER],
            ...LIST.map((row, i) => [i + 1, row[0], row[1], 2026]),
          ],
          'Lista 2025': [
            HEADER,
            ['Ane García Núñez', 'Colegio Nuestra Señora del Faro', 2025],
            ['Jon Pérez 3', 'Ikastola Txori Berri', 2025],
          ],
        }),
      );
      const name = kind === 'xlsx' ? 'Excel workbook (.xlsx)' : 'OpenDocument spreadsheet (.ods)';
      expectImported(
        await runCli(['import', file, '--create', '--db', dbPath]),
        `${name}, sheet 'Hoja1' (the first of 2; --sheet NAME reads another)`,
      );
      expect(stored(dbPath)).toEqual(STORED);
      expect(await runCli(['import', file, '--sheet', 'Lista 2025', '--db', dbPath])).toMatchObject({
        code: 1,
        stderr:
          `${file}:3: name contains '3', which no name has (letters, spaces, apostrophes, hyphens, dots and commas only)\n` +
          '1 bad row(s): nothing was written\n',
      });
      expect(await runCli(['import', file, '--sheet', 'Hoja9', '--db', dbPath])).toMatchObject({
        code: 2,
        stderr: `tamborrada: error: --sheet 'Hoja9': ${file} has no such sheet; its sheets: 'Hoja1', 'Lista 2025'\n`,
      });
      expect((await runCli(['import', file, '--encoding', 'utf-8', '--db', dbPath])).code).toBe(2);
    },
  );

  it('an Excel 97–2003 file, and --sheet on a CSV file: said in one line', async () => {
    const xls = workspace.file(
      'old.xls',
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]),
    );
    expect(await runCli(['import', xls, '--create', '--db', `${workspace.dir}/x.db`])).toMatchObject({
      code: 1,
      stderr: `${xls}: an Excel 97–2003 (.xls) workbook: save it as .xlsx, .ods or CSV\nnothing was written\n`,
    });
    const csvFile = workspace.file('plain.csv', text(','));
    expect(
      await runCli(['import', csvFile, '--sheet', 'Hoja1', '--create', '--db', `${workspace.dir}/x.db`]),
    ).toMatchObject({
      code: 2,
      stderr: `tamborrada: error: --sheet is for .xlsx and .ods workbooks, and ${csvFile} is not one (read as CSV)\n`,
    });
    expect(existsSync(`${workspace.dir}/x.db`)).toBe(false);
  });

  it('names no name has, and names and schools past their limits: each line and reason, nothing written', async () => {
    const file = workspace.file(
      'bad-names.csv',
      [
        'name,school,year',
        'Ane Garcia Lopez,Ikastola Txori Berri,2026', // 2: good
        'Jon Perez Ruiz 2,Ikastola Txori Berri,2026', // 3
        '=1+2 Ruiz Soto,Ikastola Txori Berri,2026', // 4
        'ane@example.org Ruiz Soto,Ikastola Txori Berri,2026', // 5
        `Mikel ${'a'.repeat(100)} Soto,Ikastola Txori Berri,2026`, // 6
        `Nora Lasa Arana,Ikastola ${'b'.repeat(150)},2026`, // 7
      ].join('\n'),
    );
    const run = await runCli(['import', file, '--create', '--db', `${workspace.dir}/bad.db`]);
    const only = '(letters, spaces, apostrophes, hyphens, dots and commas only)';
    expect(run).toMatchObject({
      code: 1,
      stdout: '',
      stderr: [
        `${file}:3: name contains '2', which no name has ${only}`,
        `${file}:4: name contains '=', which no name has ${only}`,
        `${file}:5: name contains '@', which no name has ${only}`,
        `${file}:6: name has 111 characters; at most 100 are allowed (MAX_NAME_LENGTH)`,
        `${file}:7: school has 159 characters; at most 150 are allowed (MAX_SCHOOL_LENGTH)`,
        '5 bad row(s): nothing was written',
        '',
      ].join('\n'),
    });
    expect(existsSync(`${workspace.dir}/bad.db`)).toBe(false);
    // The limits are settings.
    const longer = await runCli(['import', file, '--create', '--db', `${workspace.dir}/bad.db`], {
      MAX_NAME_LENGTH: '120',
      MAX_SCHOOL_LENGTH: '200',
    });
    expect(linesOf(longer.stderr).at(-1)).toBe('3 bad row(s): nothing was written');
    expect(
      (await runCli(['import', file, '--db', `${workspace.dir}/bad.db`], { MAX_NAME_LENGTH: 'long' })).stderr,
    ).toBe("tamborrada: error: MAX_NAME_LENGTH must be a positive integer, got 'long'\n");
  });
});

describe('import --dry-run, and a list the store holds already', () => {
  let workspace: Workspace;
  let serve: ServeProcess | undefined;
  const SCHOOL = 'Ikastola Txori Berri';
  const LIST_2025 = [
    'name,school,year',
    `Ane Garcia Lopez,${SCHOOL},2025`,
    `Jon Perez Ruiz,${SCHOOL},2025`,
    `Mikel Soto Ruiz,Colegio Santa Ana,2025`,
  ];

  beforeAll(async () => {
    workspace = createWorkspace();
    const run = await runCli([
      'import',
      workspace.file('2025.csv', LIST_2025.join('\n')),
      '--create',
      '--db',
      workspace.dbPath,
    ]);
    expect(run.code, run.stderr).toBe(0);
  });
  afterAll(() => {
    serve?.kill();
    workspace?.remove();
  });

  it('says per year what would change, warns of short names, and writes nothing', async () => {
    const file = workspace.file(
      'next.csv',
      [
        'name,school,year',
        `Ane Garcia Lopez,${SCHOOL},2025`, // kept
        `Iker Lasa Arana,Colegio Santa Ana,2025`, // added; Jon and Mikel removed
        `Nora Eguren,Escuela Nueva,2026`, // 4: a new year, a new school, two parts
        `Ane Garcia Lopez,${SCHOOL},2026`,
      ].join('\n'),
    );
    const before = storeFileHashes(workspace.dbPath);
    const run = await runCli(['import', file, '--dry-run', '--db', workspace.dbPath]);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe(
      `tamborrada: warning: ${file}: 1 name has fewer than three parts (line 4): the participant search (three parts at least) can never find it\n`,
    );
    expect(linesOf(run.stdout).map((line) => line.replace(/ {2,}/g, '  '))).toEqual([
      `would import ${file} into sqlite:${workspace.dbPath}`,
      '  read  CSV, UTF-8, separated by commas',
      '  rows read  4',
      '  duplicates  0',
      '  2025 children  1 added, 2 removed, 1 kept',
      `  2025 schools  2, the same as the stored 2025`,
      '  2025 short names  0 with fewer than three parts',
      '  2026 children  2 added, 0 removed, 0 kept (a year not stored yet)',
      `  2026 schools  2; against 2025: new 1 (Escuela Nueva), gone 1 (Colegio Santa Ana)`,
      '  2026 short names  1 with fewer than three parts',
      'dry run: nothing was written',
    ]);
    // Not a byte written, nothing left beside the store.
    expect(storeFileHashes(workspace.dbPath)).toEqual(before);
    expect(readdirSync(workspace.dir).filter((name) => name.startsWith('store.db'))).toEqual(['store.db']);
  });

  it('an identical list writes nothing, says so, and no running server rebuilds', async () => {
    const metricsPort = await freePort();
    serve = await startServe(['--db', workspace.dbPath], {
      POLL_INTERVAL_MS: '100',
      METRICS_PORT: String(metricsPort),
    });
    const version = async () =>
      Number(
        /^tamborrada_read_model_version (\d+)$/m.exec(
          await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text(),
        )?.[1],
      );
    const counter = () => query(workspace.dbPath, 'SELECT part, version FROM tamborrada_changes');
    await eventually(async () => (await version()) >= 1);
    const [served, counted] = [await version(), counter()];
    const file = workspace.file('2025-again.csv', LIST_2025.join('\r\n'));
    expect((await runCli(['import', file, '--dry-run', '--db', workspace.dbPath])).stdout).toMatch(
      /dry run: nothing was written; the store holds these lists already, so importing would change nothing\n$/,
    );
    const run = await runCli(['import', file, '--db', workspace.dbPath]);
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
    expect(linesOf(run.stdout)[0]).toBe(
      `${file}: sqlite:${workspace.dbPath} holds these lists already (2025, published): nothing changed`,
    );
    expect(counter()).toEqual(counted);
    // Ten polls later the server still serves the model it had.
    await new Promise((wait) => setTimeout(wait, 1000));
    expect(await version()).toBe(served);
    // A changed list is imported and followed, as ever.
    const changed = workspace.file(
      '2025-changed.csv',
      [...LIST_2025, `Nora Eguren Ibarra,${SCHOOL},2025`].join('\n'),
    );
    expect(linesOf((await runCli(['import', changed, '--db', workspace.dbPath])).stdout)[0]).toMatch(
      /^imported /,
    );
    await eventually(async () => (await version()) > served);
    // The same list under another small-count rule is computed again, and only once.
    const ruled = (k: string) =>
      runCli(['import', changed, '--min-published-count', k, '--db', workspace.dbPath]);
    expect(linesOf((await ruled('2')).stdout)[0]).toMatch(/^imported /);
    expect(linesOf((await ruled('2')).stdout)[0]).toMatch(/nothing changed$/);
  });
});
