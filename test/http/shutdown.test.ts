/**
 * SIGTERM and SIGINT on the real `tamborrada serve`: it stops accepting connections,
 * finishes the answers in flight (at most SHUTDOWN_GRACE_MS), closes the store and exits 0.
 * The request in flight is honest: a search whose answer (about 14 MB) is far larger than
 * the socket buffers, read by a client that pauses, so the server is still writing it
 * when the signal arrives.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqliteStore } from '../../src/store/sqlite-store.js';
import { startServe, type ServeProcess } from '../support/raw-http.js';

const SCHOOL = 'Ikastola Handia';
const RECORDS = 20_000;
/** Off: the search's answer shows 20,000 names, far over a client's budget. */
const BUDGETS = { SEARCH_BUDGETS: 'off' };
const SEARCH = `GET /api/participants?name=Ane%20Garcia%20Lopez&company=${encodeURIComponent(SCHOOL)} HTTP/1.1\r\nHost: x\r\n\r\n`;

let dir: string;
let path: string;
let serve: ServeProcess | undefined;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tamborrada-shutdown-'));
  path = join(dir, 'store.db');
  const store = new SqliteStore(path, { create: true });
  await store.migrate();
  await store.close();
  const db = new Database(path);
  // Names of about 700 characters, all matching the search.
  db.exec(`WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${RECORDS - 1})
    INSERT INTO participants (name, school, year)
    SELECT 'Ane Garcia Lopez ' || i || replace(printf('%.60c', '-'), '-', ' Etxeberria'), '${SCHOOL}', 2000 + i % 25
    FROM n`);
  db.close();
});

afterAll(() => {
  serve?.kill();
  rmSync(dir, { recursive: true, force: true });
});

function connectTo(port: number): Promise<Socket> {
  return new Promise((done, fail) => {
    const socket = connect(port, '127.0.0.1', () => done(socket));
    socket.once('error', fail);
  });
}

/** Resolves once a new connection is refused (the server no longer listens). */
async function refusesConnections(port: number, timeoutMs = 3000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const refused = await connectTo(port).then(
      (socket) => {
        socket.destroy();
        return false;
      },
      (error: NodeJS.ErrnoException) => error.code === 'ECONNREFUSED',
    );
    if (refused) return;
    if (performance.now() > deadline) throw new Error('still accepting connections');
    await new Promise((wait) => setTimeout(wait, 50));
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, fail) => setTimeout(() => fail(new Error(`${what} after ${ms} ms`)), ms)),
  ]);
}

describe('graceful shutdown', () => {
  it('SIGTERM with a large answer in flight: the answer arrives whole, then exit 0', async () => {
    serve = await startServe(['--db', path], { LOG_LEVEL: 'info', SHUTDOWN_GRACE_MS: '20000', ...BUDGETS });
    const socket = await connectTo(serve.port);
    const chunks: Buffer[] = [];
    const firstChunk = new Promise<void>((done) => socket.once('data', () => done()));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    const ended = new Promise<void>((done) => socket.on('close', () => done()));
    socket.write(SEARCH);
    await firstChunk;
    socket.pause();
    // Let the socket buffers fill: the server is now waiting to write the rest.
    await new Promise((wait) => setTimeout(wait, 300));

    serve.child.kill('SIGTERM');
    await refusesConnections(serve.port);
    socket.resume();
    await withTimeout(ended, 10_000, 'the answer did not end');

    const received = Buffer.concat(chunks);
    const split = received.indexOf('\r\n\r\n');
    const head = received.subarray(0, split).toString('latin1');
    expect(head).toMatch(/^HTTP\/1\.1 200 /);
    const length = Number(/\r\ncontent-length: (\d+)/i.exec(head)![1]);
    expect(length).toBeGreaterThan(10 * 1024 * 1024);
    const body = received.subarray(split + 4);
    expect(body.length).toBe(length);
    expect((JSON.parse(body.toString('utf8')) as { participants: unknown[] }).participants).toHaveLength(
      RECORDS,
    );

    expect(await withTimeout(serve.exited, 5000, 'serve did not exit')).toEqual({ code: 0, signal: null });
    expect(serve.output()).toContain('stopping: finishing requests in flight');
    expect(serve.output()).toContain('"msg":"stopped"');
    expect(serve.output()).not.toContain('closing anyway');
  });

  it('SIGINT with a client that never reads: exit 0 once SHUTDOWN_GRACE_MS is over', async () => {
    serve = await startServe(['--db', path], { LOG_LEVEL: 'info', SHUTDOWN_GRACE_MS: '1500', ...BUDGETS });
    const socket = await connectTo(serve.port);
    socket.on('error', () => undefined);
    const firstChunk = new Promise<void>((done) => socket.once('data', () => done()));
    socket.write(SEARCH);
    await firstChunk;
    socket.pause();

    const signalled = performance.now();
    serve.child.kill('SIGINT');
    expect(await withTimeout(serve.exited, 8000, 'serve did not exit')).toEqual({ code: 0, signal: null });
    const waited = performance.now() - signalled;
    expect(waited).toBeGreaterThan(1000);
    expect(serve.output()).toContain('"signal":"SIGINT"');
    expect(serve.output()).toContain('closing anyway');
    socket.destroy();
  });
});
