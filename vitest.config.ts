import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    // The built CLI for the CLI tests, and one throwaway PostgreSQL server per run (or
    // TEST_DATABASE_URL); see the files.
    globalSetup: ['test/support/build-global-setup.ts', 'test/support/postgres-global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
