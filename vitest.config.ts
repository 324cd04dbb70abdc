import { defineConfig } from 'vitest/config';
import { SlowFirstSequencer } from './test/support/slow-first-sequencer.js';

/** Builds dist/ once per run: for the tests that start the real built CLI. */
const BUILD = 'test/support/build-global-setup.ts';
/** One throwaway PostgreSQL server per run (or TEST_DATABASE_URL), shared by the projects listing it. */
const POSTGRES = 'test/support/postgres-global-setup.ts';
const TESTS = '**/*.test.{ts,tsx}';
/** The integration tests that replace a module (`vi.mock`): each in a fresh module graph of its own. */
const MOCKING = ['test/import/small-counts.test.ts', 'test/import/import-failure.test.ts'];

/**
 * The suite in projects (docs/architecture.md, "Tests"): each gets only the set-up it
 * needs, so that `npm run test:unit` neither builds nor starts PostgreSQL. The projects
 * but browser and mocking load the project's modules once per worker, not once per file
 * (`isolate: false`): their module loading went from 104 to 34 s of a run.
 */
export default defineConfig({
  test: {
    // Four files at a time on a 2-core machine (Vitest's default there is one): most of a
    // file's time is spent waiting on a child process, PostgreSQL or Chromium. Three took
    // as long (docs/performance.md, "The test suite's time").
    maxWorkers: 4,
    sequence: { sequencer: SlowFirstSequencer },
    // "Stuck", not slow: a test driving the CLI or a child server takes 5–15 s quiet, and
    // three or four times that with a second suite beside it (30 s went red there).
    testTimeout: 90_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: [`test/unit/${TESTS}`], pool: 'threads', isolate: false },
      },
      {
        extends: true,
        test: {
          name: 'conformance',
          include: [`test/conformance/${TESTS}`],
          globalSetup: [POSTGRES],
          isolate: false,
        },
      },
      { extends: true, test: { name: 'property', include: [`test/property/${TESTS}`], isolate: false } },
      { extends: true, test: { name: 'browser', include: ['test/browser/**/*.test.ts'] } },
      {
        extends: true,
        test: {
          name: 'integration',
          include: [`test/${TESTS}`],
          exclude: ['test/{unit,conformance,property,browser}/**', ...MOCKING],
          globalSetup: [BUILD, POSTGRES],
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'mocking', include: [...MOCKING], globalSetup: [BUILD, POSTGRES] },
      },
    ],
  },
});
