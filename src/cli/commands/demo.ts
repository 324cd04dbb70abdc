import { generateDemoRows, type DemoOptions } from '../../demo/index.js';
import type { RawParticipantRow } from '../../import/validate-rows.js';
import type { StoreLocation } from '../../config/index.js';
import { importRows } from './import-participants.js';

/** The demo rows, numbered as the lines of an equivalent CSV file (header on line 1). */
function* demoRows(options: DemoOptions): Generator<RawParticipantRow> {
  let line = 1;
  for (const row of generateDemoRows(options)) yield { line: ++line, ...row };
}

/** `tamborrada demo`: fictional participants loaded through the import path (creating the store if needed). */
export function loadDemo(options: DemoOptions, location: StoreLocation): Promise<string> {
  return importRows(
    `demo(seed=${options.seed}, scale=${options.scale})`,
    demoRows(options),
    location,
    'create',
  );
}
