import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';

export const HOST = '127.0.0.1';

/** A port that was free a moment ago on 127.0.0.1 (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface HttpAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** One GET with exactly the headers given (no Accept-Encoding unless asked for). */
export function get(
  url: string,
  headers: Record<string, string> = {},
  timeoutMs = 5000,
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'GET', headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`timeout after ${timeoutMs} ms: ${url}`)));
    req.on('error', reject);
    req.end();
  });
}

export interface Memory {
  /** VmRSS, in MiB. */
  rssMb: number;
  /** VmHWM (peak RSS), in MiB. */
  hwmMb: number;
  /** Processes summed (the server and any child process it starts). */
  processes: number;
}

function statusField(pid: number, field: string): number {
  const text = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text);
  return match ? Number(match[1]) : 0;
}

/** The process and all its descendants. */
function processTree(root: number): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid …; comm may contain spaces or parentheses.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parentOf.set(Number(entry), Number(fields[1]));
    } catch {
      // The process ended while we were looking.
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) {
    for (const [pid, parent] of parentOf) if (parent === tree[i]) tree.push(pid);
  }
  return tree;
}

/** RSS and peak RSS of a process and its children, from /proc (Linux). */
export function memoryOf(pid: number): Memory | null {
  try {
    const tree = processTree(pid);
    let rss = 0;
    let hwm = 0;
    for (const member of tree) {
      rss += statusField(member, 'VmRSS');
      hwm += statusField(member, 'VmHWM');
    }
    return { rssMb: rss / 1024, hwmMb: hwm / 1024, processes: tree.length };
  } catch {
    return null;
  }
}

export interface ChildServer {
  child: ChildProcess;
  pid: number;
  url: string;
  /** From spawn until every ready path answered 200, in ms. */
  readyMs: number;
  /** Output lines seen so far (stdout and stderr, last 200 kept). */
  lines: string[];
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();

/** Kills every child still running (on exit or Ctrl-C of the benchmark). */
export function killAllChildren(): void {
  for (const child of running) child.kill('SIGKILL');
}

export interface SpawnServerOptions {
  args: string[];
  port: number;
  env?: Record<string, string>;
  /** Paths that must answer 200 before the server counts as ready. */
  readyPaths: string[];
  readyTimeoutMs: number;
  onLine?: (line: string) => void;
}

/** Starts a Node.js server child and waits until it answers. */
export async function spawnServer(options: SpawnServerOptions): Promise<ChildServer> {
  const started = performance.now();
  const child = spawn(process.execPath, options.args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...options.env },
  });
  running.add(child);
  const lines: string[] = [];
  let exited: string | undefined;
  const collect = (stream: NodeJS.ReadableStream) => {
    let pending = '';
    stream.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      let newline: number;
      while ((newline = pending.indexOf('\n')) >= 0) {
        const line = pending.slice(0, newline);
        pending = pending.slice(newline + 1);
        lines.push(line);
        if (lines.length > 200) lines.shift();
        options.onLine?.(line);
      }
    });
  };
  if (child.stdout) collect(child.stdout);
  if (child.stderr) collect(child.stderr);
  const exitedPromise = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exited = `exited with ${signal ?? code}`;
      running.delete(child);
      resolve();
    }),
  );

  const url = `http://${HOST}:${options.port}`;
  const stop = async () => {
    if (exited === undefined) {
      child.kill('SIGTERM');
      const forced = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exitedPromise;
      clearTimeout(forced);
    }
  };

  const deadline = started + options.readyTimeoutMs;
  for (const path of options.readyPaths) {
    for (;;) {
      if (exited !== undefined) {
        throw new Error(`server ${exited} before it was ready:\n${lines.slice(-20).join('\n')}`);
      }
      if (performance.now() > deadline) {
        await stop();
        throw new Error(
          `server not ready after ${options.readyTimeoutMs} ms:\n${lines.slice(-20).join('\n')}`,
        );
      }
      const answer = await get(url + path, {}, 2000).catch(() => undefined);
      if (answer?.status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
  return { child, pid: child.pid!, url, readyMs: performance.now() - started, lines, stop };
}

export interface CpuSnapshot {
  at: number;
  /** Busy jiffies of the whole machine (all CPUs). */
  machineBusy: number;
  /** Jiffies used by the watched processes. */
  watched: number;
}

function processJiffies(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 14 to 17 of stat (utime, stime, and cutime, cstime: its children that ended,
    // such as the CLI runs of a benchmark), counted after "pid (comm) ".
    return Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
  } catch {
    return 0;
  }
}

/** CPU time of the machine and of the given processes (with their children), from /proc. */
export function cpuSnapshot(pids: number[]): CpuSnapshot {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/).slice(1).map(Number);
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = cpu;
  let watched = 0;
  for (const pid of new Set(pids.flatMap((root) => processTree(root)))) watched += processJiffies(pid);
  return { at: performance.now(), machineBusy: user + nice + system + irq + softirq + steal, watched };
}

/**
 * Share of the machine's CPU capacity (0 to 1) used between two snapshots by processes
 * other than the watched ones: other work on the machine that disturbs a measurement.
 */
export function foreignCpuShare(before: CpuSnapshot, after: CpuSnapshot, cpus: number): number {
  const seconds = (after.at - before.at) / 1000;
  if (seconds <= 0) return 0;
  const ticks = 100; // USER_HZ on Linux
  const foreign = after.machineBusy - before.machineBusy - (after.watched - before.watched);
  return Math.max(0, foreign / ticks / seconds / cpus);
}

/**
 * Waits until the process (and its children) use less than `threshold` of one CPU over
 * `windowMs` (a server just started may still be collecting the garbage of its build),
 * at most `maxMs`. Returns how long it waited, in ms.
 */
export async function waitForIdle(
  pid: number,
  maxMs = 30_000,
  windowMs = 1000,
  threshold = 0.05,
): Promise<number> {
  const started = performance.now();
  for (;;) {
    const before = cpuSnapshot([pid]);
    await new Promise((resolve) => setTimeout(resolve, windowMs));
    const after = cpuSnapshot([pid]);
    const used = (after.watched - before.watched) / 100 / ((after.at - before.at) / 1000);
    if (used < threshold || performance.now() - started > maxMs) return performance.now() - started;
  }
}

/**
 * The Node flags on the `#!` line of a script (`#!/usr/bin/env -S node --flag`): the
 * benchmarks start the CLI with `process.execPath` and must pass what `tamborrada` passes.
 */
/**
 * The server's Node flags for a store of this demo scale: the CLI's own, plus a 64 MB
 * semi-space from scale 10 up, as docs/operations.md advises for large stores (a later
 * flag wins).
 */
export function serverNodeFlags(script: string, scale: number): string[] {
  return [...shebangNodeFlags(script), ...(scale >= 10 ? ['--max-semi-space-size=64'] : [])];
}

export function shebangNodeFlags(script: string): string[] {
  const first = readFileSync(script, 'utf8').split('\n', 1)[0] ?? '';
  const match = /^#!.*\bnode((?:\s+-\S+)*)\s*$/.exec(first);
  return match?.[1]?.trim().split(/\s+/).filter(Boolean) ?? [];
}
