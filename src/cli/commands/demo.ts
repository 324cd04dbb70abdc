import type { StoreLocation } from '../../config/index.js';
import { GLOBAL_YEAR } from '../../domain/categories.js';
import {
  DEMO_CATCH_ALL_BASQUE,
  DEMO_CATCH_ALL_SCHOOL,
  DEMO_YEAR_TOTALS,
  generateDemoRows,
  type DemoOptions,
} from '../../demo/index.js';
import { importParticipants } from '../../import/import-participants.js';
import type { RawParticipantRow } from '../../import/validate-rows.js';
import { sqliteFileExists, StoreNotMigratedError } from '../../store/open-store.js';
import { plural } from '../output.js';
import { withProgress } from '../progress.js';
import { withStore } from './with-store.js';
import { formatImportReport } from './import-report.js';

/** `demo` would replace, or mix fictional children into, lists it did not load. */
export class DemoRefused extends Error {}

/** Refuses unless the store is empty, missing or demo-only, naming the other years. */
async function expectDemoOnly(location: StoreLocation): Promise<void> {
  if (location.engine === 'sqlite' && !sqliteFileExists(location.path, 'create')) return;
  const statuses = await withStore(location, 'read', (store) => store.readYearStatuses()).catch((error) => {
    // Not migrated: nothing to replace, and the import says whether it can migrate it.
    if (error instanceof StoreNotMigratedError) return [];
    throw error;
  });
  const others = statuses.filter(
    (status) => status.year !== GLOBAL_YEAR && status.participants > 0 && !status.source?.startsWith('demo('),
  );
  if (others.length === 0) return;
  const described = others.map(
    (status) =>
      `${status.year} (${plural(status.participants, 'participant', 'participants')}, ${status.source === null ? 'source unknown' : `from ${status.source}`})`,
  );
  throw new DemoRefused(
    `the store holds lists that \`demo\` did not load: ${described.join(', ')}; ` +
      'demo would replace them or mix fictional children with them. Nothing was written; add --force to do it anyway',
  );
}

function* numbered(options: DemoOptions): Generator<RawParticipantRow> {
  let line = 1;
  for (const row of generateDemoRows(options)) yield { line: ++line, ...row };
}

/** `tamborrada demo`: through the import path, rows numbered as the lines of a CSV file. */
export async function loadDemo(
  options: DemoOptions,
  location: StoreLocation,
  force = false,
  minPublishedCount?: number,
): Promise<string> {
  if (!force) await expectDemoOnly(location);
  const started = performance.now();
  const source = `demo(seed=${options.seed}, scale=${options.scale})`;
  // The yearly totals before their small jitter: close enough for the time left.
  const expectedRows = Math.round(Object.values(DEMO_YEAR_TOTALS).reduce((a, b) => a + b, 0) * options.scale);
  return withProgress(async (progress) => {
    const report = await importParticipants(source, numbered(options), location, {
      use: 'create',
      expectedRows,
      progress,
      minPublishedCount,
    });
    await nameCatchAllInBasque(location);
    return formatImportReport(source, report, performance.now() - started);
  });
}

/** The catch-all gets its Basque name, as an operator gives a real list's, unless it has one. */
async function nameCatchAllInBasque(location: StoreLocation): Promise<void> {
  await withStore(location, 'write', async (store) => {
    const labels = await store.readSchoolLabels();
    if (labels.some((one) => one.school === DEMO_CATCH_ALL_SCHOOL && one.lang === 'eu')) return;
    await store.transaction((tx) => tx.setSchoolLabel(DEMO_CATCH_ALL_SCHOOL, 'eu', DEMO_CATCH_ALL_BASQUE));
  });
}
