import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest (each 25 s or more of a run), in that order: started first,
 * they run beside the many short files instead of alone at the end of the run. Vitest
 * orders files by the durations in its cache, which a fresh clone (CI) does not have.
 */
const SLOW_FILES = [
  'test/browser/pages-spanish.test.ts',
  'test/browser/pages-basque.test.ts',
  'test/store/outside-readers.test.ts',
  'test/store/postgres/misconfiguration.test.ts',
  'test/read-model/rebuild-stall.test.ts',
  'test/browser/compare.test.ts',
  'test/browser/school-and-about.test.ts',
  'test/cli/year-and-summary-commands.test.ts',
  'test/cli/operator-errors.test.ts',
  'test/browser/embeds.test.ts',
  'test/cli/serve-start.test.ts',
  'test/import/import-files.test.ts',
];

// A file renamed or removed would silently lose its place: every run says so instead.
const root = fileURLToPath(new URL('../..', import.meta.url));
const missing = SLOW_FILES.filter((file) => !existsSync(join(root, file)));
if (missing.length > 0)
  throw new Error(`slow-first-sequencer.ts lists files that do not exist: ${missing.join(', ')}`);

const rankOf = (spec: TestSpecification) => {
  const rank = SLOW_FILES.findIndex((file) => spec.moduleId.endsWith(`/${file}`));
  return rank === -1 ? SLOW_FILES.length : rank;
};

/** Vitest's order (one project after another), with the slow files of every project first. */
export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return (await super.sort(files)).sort((a, b) => rankOf(a) - rankOf(b));
  }
}
