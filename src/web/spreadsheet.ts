import { createRequire } from 'node:module';
import type * as SheetJsModule from '@e965/xlsx';
import type { WorkBook } from '@e965/xlsx';
import type { PreparedResponse } from '../answer/answer.js';
import { ORIGINAL_WORK_URL } from './layout.js';
import type { CsvTable } from './open-data.js';
import { compressedFile } from './page-answer.js';
import { LICENCE_ID } from './page-meta.js';
import type { Texts } from './texts/es.js';

/**
 * A CSV file's table as an Excel workbook (SheetJS, which the import reads with), typed so that a spreadsheet in
 * any locale reads `4.03` as a number, with a licence sheet; the CSV stays the canonical file.
 */

let loaded: typeof SheetJsModule | undefined;
/** SheetJS, loaded when the first workbook is made: most servers never make one, and loading it costs a few MB resident. */
export const sheetJs = () =>
  (loaded ??= createRequire(import.meta.url)('@e965/xlsx') as typeof SheetJsModule);

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Where the workbook's data comes from and under which terms. */
export interface WorkbookAbout {
  /** Its CSV file's name (`2024-topNames.csv`): the sheet's title and the canonical file. */
  file: string;
  /** The CSV file's absolute address. */
  source: string;
  /** The day the statistics were last computed, when the store says. */
  date: string | undefined;
}

/** The licence sheet's rows: what, under which licence, whose work, from where. */
function licenceRows(texts: Texts, about: WorkbookAbout): string[][] {
  const words = texts.openData.workbook;
  return [
    [words.dataset, texts.meta.datasetName],
    [words.licence, `${texts.openData.licenceName} (${LICENCE_ID})`],
    [words.attribution, `${texts.openData.originalWork} (${ORIGINAL_WORK_URL})`],
    [words.source, about.source],
    ...(about.date === undefined ? [] : [[words.date, about.date]]),
  ];
}

/** The workbook of a table: its data sheet and its licence sheet, in the catalogue's language. */
export function workbookOf(table: CsvTable, texts: Texts, about: WorkbookAbout): WorkBook {
  const { utils } = sheetJs();
  const book = utils.book_new();
  // An empty cell (a withheld edition) stays empty: no text where a number would be.
  const rows = table.rows.map((row) => row.map((cell) => (cell === '' ? null : cell)));
  utils.book_append_sheet(
    book,
    utils.aoa_to_sheet([[...table.columns], ...rows]),
    texts.openData.workbook.data,
  );
  utils.book_append_sheet(book, utils.aoa_to_sheet(licenceRows(texts, about)), texts.openData.workbook.about);
  book.Props = {
    Title: about.file,
    Subject: texts.meta.datasetName,
    Author: texts.siteName,
    Company: texts.openData.originalWork,
    Comments: licenceRows(texts, about)
      .map((row) => row.join(': '))
      .join('\n'),
    Keywords: texts.openData.licenceName,
  };
  return book;
}

/** A workbook's bytes (no creation time written: the same table gives the same bytes). */
export const xlsxBytes = (book: WorkBook): Buffer =>
  sheetJs().write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;

/** `/datos/{name}.xlsx`: already deflated, so served as it is. */
export function xlsxAnswer(table: CsvTable, texts: Texts, about: WorkbookAbout): PreparedResponse {
  return compressedFile(xlsxBytes(workbookOf(table, texts, about)), XLSX_CONTENT_TYPE);
}
