import { setImmediate } from 'node:timers/promises';
import type { PreparedResponse } from '../answer/answer.js';
import { LOCALES } from './locale.js';
import { csvBytes } from './open-data.js';
import { compressedFile, pendingFile } from './page-answer.js';
import { sheetJs, workbookOf, xlsxBytes } from './spreadsheet.js';
import { workbookAbout } from './model-files.js';
import { OPEN_DATA_PATHS } from './page-meta.js';
import type { SiteContext } from './site-context.js';
import type { PublishedFiles } from './data-package.js';

/**
 * `/datos/tamborradata.zip`: the data package offline (descriptor, schemas, each CSV file and its workbook),
 * made in the background a few files per turn, as hundreds of workbooks take seconds: a 503 until ready.
 */

export const ARCHIVE_FILE = 'tamborradata.zip';

/** The ZIP writer of SheetJS's container library (CFB), which it writes workbooks with; untyped there. */
interface ZipWriter {
  utils: {
    cfb_new(): object;
    cfb_add(container: object, name: string, content: Buffer, options: { unsafe: true; mt?: Date }): void;
    /** Indexes what was added unchecked (checking each addition makes adding quadratic). */
    cfb_gc(container: object): void;
  };
  write(container: object, options: { fileType: 'zip'; type: 'buffer'; compression: true }): Buffer;
}

/** How many CSV files (and their workbooks) are made per turn of the event loop. */
const FILES_PER_TURN = 8;

/** What the archive holds besides the CSV files and their workbooks, as served: the descriptor and the schemas. */
export interface ArchiveParts {
  published: PublishedFiles;
  dataPackage: PreparedResponse;
  schemas: ReadonlyMap<string, PreparedResponse>;
}

const DATA_PACKAGE_FILE = OPEN_DATA_PATHS.dataPackage.split('/').at(-1)!;

/** The archive's bytes: the descriptor and schemas first, then each CSV file beside its workbook. */
async function archiveBytes(site: SiteContext, { published, dataPackage, schemas }: ArchiveParts) {
  const zipWriter = sheetJs().CFB as ZipWriter;
  const container = zipWriter.utils.cfb_new();
  // Each file dated with the data's day (else none): the same data gives the same archive.
  const { date } = published;
  const options = { unsafe: true, ...(date !== undefined && { mt: new Date(`${date}T00:00:00Z`) }) } as const;
  const add = (name: string, bytes: Buffer) => zipWriter.utils.cfb_add(container, name, bytes, options);
  const bodyOf = (answer: PreparedResponse) => answer.identity.body as Buffer;
  add(DATA_PACKAGE_FILE, bodyOf(dataPackage));
  for (const [name, schema] of schemas) add(name, bodyOf(schema));
  for (const [i, file] of published.files.entries()) {
    if (i % FILES_PER_TURN === 0) await setImmediate();
    const table = file.table();
    add(file.file, csvBytes(table));
    const workbook = workbookOf(table, LOCALES.es.texts, workbookAbout(site, file.file));
    add(file.file.replace(/\.csv$/, '.xlsx'), xlsxBytes(workbook));
  }
  zipWriter.utils.cfb_gc(container);
  return zipWriter.write(container, { fileType: 'zip', type: 'buffer', compression: true });
}

const PENDING = pendingFile('application/zip');

/** The archive's answer: a 503 until made (the first call starts making it), then the archive, already deflated. */
export function archiveAnswer(site: SiteContext, parts: () => ArchiveParts): () => PreparedResponse {
  let made: PreparedResponse | undefined;
  let started = false;
  return () => {
    if (made !== undefined) return made;
    if (!started) {
      started = true;
      archiveBytes(site, parts()).then(
        (bytes) => void (made = compressedFile(bytes, 'application/zip')),
        // Asked again, it is made again.
        () => void (started = false),
      );
    }
    return PENDING;
  };
}
