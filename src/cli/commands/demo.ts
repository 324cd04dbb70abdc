import type { StoreLocation } from '../../config/index.js';
import { GLOBAL_YEAR } from '../../domain/categories.js';
import { DEMO_YEAR_TOTALS, generateDemoRows, type DemoOptions } from '../../demo/index.js';
import { importParticipants } from '../../import/import-participants.js';
import type { RawParticipantRow } from '../../import/validate-rows.js';
import { openWriteStore, sqliteFileExists, StoreNotMigratedError } from '../../store/open-store.js';
import type { YearStatus } from '../../store/store.js';
import { formatCount } from '../output.js';
import { createProgress } from '../progress.js';
import { formatImportReport } from './import-report.js';

/** The source noted for the years `demo` loads: `demo(seed=1, scale=1)`. */
const DEMO_SOURCE_PREFIX = 'demo(';

/** `demo` would replace (or mix fictional children into) lists that it did not load itself. */
export class DemoRefused extends Error {}

/** The years whose participants were not loaded by `demo` (imported lists, plain SQL, older versions). */
export function listsNotFromDemo(statuses: readonly YearStatus[]): YearStatus[] {
  return statuses.filter(
    (status) =>
      status.year !== GLOBAL_YEAR &&
      status.participants > 0 &&
      !status.source?.startsWith(DEMO_SOURCE_PREFIX),
  );
}

/** Refuses unless the store is empty, missing or demo-only. */
async function expectDemoOnly(location: StoreLocation): Promise<void> {
  if (location.engine === 'sqlite' && !sqliteFileExists(location.path, 'create')) return;
  let store;
  try {
    store = await openWriteStore(location, 'read');
  } catch (error) {
    // Nothing of ours to replace: the import says whether it can migrate the store.
    if (error instanceof StoreNotMigratedError) return;
    throw error;
  }
  try {
    const others = listsNotFromDemo(await store.readYearStatuses());
    if (others.length === 0) return;
    const described = others.map(
      (status) =>
        `${status.year} (${formatCount(status.participants)} participant${status.participants === 1 ? '' : 's'}, ${status.source === null ? 'source unknown' : `from ${status.source}`})`,
    );
    throw new DemoRefused(
      `the store holds lists that \`demo\` did not load: ${described.join(', ')}; ` +
        'demo would replace them or mix fictional children with them. Nothing was written; add --force to do it anyway',
    );
  } finally {
    await store.close();
  }
}

/** The demo rows, numbered as the lines of an equivalent CSV file (header on line 1). */
function* demoRows(options: DemoOptions): Generator<RawParticipantRow> {
  let line = 1;
  for (const row of generateDemoRows(options)) yield { line: ++line, ...row };
}

/**
 * `tamborrada demo`: fictional participants loaded through the import path (creating the
 * store if needed); refused on a store holding other lists unless `force`.
 */
export async function loadDemo(
  options: DemoOptions,
  location: StoreLocation,
  force = false,
): Promise<string> {
  if (!force) await expectDemoOnly(location);
  const started = performance.now();
  const source = `${DEMO_SOURCE_PREFIX}seed=${options.seed}, scale=${options.scale})`;
  // The yearly totals before their small jitter: close enough for the time left.
  const expectedRows = Math.round(
    Object.values(DEMO_YEAR_TOTALS).reduce((sum, total) => sum + total, 0) * options.scale,
  );
  const progress = createProgress();
  try {
    const report = await importParticipants(source, demoRows(options), location, {
      use: 'create',
      expectedRows,
      progress,
    });
    return formatImportReport(source, report, performance.now() - started);
  } finally {
    progress.end();
  }
}
