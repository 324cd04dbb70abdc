/**
 * The real `tamborrada` CLI as a child process: the built one (`dist/cli/main.js`, built
 * once per test run by build-global-setup.ts), started as an operator runs it.
 */
import { spawn } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SETTINGS } from '../../src/config/index.js';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const BUILT_CLI = join(REPO_ROOT, 'dist/cli/main.js');

/**
 * Node's cache of compiled code for the CLI's modules: the suite starts the CLI hundreds
 * of times, and each start compiled them all again.
 */
const COMPILE_CACHE = join(REPO_ROOT, 'node_modules/.cache/tamborrada-test-compile');

/** Longer than any command of the suite: no progress line. */
const QUIET_PROGRESS_MS = 3_600_000;

/**
 * The environment of a CLI run: none of our settings inherited from the caller (nor
 * libpq's), no metrics listener (parallel servers would share its port) unless a test
 * asks for one, and no progress line unless a test asks for them (`PROGRESS_EVERY_MS`):
 * a machine busy with a second suite made a phase last past the 3 s default, and its
 * line broke tests that read stderr whole; then `extra`.
 */
export function cliEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  const ours = new Set(Object.values(SETTINGS).map((setting) => setting.variable));
  for (const name of Object.keys(env)) if (ours.has(name) || name.startsWith('PG')) delete env[name];
  return {
    ...env,
    METRICS_PORT: 'off',
    PROGRESS_EVERY_MS: String(QUIET_PROGRESS_MS),
    NODE_COMPILE_CACHE: COMPILE_CACHE,
    ...extra,
  };
}

export interface CliOptions {
  /**
   * Modules imported before the CLI, to instrument it (a test's fixture): the CLI then
   * runs from the TypeScript sources through tsx, so that the fixture patches the very
   * modules the CLI uses.
   */
  preload?: readonly string[];
  /** Environment variables set on top of `cliEnv`. */
  env?: Record<string, string>;
  /** Run as this user and group (a test run as root, to meet a file it may not read). */
  user?: { uid: number; gid: number };
  /** The current folder (the repository's by default), where relative paths start. */
  cwd?: string;
}

/** Starts `tamborrada ARGS`. */
export function startCli(
  args: readonly string[],
  { preload = [], env = {}, user, cwd = REPO_ROOT }: CliOptions = {},
) {
  const command =
    preload.length === 0
      ? [BUILT_CLI]
      : [
          ...['tsx', ...preload].flatMap((module) => ['--import', module]),
          join(REPO_ROOT, 'src/cli/main.ts'),
        ];
  return spawn(process.execPath, [...command, ...args], {
    cwd,
    env: cliEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
    ...user,
  });
}

export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  /** Without the notice below, which only a slow connection prints. */
  stderr: string;
  /** `connecting to host:port…`: printed when the store's connection took over a second. */
  connecting: string | undefined;
}

const CONNECTING = /^(connecting to [^\n]*…)\n/;

/** Runs `tamborrada ARGS` to its end. */
export function runCli(
  args: readonly string[],
  env: Record<string, string> = {},
  user?: CliOptions['user'],
  cwd?: string,
): Promise<CliRun> {
  const child = startCli(args, { env, user, cwd });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((done, fail) => {
    child.on('error', fail);
    // A slow connection (a busy machine) is announced before anything else: a progress
    // line, not the command's answer, kept apart so that a busy machine changes no stderr.
    child.on('close', (code, signal) =>
      done({
        code,
        signal,
        stdout,
        stderr: stderr.replace(CONNECTING, ''),
        connecting: CONNECTING.exec(stderr)?.[1],
      }),
    );
  });
}
