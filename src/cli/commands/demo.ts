import type { StoreLocation } from '../../config/index.js';
import { DEMO_YEAR_TOTALS, generateDemoRows, type DemoOptions } from '../../demo/index.js';
import { importParticipants } from '../../import/import-participants.js';
import type { RawParticipantRow } from '../../import/validate-rows.js';
import { createProgress } from '../progress.js';
import { formatImportReport } from './import-report.js';

/** The demo rows, numbered as the lines of an equivalent CSV file (header on line 1). */
function* demoRows(options: DemoOptions): Generator<RawParticipantRow> {
  let line = 1;
  for (const row of generateDemoRows(options)) yield { line: ++line, ...row };
}

/** `tamborrada demo`: fictional participants loaded through the import path (creating the store if needed). */
export async function loadDemo(options: DemoOptions, location: StoreLocation): Promise<string> {
  const started = performance.now();
  const source = `demo(seed=${options.seed}, scale=${options.scale})`;
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
