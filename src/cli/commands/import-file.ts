import { ConfigError, type StoreLocation } from '../../config/index.js';
import { parseParticipantCsv } from '../../import/csv-source.js';
import { expectStore, importParticipants, ImportRejected } from '../../import/import-participants.js';
import { isOldExcelFile, isZipArchive, parseParticipantWorkbook } from '../../import/workbook-source.js';
import { readInputFile } from '../input-file.js';
import { withProgress } from '../progress.js';
import { formatImportReport, shortNamesWarning } from './import-report.js';

type ImportFileOptions = { encoding?: string; sheet?: string } & Omit<
  Parameters<typeof importParticipants>[3],
  'use' | 'expectedRows' | 'progress'
>;

async function readList(file: string, { encoding, sheet }: ImportFileOptions) {
  const bytes = readInputFile(file);
  if (isOldExcelFile(bytes))
    throw new ImportRejected([
      `${file}: an Excel 97–2003 (.xls) workbook: save it as .xlsx, .ods or CSV`,
      'nothing was written',
    ]);
  if (isZipArchive(bytes)) {
    if (encoding !== undefined)
      throw new ConfigError(`--encoding is for CSV files, and ${file} is a workbook`);
    return parseParticipantWorkbook(bytes, file, sheet);
  }
  if (sheet !== undefined)
    throw new ConfigError(`--sheet is for .xlsx and .ods workbooks, and ${file} is not one (read as CSV)`);
  return parseParticipantCsv(bytes, file, encoding);
}

/** `tamborrada import FILE`: nothing is written unless every row is valid and the list is new. */
export async function importFile(
  file: string,
  location: StoreLocation,
  create = false,
  options: ImportFileOptions = {},
): Promise<string> {
  const started = performance.now();
  const use = create ? 'create' : 'write';
  expectStore(location, use);
  const { encoding, sheet, ...importOptions } = options;
  const { report, read } = await withProgress(async (progress) => {
    progress.phase(`reading ${file}`);
    const { rows, read } = await readList(file, { encoding, sheet });
    const report = await importParticipants(file, rows, location, {
      use,
      expectedRows: rows.length,
      progress,
      ...importOptions,
    });
    return { report, read };
  });
  const warning = shortNamesWarning(file, report);
  if (warning !== undefined) console.error(warning);
  return formatImportReport(file, report, performance.now() - started, read);
}
