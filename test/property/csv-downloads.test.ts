/**
 * Downloads cannot be turned into weapons (OWASP's CSV injection): whatever text a cell
 * holds, the CSV the site offers, read back by a CSV reader, gives every cell as it was,
 * except that a cell a spreadsheet would run as a formula (its first visible character
 * `=`, `+`, `-`, `@`, a tab or a carriage return, after spaces and invisible characters)
 * starts with `'`; a cell holding a separator (`,` or `;`), a quote or a line break is
 * quoted, so a spreadsheet that splits on `;` reads the same cells; numbers stay numbers.
 */
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvAnswer, type CsvTable } from '../../src/web/open-data.js';

/** Separators, quotes, line breaks, formula triggers, spaces and invisible characters. */
const TRICKY = [
  ...[',', ';', '"', "'", '\n', '\r', '\r\n', '\t'],
  ...['=', '+', '-', '@', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20'],
  ...[
    ' ',
    '\u00A0',
    '\u2003',
    '\u3000',
    '\u200B',
    '\u200C',
    '\u200D',
    '\u2060',
    '\uFEFF',
    '\u202E',
    '\u00AD',
  ],
  ...['\u0000', '\u0007', '\u180E', '\u115F', '\u034F'],
  ...['x', 'Ane', '2+5', 'SUM(A1:A2)', 'HYPERLINK("http://x")', 'ñ', '€'],
];
const cellText = fc.string({
  unit: fc.oneof(fc.constantFrom(...TRICKY), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 })),
  maxLength: 12,
});

const TRIGGERS = new Set(['=', '+', '-', '@', '\t', '\r', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20']);
/**
 * What a spreadsheet reads first in a cell: the cell without the characters that show
 * nothing before it (spaces, control, format and other ignorable characters), tabs and
 * carriage returns kept, as they are triggers themselves.
 */
const firstVisible = (cell: string) =>
  [...cell].find(
    (character) =>
      TRIGGERS.has(character) || !/[\s\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]/u.test(character),
  );

interface ReadCell {
  value: string;
  quoted: boolean;
}

/** The CSV file a table downloads as, read back as text by a CSV reader splitting on `delimiter`. */
function readBack(table: CsvTable<string>, delimiter = ','): ReadCell[][] {
  const bytes = csvAnswer(table).identity.body;
  return parse(bytes, {
    bom: true,
    delimiter,
    relax_column_count: true,
    cast: (value, context) => ({ value, quoted: context.quoting }),
  }) as unknown as ReadCell[][];
}

const written = (cell: string | number): string => {
  if (typeof cell === 'number') return String(cell);
  return TRIGGERS.has(firstVisible(cell) ?? '') ? `'${cell}` : cell;
};

describe('CSV downloads', () => {
  it('every cell reads back as written, formulas neutralised, separators, quotes and line breaks quoted', () => {
    const tables = fc.record({
      columns: fc.array(cellText, { minLength: 1, maxLength: 3 }),
      cells: fc.array(
        fc.array(fc.oneof(cellText, fc.integer({ min: -5, max: 5000 })), { minLength: 3, maxLength: 3 }),
        {
          maxLength: 6,
        },
      ),
    });
    fc.assert(
      fc.property(tables, ({ columns, cells }) => {
        const rows = cells.map((row) => row.slice(0, columns.length));
        const read = readBack({ columns, rows });
        expect(read.map((row) => row.map((cell) => cell.value))).toEqual(
          [columns, ...rows].map((row) => row.map(written)),
        );
        const sources = [columns, ...rows].flat();
        for (const [i, cell] of read.flat().entries()) {
          // A number is read as a number: `-1` is no formula.
          if (typeof sources[i] === 'number') continue;
          const first = firstVisible(cell.value);
          if (first !== undefined && TRIGGERS.has(first)) expect(cell.value.startsWith("'")).toBe(true);
          if (/[,;"\r\n]/.test(cell.value)) expect(cell.quoted, JSON.stringify(cell.value)).toBe(true);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('a spreadsheet splitting on `;` reads the same cells', () => {
    fc.assert(
      fc.property(fc.array(cellText, { minLength: 1, maxLength: 6 }), (cells) => {
        const table = { columns: ['nombre'], rows: cells.map((cell) => [cell]) };
        const values = (rows: ReadCell[][]) => rows.map((row) => row.map((cell) => cell.value));
        expect(values(readBack(table, ';'))).toEqual(values(readBack(table)));
      }),
      { numRuns: 1000 },
    );
  });

  it('`x;=2+5` is one quoted cell; a formula behind a zero-width character or spaces is neutralised', () => {
    const table: CsvTable<string> = {
      columns: ['compañía', 'participantes'],
      rows: [
        ['x;=2+5', 3],
        ['\u200B=2+5', -1],
        ['  @SUM(A1:A2)', 0],
        ['\uFEFF\u2060+1', 1],
        ['Ikastola Alfa', 12],
      ],
    };
    const text = csvAnswer(table).identity.body.toString('utf8');
    expect(text.split('\r\n')).toEqual([
      '\uFEFFcompañía,participantes',
      '"x;=2+5",3',
      "'\u200B=2+5,-1",
      "'  @SUM(A1:A2),0",
      "'\uFEFF\u2060+1,1",
      'Ikastola Alfa,12',
      '',
    ]);
  });
});
