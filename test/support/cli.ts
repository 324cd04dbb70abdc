/** The real `tamborrada` CLI as a child process, run from the TypeScript sources (no build). */
import { spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SETTINGS } from '../../src/config/index.js';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The environment of a CLI run: none of our settings inherited from the caller (nor libpq's); then `extra`. */
export function cliEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  const ours = new Set(Object.values(SETTINGS).map((setting) => setting.variable));
  for (const name of Object.keys(env)) if (ours.has(name) || name.startsWith('PG')) delete env[name];
  return { ...env, ...extra };
}

export interface CliOptions {
  /** Modules imported before the CLI (after tsx). */
  preload?: readonly string[];
  /** Environment variables set on top of `cliEnv`. */
  env?: Record<string, string>;
}

/** Starts `tamborrada ARGS`. */
export function startCli(args: readonly string[], { preload = [], env = {} }: CliOptions = {}) {
  const imports = ['tsx', ...preload].flatMap((module) => ['--import', module]);
  return spawn(process.execPath, [...imports, 'src/cli/main.ts', ...args], {
    cwd: REPO_ROOT,
    env: cliEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Runs `tamborrada ARGS` to its end. */
export function runCli(args: readonly string[], env: Record<string, string> = {}): Promise<CliRun> {
  const child = startCli(args, { env });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((done, fail) => {
    child.on('error', fail);
    child.on('close', (code, signal) => done({ code, signal, stdout, stderr }));
  });
}
