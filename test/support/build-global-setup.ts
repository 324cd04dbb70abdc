import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Builds `dist/` once per test run with `npm run build` (incremental: a second or two
 * when nothing changed), so that the CLI tests run the real built `tamborrada`, as an
 * operator does, with the pages' files beside it.
 */
export default function setup(): void {
  execFileSync('npm', ['run', '--silent', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
}
