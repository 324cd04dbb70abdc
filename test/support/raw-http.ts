/** Helpers of the hardening tests: raw HTTP over a socket, and the real CLI as a child process. */
import type { ChildProcessByStdio } from 'node:child_process';
import { connect } from 'node:net';
import type { Readable } from 'node:stream';
import { startCli } from './cli.js';
export { runCli } from './cli.js';
export { freePort } from './child-server.js';
import { freePort } from './child-server.js';

export interface RawAnswer {
  status: number;
  /** Header names in lower case; the last value of a repeated header. */
  headers: Record<string, string>;
  body: Buffer;
  text: string;
}

export interface RawResult {
  /** The first answer on the connection, or undefined when it closed without one. */
  answer: RawAnswer | undefined;
  /** Everything received. */
  received: Buffer;
  /** How the connection ended. */
  end: 'closed' | 'timeout' | 'error';
  ms: number;
}

function parseAnswer(bytes: Buffer): RawAnswer | undefined {
  const split = bytes.indexOf('\r\n\r\n');
  if (split < 0) return undefined;
  const [statusLine, ...lines] = bytes.subarray(0, split).toString('latin1').split('\r\n');
  const match = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine ?? '');
  if (!match) return undefined;
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = bytes.subarray(split + 4);
  if (headers['content-length'] !== undefined) {
    const length = Number(headers['content-length']);
    if (body.length < length) return undefined;
    body = body.subarray(0, length);
  } else if (headers['transfer-encoding'] === 'chunked') {
    const chunks: Buffer[] = [];
    let at = 0;
    for (;;) {
      const lineEnd = body.indexOf('\r\n', at);
      if (lineEnd < 0) return undefined;
      const size = parseInt(body.subarray(at, lineEnd).toString('latin1'), 16);
      if (size === 0) break;
      chunks.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
      at = lineEnd + 2 + size + 2;
    }
    body = Buffer.concat(chunks);
  }
  return { status: Number(match[1]), headers, body, text: body.toString('utf8') };
}

/**
 * Writes `data` as is on a new connection (nothing is escaped or checked, so invalid
 * encodings and control characters reach the server) and reads until the server has
 * sent one complete answer or closed the connection.
 */
export function rawRequest(
  port: number,
  data: string | Buffer,
  { timeoutMs = 5000 }: { timeoutMs?: number } = {},
): Promise<RawResult> {
  const started = performance.now();
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let finished = false;
    const finish = (end: RawResult['end']) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      socket.destroy();
      const received = Buffer.concat(chunks);
      done({ answer: parseAnswer(received), received, end, ms: performance.now() - started });
    };
    const timer = setTimeout(() => finish('timeout'), timeoutMs);
    socket.on('connect', () => socket.write(typeof data === 'string' ? Buffer.from(data, 'latin1') : data));
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      if (parseAnswer(Buffer.concat(chunks))) finish('closed');
    });
    socket.on('end', () => finish('closed'));
    socket.on('close', () => finish('closed'));
    socket.on('error', () => finish('error'));
  });
}

/**
 * Sends GETs of `paths` pipelined on one connection (the last asks to close it) and
 * resolves with everything received once the server closes it.
 */
export function pipelined(port: number, paths: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.write(
      paths
        .map(
          (path, i) =>
            `GET ${path} HTTP/1.1\r\nHost: localhost\r\n${i === paths.length - 1 ? 'Connection: close\r\n' : ''}\r\n`,
        )
        .join(''),
    );
  });
}

/** The status of every answer in what a connection received, in order. */
export function statusesIn(received: string): number[] {
  return [...received.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((match) => Number(match[1]));
}

/** `GET target HTTP/1.1` with a Host header, the target written byte for byte. */
export function getRequest(target: string | Buffer, extraHeaders = ''): Buffer {
  return Buffer.concat([
    Buffer.from('GET ', 'latin1'),
    typeof target === 'string' ? Buffer.from(target, 'latin1') : target,
    Buffer.from(` HTTP/1.1\r\nHost: localhost\r\n${extraHeaders}Connection: close\r\n\r\n`, 'latin1'),
  ]);
}

/** The security headers every answer carries (spec: a JSON API nobody renders). */
export const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
};

export interface ServeProcess {
  child: ChildProcessByStdio<null, Readable, Readable>;
  port: number;
  url: string;
  /** stdout and stderr so far. */
  output(): string;
  /**
   * Resolves once the output contains `text` (log lines are buffered for up to half a
   * second, so a line may arrive a little after what it reports); fails after `timeoutMs`.
   */
  waitForOutput(text: string, timeoutMs?: number): Promise<void>;
  /** Resolves with the exit code and signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends SIGKILL if still running (cleanup). */
  kill(): void;
}

/**
 * `tamborrada serve` as a child process on a free port (or on `env.PORT` when given);
 * resolves once /api/ping answers 200.
 */
export async function startServe(
  args: readonly string[],
  env: Record<string, string> = {},
  readyTimeoutMs = 60_000,
): Promise<ServeProcess> {
  const port = env.PORT === undefined ? await freePort() : Number(env.PORT);
  const portOption = env.PORT === undefined ? ['--port', String(port)] : [];
  const child = startCli(['serve', '--host', '127.0.0.1', ...portOption, ...args], { env });
  let output = '';
  const waiting = new Set<() => void>();
  const append = (chunk: string) => {
    output += chunk;
    for (const check of waiting) check();
  };
  child.stdout.setEncoding('utf8').on('data', append);
  child.stderr.setEncoding('utf8').on('data', append);
  let running = true;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.on('exit', (code, signal) => {
      running = false;
      done({ code, signal });
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = performance.now() + readyTimeoutMs;
  for (;;) {
    if (!running) throw new Error(`serve exited before it was ready:\n${output}`);
    if (performance.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`serve not ready after ${readyTimeoutMs} ms:\n${output}`);
    }
    const ok = await fetch(`${url}/api/ping`)
      .then((response) => response.status === 200)
      .catch(() => false);
    if (ok) break;
    await new Promise((wait) => setTimeout(wait, 50));
  }
  return {
    child,
    port,
    url,
    output: () => output,
    waitForOutput: (text, timeoutMs = 10_000) =>
      new Promise<void>((done, fail) => {
        const timer = setTimeout(() => {
          waiting.delete(check);
          fail(new Error(`'${text}' not in the output after ${timeoutMs} ms:\n${output}`));
        }, timeoutMs);
        const check = () => {
          if (!output.includes(text)) return;
          clearTimeout(timer);
          waiting.delete(check);
          done();
        };
        waiting.add(check);
        check();
      }),
    exited,
    kill: () => {
      if (running) child.kill('SIGKILL');
    },
  };
}
