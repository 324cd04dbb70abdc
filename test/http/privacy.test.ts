/**
 * Participant names are personal data of minors: whatever way a name is sent (found, not
 * found, encoded, bracketed, in a malformed or oversized request, posted to the web
 * search), it never reaches the logs, even at LOG_LEVEL=trace. The server is the real `tamborrada serve`, its output
 * captured.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqliteStore } from '../../src/store/sqlite-store.js';
import { getRequest, rawRequest, startServe, type ServeProcess } from '../support/raw-http.js';

const SCHOOL = 'Ikastola Txori Berri';
/** Words that must never be logged: a stored child and a searched one that is not stored. */
const STORED = ['Itziar', 'Zubizarreta', 'Olaizola'];
const SEARCHED = ['Koldobika', 'Mitxelena', 'Elissalde'];
const SECRET_WORDS = [...STORED, ...SEARCHED];

let dir: string;
let serve: ServeProcess;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tamborrada-privacy-'));
  const path = join(dir, 'store.db');
  const store = new SqliteStore(path, { create: true });
  await store.migrate();
  await store.close();
  const db = new Database(path);
  db.prepare('INSERT INTO participants (name, school, year) VALUES (?, ?, 2024)').run(
    STORED.join(' '),
    SCHOOL,
  );
  db.exec("INSERT INTO available_years (year, is_ready) VALUES ('2024', 1)");
  db.close();
  serve = await startServe(['--db', path], { LOG_LEVEL: 'trace' });
});

afterAll(async () => {
  serve?.kill();
  await serve?.exited;
  rmSync(dir, { recursive: true, force: true });
});

const encode = encodeURIComponent;
const stored = STORED.join(' ');
const searched = SEARCHED.join(' ');
const company = `company=${encode(SCHOOL)}`;

/** A form posted to the web search, as a browser sends it. */
function post(body: string, type = 'application/x-www-form-urlencoded'): string {
  return (
    `POST /buscar HTTP/1.1\r\nHost: x\r\nContent-Type: ${type}\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
  );
}

describe('names never reach the logs', () => {
  it('whatever the request', async () => {
    const targets = [
      `/api/participants?name=${encode(stored)}&${company}`,
      `/api/participants?name=${encode(searched)}&${company}`,
      `/api/participants?${company}&name=${STORED.join('+')}`,
      `/api/participants?name[]=${encode(stored)}&name=${encode(searched)}&${company}`,
      `/api/participants?na%6De=${encode(searched)}&${company}`,
      `/api/participants?%6E%61%6D%65=${encode(searched)}&${company}`,
      `/api/participants?NAME=${encode(searched)}&${company}`,
      `/api/participants?name=${SEARCHED.map((w) => [...w].map((c) => `%${c.charCodeAt(0).toString(16)}`).join('')).join('%20')}&${company}`,
      `/api/participants?name=${encode(`${searched} ${'x'.repeat(9000)}`)}&${company}`,
      `/api/participants?name=${encode(searched)}%zz%&${company}`,
      `/api/participants?name=${encode(searched.slice(0, 12))}`,
      `/api/participants/?name=${encode(searched)}&${company}`,
      `/nope?name=${encode(searched)}`,
      `/api/%zz?name=${encode(searched)}`,
      `/api/years?name=${encode(searched)}`,
    ];
    for (const target of targets) {
      const { answer } = await rawRequest(serve.port, getRequest(target));
      expect(answer).toBeDefined();
    }
    const malformed = [
      // A header the parser refuses: the raw request travels with the error.
      getRequest(`/api/participants?name=${encode(searched)}&${company}`, 'X-Bad: \u0001\r\n'),
      // Oversized: 431.
      getRequest(`/api/participants?name=${encode(searched)}&${company}&pad=${'x'.repeat(20_000)}`),
      // Raw bytes in the target.
      getRequest(Buffer.from(`/api/participants?name=${searched}&${company}`)),
      // Other methods.
      `POST /api/participants?name=${encode(searched)}&${company} HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n`,
      // The web search: the name travels in the body of a posted form.
      post(`name=${encode(stored)}&${company}`),
      post(`name=${encode(searched)}&${company}`),
      post(`name=${encode(searched)}&${company}&pad=${'x'.repeat(10_000)}`),
      post(JSON.stringify({ name: searched, company: SCHOOL }), 'application/json'),
      post(`name=${encode(searched)}&${company}`, 'text/plain'),
    ];
    for (const request of malformed) await rawRequest(serve.port, request);
    // Stopping the server writes out every buffered line: the whole log is read.
    serve.child.kill('SIGTERM');
    expect(await serve.exited).toEqual({ code: 0, signal: null });

    const output = serve.output();
    // The test would be empty if nothing were logged: requests are, with the name redacted.
    expect(output).toMatch(/"url":"\/api\/participants\?\[redacted\]"/);
    expect(output.split('\n').filter((line) => line.includes('"status"')).length).toBeGreaterThan(10);
    for (const word of SECRET_WORDS) {
      expect(output.toLowerCase()).not.toContain(word.toLowerCase());
      expect(output).not.toContain(encode(word.slice(1)));
      // A request logged as a Buffer (an error's `rawPacket`) shows its bytes as numbers.
      expect(output).not.toContain([...Buffer.from(word.slice(1))].join(','));
    }
  });
});
