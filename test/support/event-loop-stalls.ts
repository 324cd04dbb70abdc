import { readFileSync } from 'node:fs';

/** Clock ticks per second of Linux's CPU times in /proc (USER_HZ). */
const TICKS_PER_SECOND = 100;
const SAMPLE_EVERY_MS = 5;

/**
 * CPU milliseconds this process's main thread has run (Linux: /proc/self/task/PID/stat,
 * 10 ms resolution); undefined elsewhere.
 */
function mainThreadCpuMs(): number | undefined {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/**
 * Watches the event loop with a 5 ms timer. A task that keeps the loop busy delays the
 * timer by as long as it runs; so does a busy machine that does not give the thread a
 * core. The two are told apart by the thread's own CPU time: `longestBusyMs` is the most
 * CPU the main thread used between two turns of the timer, i.e. the longest that any
 * request could have waited for work of this process. (Without /proc, the delays.)
 */
export function watchEventLoop(): { stop(): { longestBusyMs: number; longestDelayMs: number } } {
  let longestBusyMs = 0;
  let longestDelayMs = 0;
  let lastAt = performance.now();
  let lastCpu = mainThreadCpuMs();
  const timer = setInterval(() => {
    const now = performance.now();
    const cpu = mainThreadCpuMs();
    const delay = now - lastAt;
    longestDelayMs = Math.max(longestDelayMs, delay);
    longestBusyMs = Math.max(
      longestBusyMs,
      cpu === undefined || lastCpu === undefined ? delay : cpu - lastCpu,
    );
    lastAt = now;
    lastCpu = cpu;
  }, SAMPLE_EVERY_MS);
  return {
    stop() {
      clearInterval(timer);
      return { longestBusyMs, longestDelayMs };
    },
  };
}
