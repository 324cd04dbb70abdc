import { CsvFormatError, readParticipantCsv } from '../../import/csv-source.js';
import type { StoreLocation } from '../../config/index.js';
import { progress } from '../output.js';
import { expectStore, ImportRejected, importRows } from './import-participants.js';

/**
 * `tamborrada import FILE.csv`: nothing is written unless every row is valid. The store
 * must exist unless `create` (`--create`).
 */
export async function importFile(file: string, location: StoreLocation, create = false): Promise<string> {
  const use = create ? 'create' : 'write';
  expectStore(location, use);
  progress(`reading ${file}…`);
  let rows;
  try {
    rows = readParticipantCsv(file);
  } catch (error) {
    if (error instanceof CsvFormatError)
      throw new ImportRejected([`${file}:${error.line}: ${error.message}`, 'nothing was written']);
    throw error;
  }
  return importRows(file, rows, location, use);
}
