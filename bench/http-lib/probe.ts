/**
 * Asks for each path every 10 ms, whether or not the earlier answers came (an open loop:
 * while the server stalls, requests pile up and each one's wait is counted), until stdin
 * closes; then prints one JSON line: for each path, the samples as [when it was due (ms
 * since the epoch), latency from then (ms)]. In a process of its own, so that the load
 * generator's work never shows in these figures.
 *
 *   node --import tsx bench/http-lib/probe.ts BASE_URL PATHS_JSON
 */
import { Agent, get } from 'node:http';

const EVERY_MS = 10;

const [base, pathsJson] = process.argv.slice(2);
const paths = JSON.parse(pathsJson!) as string[];
const agent = new Agent({ keepAlive: true, maxSockets: 256 });
const samples: Record<string, [number, number][]> = Object.fromEntries(paths.map((path) => [path, []]));
let pending = 0;

function ask(path: string, dueAt: number, due: number): void {
  pending++;
  const done = () => {
    samples[path]!.push([dueAt, performance.now() - due]);
    pending--;
  };
  get(base + path, { agent }, (response) => {
    response.resume();
    response.on('end', done);
  }).on('error', done);
}

const startedAt = Date.now();
const started = performance.now();
let tick = 0;
const timer = setInterval(() => {
  // Every request that fell due since the last turn, each timed from when it was due.
  while (started + tick * EVERY_MS <= performance.now()) {
    for (const path of paths) ask(path, startedAt + tick * EVERY_MS, started + tick * EVERY_MS);
    tick++;
  }
}, EVERY_MS);

process.stdin.on('end', () => {
  clearInterval(timer);
  const finish = setInterval(() => {
    if (pending > 0) return;
    clearInterval(finish);
    agent.destroy();
    process.stdout.write(`${JSON.stringify(samples)}\n`);
  }, 10);
});
process.stdin.resume();
