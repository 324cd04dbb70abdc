import type { StoreLocation } from '../../config/index.js';
import { parseParticipantCsv } from '../../import/csv-source.js';
import { expectStore, importParticipants } from '../../import/import-participants.js';
import { readInputFile } from '../input-file.js';
import { withProgress } from '../progress.js';
import { formatImportReport } from './import-report.js';

/**
 * `tamborrada import FILE.csv`: nothing is written unless every row is valid. The store
 * must exist unless `create` (`--create`).
 */
export async function importFile(
  file: string,
  location: StoreLocation,
  create = false,
  /** The small-count rule's `k`; `undefined`: the one in force. */
  minPublishedCount?: number,
): Promise<string> {
  const started = performance.now();
  const use = create ? 'create' : 'write';
  expectStore(location, use);
  return withProgress(async (progress) => {
    progress.phase(`reading ${file}`);
    const rows = parseParticipantCsv(readInputFile(file), file);
    const report = await importParticipants(file, rows, location, {
      use,
      expectedRows: rows.length,
      progress,
      minPublishedCount,
    });
    return formatImportReport(file, report, performance.now() - started);
  });
}
