import { readdirSync, readFileSync } from 'node:fs';

/** Shared with the tests, which must not reach into bench/. */
export {
  freePort,
  get,
  HOST,
  killAllChildren,
  spawnServer,
  type ChildServer,
  type HttpAnswer,
  type SpawnServerOptions,
} from '../../test/support/child-server.js';

export interface Memory {
  /** VmRSS, in MiB, summed (pages shared with a child, such as the `node` binary, count twice). */
  rssMb: number;
  /** VmRSS of the server's own process, in MiB. */
  ownRssMb: number;
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
    return {
      rssMb: rss / 1024,
      ownRssMb: statusField(pid, 'VmRSS') / 1024,
      hwmMb: hwm / 1024,
      processes: tree.length,
    };
  } catch {
    return null;
  }
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
 * The server's Node flags for a store of this demo scale, as docs/operations.md advises
 * an operator: none at the festival's size, a 64 MB semi-space from scale 10 up.
 */
export const serverNodeFlags = (scale: number): string[] => (scale >= 10 ? ['--max-semi-space-size=64'] : []);
