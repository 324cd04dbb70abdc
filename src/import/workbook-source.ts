import type { CellObject, WorkSheet } from '@e965/xlsx';
import { ConfigError } from '../config/index.js';
import { ImportRejected } from './import-participants.js';
import { headerName, REQUIRED_COLUMNS, requiredColumns } from './list-header.js';
import type { RawParticipantRow } from './validate-rows.js';

/** A zip archive, as .xlsx and .ods files are. */
export function isZipArchive(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

/** An OLE compound file: the binary `.xls` of Excel 97–2003. */
export function isOldExcelFile(bytes: Uint8Array): boolean {
  return [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1].every((byte, at) => bytes[at] === byte);
}

/** How far below the first row that is not empty the header may be (a title, a note, a blank row). */
const HEADER_SEARCH_ROWS = 10;

const KINDS: Readonly<Record<string, string>> = {
  xlsx: 'Excel workbook (.xlsx)',
  ods: 'OpenDocument spreadsheet (.ods)',
};

/** A cell as the text a CSV export would hold; a number as its value (2025, not a formatted `2.025`). */
function cellText(cell: CellObject | null | undefined): string | undefined {
  if (cell === null || cell === undefined || cell.t === 'z' || cell.v === undefined) return cell?.w;
  if (cell.v instanceof Date) return cell.v.toISOString().slice(0, 10);
  return cell.t === 'e' ? (cell.w ?? '#ERROR') : String(cell.v);
}

/** The rows of one sheet (the first, or `sheet`), numbered as the spreadsheet does; SheetJS loaded only here. */
export async function parseParticipantWorkbook(
  bytes: Buffer,
  source: string,
  sheet?: string,
): Promise<{ rows: RawParticipantRow[]; read: string }> {
  const { read: readWorkbook } = await import('@e965/xlsx');
  const refused = (why: string) =>
    new ImportRejected([`${source}: ${why}: save it as .xlsx, .ods or CSV`, 'nothing was written']);
  let workbook;
  try {
    workbook = readWorkbook(bytes, {
      type: 'buffer',
      dense: true,
      sheets: sheet ?? 0,
      cellFormula: false,
      cellHTML: false,
      cellNF: false,
      cellStyles: false,
    });
  } catch (error) {
    throw refused(`not a workbook that can be read (${(error as Error).message})`);
  }
  const kind = KINDS[workbook.bookType ?? ''];
  if (kind === undefined)
    throw refused(`a ${workbook.bookType ?? 'zip'} file, not an .xlsx or .ods workbook`);
  const names = workbook.SheetNames;
  const sheetName = sheet ?? names[0];
  const worksheet: WorkSheet | undefined = sheetName === undefined ? undefined : workbook.Sheets[sheetName];
  if (worksheet === undefined || sheetName === undefined)
    throw new ConfigError(
      `--sheet '${sheet}': ${source} has no such sheet; its sheets: ${names.map((each) => `'${each}'`).join(', ')}`,
    );
  const others =
    names.length > 1 && sheet === undefined
      ? ` (the first of ${names.length}; --sheet NAME reads another)`
      : '';
  const read = `${kind}, sheet '${sheetName}'${others}`;
  const rows: RawParticipantRow[] = [];
  let columns: number[] | undefined;
  let first: { texts: (string | undefined)[]; line: number } | undefined;
  for (const [index, cells] of (worksheet['!data'] ?? []).entries()) {
    const texts = (cells ?? []).map(cellText);
    if (texts.every((text) => text === undefined || text.trim() === '')) continue;
    const line = index + 1;
    if (columns !== undefined) {
      const [name, school, year] = columns.map((at) => texts[at]);
      rows.push({ line, name, school, year });
      continue;
    }
    // The header: the first row naming the columns (a title may stand above it).
    first ??= { texts, line };
    const found = REQUIRED_COLUMNS.every((column) => texts.map(headerName).includes(column));
    if (found) columns = requiredColumns(texts, { source, line, read });
    else if (line - first.line >= HEADER_SEARCH_ROWS) break;
  }
  if (first === undefined)
    throw ImportRejected.at(
      source,
      1,
      `the sheet '${sheetName}' is empty: expected a header with name, school and year`,
    );
  if (columns === undefined) requiredColumns(first.texts, { source, line: first.line, read });
  return { rows, read };
}
