import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BUILT = Symbol.for('tamborrada.test-build');

/**
 * Builds `dist/` once per test run with `npm run build` (incremental: a second or two
 * when nothing changed), so that the CLI tests run the real built `tamborrada`, as an
 * operator does, with the pages' files beside it. Only the Vitest projects that start
 * the built CLI list this set-up; when several do, the first one builds. A caller that
 * has just built (scripts/prove-test-gate.sh, for its probes side by side) says so with
 * `TAMBORRADA_TEST_BUILT=1`.
 */
export default function setup(): void {
  const global = globalThis as typeof globalThis & { [BUILT]?: true };
  if (global[BUILT] || process.env.TAMBORRADA_TEST_BUILT === '1') return;
  execFileSync('npm', ['run', '--silent', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  global[BUILT] = true;
}
