/**
 * The SQLite file changes under a running server. Garbage written over it is
 * reported (`storeHealthy`, the `tamborrada_store_up` metric, goes to 0) while the last good
 * model keeps being served; a file deleted and created again at the same path is noticed
 * and its data served.
 */
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/server.js';
import { SqliteStore } from '../../src/store/sqlite-store.js';
import { eventually } from '../support/eventually.js';
import { startTestServer } from '../support/server.js';

const GARBAGE = Buffer.from('Not a database: a text file copied over the store.\n'.repeat(200));

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'tamborrada-replaced-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** A migrated store at `path` with `year` published and one participant of `school`. */
async function storeWith(path: string, year: string, school: string): Promise<void> {
  const store = new SqliteStore(path, { create: true });
  await store.migrate();
  await store.close();
  const db = new Database(path);
  db.prepare('INSERT INTO available_years (year, is_ready) VALUES (?, 1)').run(year);
  db.prepare(
    "INSERT INTO statistics (category, scope, year, public_data, summary) VALUES ('intro', 'yearly', ?, NULL, 'Introducción')",
  ).run(year);
  db.prepare('INSERT INTO participants (name, school, year) VALUES (?, ?, ?)').run(
    'Ane Garcia Lopez',
    school,
    Number(year),
  );
  db.close();
}

function removeStore(path: string): void {
  for (const suffix of ['', '-wal', '-shm']) rmSync(path + suffix, { force: true });
}

async function text(server: RunningServer, path: string): Promise<string> {
  return (await fetch(server.url + path)).text();
}

describe('the SQLite file changes under a running server', () => {
  let server: RunningServer | undefined;
  let counter = 0;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function serving(year: string, school: string): Promise<{ server: RunningServer; path: string }> {
    const path = join(dir, `store-${++counter}.db`);
    await storeWith(path, year, school);
    const running = await startTestServer(async () => new SqliteStore(path, { readonly: true }), {
      pollIntervalMs: 50,
    });
    server = running;
    expect(await text(running, '/api/years')).toBe(`{"years":["${year}"]}`);
    return { server: running, path };
  }

  it('garbage over the file: store reported down, the last good model still served, recovery once fixed', async () => {
    const { server, path } = await serving('2024', 'Ikastola Txori Berri');
    const before = await Promise.all(['/api/years', '/api/companies'].map((p) => text(server, p)));
    expect(server.follower.storeHealthy).toBe(true);

    writeFileSync(path, GARBAGE);
    await eventually(async () => !server.follower.storeHealthy);
    expect(await Promise.all(['/api/years', '/api/companies'].map((p) => text(server, p)))).toEqual(before);

    const good = `${path}.good`;
    await storeWith(good, '2025', 'Ikastola Berria');
    renameSync(good, path);
    await eventually(async () => (await text(server, '/api/years')) === '{"years":["2025"]}');
    expect(await text(server, '/api/companies')).toBe('{"companies":["Ikastola Berria"]}');
    expect(server.follower.storeHealthy).toBe(true);
  });

  it('the file deleted and created again: its data is served', async () => {
    const { server, path } = await serving('2023', 'Colegio Santa Ana');
    removeStore(path);
    await storeWith(path, '2026', 'Ikastola Amara');
    await eventually(async () => (await text(server, '/api/years')) === '{"years":["2026"]}');
    expect(await text(server, '/api/companies')).toBe('{"companies":["Ikastola Amara"]}');
    expect(server.follower.storeHealthy).toBe(true);
  });
});
