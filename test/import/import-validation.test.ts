import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFile } from '../../src/cli/commands/import-file.js';
import { ImportRejected } from '../../src/import/import-participants.js';
import {
  createWorkspace,
  csv,
  dumpAllTables,
  linesOf,
  runCli,
  storeFileHashes,
  type Workspace,
} from '../support/workspace.js';

const SCHOOL = 'Ikastola Txori Berri';

/** The lines an import was rejected with (fails the test when it was not rejected). */
async function rejection(file: string, workspace: Workspace): Promise<string[]> {
  const error = await importFile(file, workspace.location).then(
    (report) => new Error(`the import was accepted:\n${report}`),
    (error: unknown) => error,
  );
  if (!(error instanceof ImportRejected)) throw error;
  return error.lines;
}

describe('import validation: every bad row listed, nothing written', () => {
  let workspace: Workspace;
  let before: { hashes: Record<string, string>; dump: Record<string, unknown[]> };

  beforeAll(async () => {
    workspace = createWorkspace();
    const good = workspace.file(
      'good.csv',
      csv([
        'name,school,year',
        `Ane Garcia Lopez,${SCHOOL},2023`,
        `Jon Perez Ruiz,${SCHOOL},2024`,
        `Maria de la Fuente Perez,Colegio Santa Ana,2024`,
      ]),
    );
    await importFile(good, workspace.location, true);
    before = { hashes: storeFileHashes(workspace.dbPath), dump: dumpAllTables(workspace.dbPath) };
    // A closed SQLite store in WAL mode has no -wal file: its bytes are all in the main file.
    expect(before.hashes['store.db']).not.toBe('absent');
  });

  afterAll(() => workspace.remove());

  /** The store files are byte-for-byte as they were before the rejected import. */
  function expectUntouched(): void {
    expect(storeFileHashes(workspace.dbPath)).toEqual(before.hashes);
    expect(dumpAllTables(workspace.dbPath)).toEqual(before.dump);
  }

  it('lists each reason with the line where its row starts', async () => {
    const file = workspace.file(
      'reasons.csv',
      Buffer.concat([
        Buffer.from(
          csv([
            'name,school,year', // 1
            `Ane Garcia Lopez,${SCHOOL},2025`, // 2: good
            `,${SCHOOL},2025`, // 3
            `   ,${SCHOOL},2025`, // 4
            'Jon Perez Ruiz,,2025', // 5
            'Jon Perez Ruiz,  ,2025', // 6
            `Mikel Soto Ruiz,${SCHOOL},`, // 7
            `Iker Soto Lasa,${SCHOOL}`, // 8: the year column is missing altogether
            `Ane Ruiz Soto,${SCHOOL},25`, // 9
            `Ane Ruiz Soto,${SCHOOL},20255`, // 10
            `Ane Ruiz Soto,${SCHOOL},２０２５`, // 11: full-width digits
            `Ane Ruiz Soto,${SCHOOL},2025.0`, // 12
          ]),
        ),
        Buffer.from('Mik'), // 13: a Latin-1 byte, not UTF-8
        Buffer.from([0xe9]),
        Buffer.from(`l Soto Ruiz,${SCHOOL},2025\n`),
        Buffer.from(
          csv([
            `"\u0301\u0308",${SCHOOL},2025`, // 14: only combining marks
            `"\u0301 \u0327\t\u0303",${SCHOOL},2025`, // 15: marks and whitespace
            '"Ane', // 16: a quoted name over two lines…
            'Garcia Lopez",,2025', // 17 …reported on its first line
            `Jon Perez Ruiz,${SCHOOL},2025`, // 18: good
          ]),
        ),
      ]),
    );
    expect(await rejection(file, workspace)).toEqual([
      `${file}:3: missing name`,
      `${file}:4: missing name`,
      `${file}:5: missing school`,
      `${file}:6: missing school`,
      `${file}:7: missing year`,
      `${file}:8: missing year`,
      `${file}:9: year must be 4 digits, got '25'`,
      `${file}:10: year must be 4 digits, got '20255'`,
      `${file}:11: year must be 4 digits, got '２０２５'`,
      `${file}:12: year must be 4 digits, got '2025.0'`,
      `${file}:13: invalid UTF-8`,
      `${file}:14: name is empty after normalisation`,
      `${file}:15: name is empty after normalisation`,
      `${file}:16: missing school`,
      '14 bad row(s): nothing was written',
    ]);
    expectUntouched();
  });

  it('numbers lines the same way with CRLF line endings, a BOM and blank lines', async () => {
    const file = workspace.file(
      'crlf.csv',
      '\uFEFF' +
        csv(
          [
            'name,school,year',
            '',
            `"Ane\r\nGarcia Lopez",${SCHOOL},2025`, // 3-4
            '',
            `Jon Perez Ruiz,${SCHOOL},1x25`, // 6
          ],
          '\r\n',
        ),
    );
    expect(await rejection(file, workspace)).toEqual([
      `${file}:6: year must be 4 digits, got '1x25'`,
      '1 bad row(s): nothing was written',
    ]);
    expectUntouched();
  });

  // A file of UTF-8 (an accented name) with bytes that are not: UTF-8 gone wrong, its bad lines
  // refused (a file with no UTF-8 sequence at all is read as Windows-1252: import-files.test.ts).
  it('finds invalid UTF-8 anywhere in a quoted name over several lines', async () => {
    const file = workspace.file(
      'utf8-multiline.csv',
      Buffer.concat([
        Buffer.from(`name,school,year\nAne García López,${SCHOOL},2025\n"Jon `),
        Buffer.from([0xff, 0xfe]), // line 3, the first line of a two-line record
        Buffer.from(`\nPerez Ruiz",${SCHOOL},2025\n`),
      ]),
    );
    expect(await rejection(file, workspace)).toEqual([
      `${file}:3: invalid UTF-8`,
      '1 bad row(s): nothing was written',
    ]);
    expectUntouched();
  });

  it('refuses years outside the festival: from 1900 to the year after this one, by the clock', async () => {
    const nextYear = new Date().getFullYear() + 1;
    const range = `between 1900 and ${nextYear}`;
    const file = workspace.file(
      'years.csv',
      csv([
        'name,school,year',
        `Ane Garcia Lopez,${SCHOOL},0000`, // 2
        `Ane Garcia Lopez,${SCHOOL},0999`, // 3
        `Ane Garcia Lopez,${SCHOOL},1899`, // 4
        `Ane Garcia Lopez,${SCHOOL},1900`, // 5: good
        `Ane Garcia Lopez,${SCHOOL},${nextYear}`, // 6: good, a list may come early
        `Ane Garcia Lopez,${SCHOOL},${nextYear + 1}`, // 7
        `Ane Garcia Lopez,${SCHOOL},9999`, // 8
      ]),
    );
    expect(await rejection(file, workspace)).toEqual([
      `${file}:2: year must be ${range}, got '0000'`,
      `${file}:3: year must be ${range}, got '0999'`,
      `${file}:4: year must be ${range}, got '1899'`,
      `${file}:7: year must be ${range}, got '${nextYear + 1}'`,
      `${file}:8: year must be ${range}, got '9999'`,
      '5 bad row(s): nothing was written',
    ]);
    expectUntouched();
  });

  it('reports a row with more fields than the header as malformed, on its line', async () => {
    const file = workspace.file(
      'extra-field.csv',
      csv([
        'name,school,year',
        `Ane Garcia Lopez,${SCHOOL},2025`,
        `Jon Perez Ruiz,${SCHOOL},2025,extra`, // 3
        `Mikel Soto Ruiz,${SCHOOL},2025,`, // 4: an empty field is a field too
        `Iker Soto Lasa,${SCHOOL}`, // 5: a short row is missing its year
      ]),
    );
    expect(await rejection(file, workspace)).toEqual([
      `${file}:3: malformed CSV: 4 fields, but the header has 3`,
      `${file}:4: malformed CSV: 4 fields, but the header has 3`,
      `${file}:5: missing year`,
      '3 bad row(s): nothing was written',
    ]);
    expectUntouched();
  });

  it('rejects invalid UTF-8 in the header too', async () => {
    const file = workspace.file(
      'utf8-header.csv',
      Buffer.concat([
        Buffer.from('name,school,year,caf'),
        Buffer.from([0xe9]),
        Buffer.from(`\nAne García López,${SCHOOL},2025\n`),
      ]),
    );
    expect(await rejection(file, workspace)).toEqual([`${file}:1: invalid UTF-8`, 'nothing was written']);
    expectUntouched();
  });

  it.each([
    ['year', 'name,school,article_date', '3 columns: "name", "school", "article_date"'],
    ['school', 'name,colegio,year', '3 columns: "name", "colegio", "year"'],
    ['name, school, year', 'id,nombre,compania,ano', '4 columns: "id", "nombre", "compania", "ano"'],
  ])('reports a header without %s on line 1, with the header found', async (missing, header, found) => {
    const file = workspace.file('header.csv', csv([header, `Ane Garcia Lopez,${SCHOOL},2025`]));
    expect(await rejection(file, workspace)).toEqual([
      `${file}:1: the header lacks the column(s) ${missing}; found ${found} (read as CSV, UTF-8, separated by commas)`,
      'nothing was written',
    ]);
    expectUntouched();
  });

  it.each([
    ['a quote inside an unquoted name', `Jon "Txiki" Perez,${SCHOOL},2025`],
    ['text after a closing quote', `"Jon" Perez Ruiz,${SCHOOL},2025`],
    ['an opening quote never closed', `"Jon Perez Ruiz,${SCHOOL},2025`],
  ])('reports malformed quoting (%s) on its line', async (_title, badLine) => {
    const file = workspace.file(
      'quotes.csv',
      csv([
        'name,school,year',
        `Ane Garcia Lopez,${SCHOOL},2025`,
        '',
        badLine, // line 4
        `Mikel Soto Ruiz,${SCHOOL},2025`,
        `Iker Soto Lasa,${SCHOOL},2025`,
      ]),
    );
    const lines = await rejection(file, workspace);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(new RegExp(`^${escape(file)}:4: malformed CSV: \\S`));
    expect(lines[1]).toBe('nothing was written');
    expectUntouched();
  });

  it('refuses control characters in names and schools (whitespace in a name is normalised)', async () => {
    const file = workspace.file(
      'controls.csv',
      csv([
        'name,school,year',
        `"Ane\tGarcia Lopez",${SCHOOL},2025`, // 2: good, the tab becomes a space
        `Ane\u0000Garcia Lopez,${SCHOOL},2025`, // 3
        `Jon Perez\u001b[31m Ruiz,${SCHOOL},2025`, // 4
        `Mikel Soto Ruiz,Ikastola\u0000Txori,2025`, // 5
        `Mikel Soto Ruiz,"Ikastola\tTxori",2025`, // 6
        `Mikel Soto Ruiz,Ikastola Txori\u007f,2025`, // 7
        `Iker Soto Lasa,${SCHOOL}\u0085,2025`, // 8: NEL, a C1 control
      ]),
    );
    const run = await runCli(['import', file, '--db', workspace.dbPath]);
    expect([run.code, run.stdout]).toEqual([1, '']);
    expect(linesOf(run.stderr)).toEqual([
      `${file}:3: name contains a control character (U+0000)`,
      `${file}:4: name contains a control character (U+001B)`,
      `${file}:5: school contains a control character (U+0000)`,
      `${file}:6: school contains a control character (U+0009)`,
      `${file}:7: school contains a control character (U+007F)`,
      `${file}:8: school contains a control character (U+0085)`,
      '6 bad row(s): nothing was written',
    ]);
    expectUntouched();
  });

  it('lists the first 50 bad rows, then counts the rest', async () => {
    const rows = ['name,school,year'];
    // Distinct names of letters only: Aa, Ab, …
    const word = (i: number) => String.fromCharCode(65 + Math.floor(i / 26), 97 + (i % 26));
    for (let i = 0; i < 130; i++) rows.push(`Ane Garcia ${word(i)},${SCHOOL},${i % 2 === 0 ? 'x' : '2025'}`);
    const file = workspace.file('many.csv', csv(rows));
    const lines = await rejection(file, workspace);
    const badLines = Array.from({ length: 65 }, (_, i) => 2 + 2 * i);
    expect(lines.slice(0, 50)).toEqual(
      badLines.slice(0, 50).map((line) => `${file}:${line}: year must be 4 digits, got 'x'`),
    );
    expect(lines.slice(50)).toEqual(['… and 15 more bad rows', '65 bad row(s): nothing was written']);
    expectUntouched();
  });

  it('lists exactly 50 bad rows without a "more" line', async () => {
    const rows = ['name,school,year'];
    for (let i = 0; i < 50; i++) rows.push(`Ane Garcia Lopez ${i},,2025`);
    const file = workspace.file('fifty.csv', csv(rows));
    const lines = await rejection(file, workspace);
    expect(lines).toHaveLength(51);
    expect(lines[49]).toBe(`${file}:51: missing school`);
    expect(lines[50]).toBe('50 bad row(s): nothing was written');
    expectUntouched();
  });

  it('rejects a file with a header and no rows', async () => {
    const file = workspace.file('empty.csv', csv(['name,school,year']));
    expect(await rejection(file, workspace)).toEqual([`${file}: no participant rows: nothing was written`]);
    expectUntouched();
  });

  it('does not create a store that does not exist', async () => {
    const missing = createWorkspace();
    try {
      const file = missing.file('bad.csv', csv(['name,school,year', `,${SCHOOL},2025`]));
      // Without --create: the missing store is reported before the file is read.
      await expect(importFile(file, missing.location)).rejects.toThrow(`no store at ${missing.dbPath}`);
      // With it: a bad file still creates nothing.
      const error = await importFile(file, missing.location, true).then(
        () => undefined,
        (rejected: unknown) => rejected,
      );
      expect((error as ImportRejected).lines).toEqual([
        `${file}:2: missing name`,
        '1 bad row(s): nothing was written',
      ]);
      expect(existsSync(missing.dbPath)).toBe(false);
    } finally {
      missing.remove();
    }
  });

  it('the CLI prints the list on stderr, exits 1, writes nothing and shows no stack trace', async () => {
    const rows = ['name,school,year'];
    for (let i = 0; i < 55; i++) rows.push(`Ane Garcia Lopez,${SCHOOL},${i === 3 ? '2025' : ''}`);
    const file = workspace.file('cli.csv', csv(rows));
    const run = await runCli(['import', file, '--db', workspace.dbPath]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    const lines = linesOf(run.stderr);
    expect(lines).toHaveLength(52);
    expect(lines[0]).toBe(`${file}:2: missing year`);
    expect(lines[3]).toBe(`${file}:6: missing year`);
    expect(lines[49]).toBe(`${file}:52: missing year`);
    expect(lines.slice(50)).toEqual(['… and 4 more bad rows', '54 bad row(s): nothing was written']);
    expect(run.stderr).not.toContain('    at ');
    expectUntouched();
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
