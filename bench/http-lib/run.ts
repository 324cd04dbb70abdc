import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { killAllChildren } from './process.js';

/** The repository's root, the built CLI, the results and the cache of demo stores. */
export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
export const CLI = join(ROOT, 'dist/cli/main.js');
export const RESULTS_DIR = join(ROOT, 'bench/results');
export const CACHE_DIR = join(ROOT, 'bench/.cache');

/**
 * Writes a benchmark's result as bench/results/NAME-<start>.json and NAME-latest.json;
 * returns the first one's name.
 */
export function writeResult(name: string, startedAt: Date, result: unknown): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = `${name}-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`;
  const json = `${JSON.stringify(result, null, 2)}\n`;
  writeFileSync(join(RESULTS_DIR, file), json);
  writeFileSync(join(RESULTS_DIR, `${name}-latest.json`), json);
  return file;
}

/** Runs a benchmark: its child processes are killed on Ctrl-C, at exit and on a failure. */
export function runBenchmark(main: () => Promise<void>): void {
  process.once('SIGINT', () => {
    killAllChildren();
    process.exit(130);
  });
  process.once('exit', killAllChildren);
  main().catch((error: unknown) => {
    killAllChildren();
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  });
}
