/**
 * Child processes of the tests and the benchmarks: a free port, a plain GET, a Node.js
 * server started as a child and awaited until it answers, and the CLI's Node flags.
 * The benchmarks import these from here (bench/http-lib/process.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
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
