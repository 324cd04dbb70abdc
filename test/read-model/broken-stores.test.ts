/**
 * A SQLite store that is missing a table, is not a database, is a folder or is missing:
 * the server starts anyway, ping answers 200, the data operations answer the spec's 500
 * `{error, details}` (no path in `details`), and it recovers by itself once the store is
 * fixed. The operator's commands fail with one line naming the store and exit code 2.
 * (PostgreSQL refusing connections: test/store/postgres/outage.test.ts.)
 */
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/server.js';
import { startTestServer } from '../support/server.js';
import { SqliteStore } from '../../src/store/sqlite-store.js';
import { eventually } from '../support/eventually.js';
import { runCli, startServe, type ServeProcess } from '../support/raw-http.js';

const SCHOOL = 'Ikastola Txori Berri';
/** Any file that exists, as a command's argument. */
const THIS_FILE = fileURLToPath(import.meta.url);
const DATA_PATHS = [
  '/api/years',
  '/api/statistics?year=2024',
  '/api/category?year=2024&category=intro',
  '/api/companies',
  `/api/participants?name=Ane%20Garcia%20Lopez&company=${encodeURIComponent(SCHOOL)}`,
];
const STORE_FAILURE = 'Error al obtener el estado del sistema';
const GARBAGE = Buffer.from(
  'This is not a database, only a text file that someone copied here.\n'.repeat(200),
);

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'tamborrada-broken-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

let counter = 0;
const freshPath = () => join(dir, `store-${++counter}.db`);

/** A good store: migrated, with one published year and one participant, closed cleanly. */
async function goodStore(path: string): Promise<void> {
  const store = new SqliteStore(path, { create: true });
  await store.migrate();
  await store.close();
  const db = new Database(path);
  db.exec(`INSERT INTO available_years (year, is_ready) VALUES ('2024', 1);
    INSERT INTO statistics (category, scope, year, public_data, summary)
      VALUES ('intro', 'yearly', '2024', NULL, 'Introducción');
    INSERT INTO participants (name, school, year) VALUES ('Ane Garcia Lopez', '${SCHOOL}', 2024);`);
  db.close();
}

/** Replaces whatever is at `path` (file or folder) with a good store, atomically for a reader. */
async function fix(path: string): Promise<void> {
  const staged = `${path}.good`;
  await goodStore(staged);
  rmSync(path, { recursive: true, force: true });
  renameSync(staged, path);
}

interface Broken {
  title: string;
  /** Leaves a broken store at `path`; returns the part of `details` expected. */
  make(path: string): Promise<RegExp>;
  repair(path: string): Promise<void>;
}

const BROKEN: Broken[] = [
  {
    title: 'a file missing a table',
    async make(path) {
      await goodStore(path);
      const db = new Database(path);
      db.exec('DROP TABLE statistics');
      db.close();
      return /no such table: statistics/;
    },
    async repair(path) {
      const store = new SqliteStore(path);
      await store.migrate();
      await store.close();
    },
  },
  {
    title: 'a file of garbage bytes',
    async make(path) {
      writeFileSync(path, GARBAGE);
      return /not a database/;
    },
    repair: fix,
  },
  {
    title: 'a folder where the file should be',
    async make(path) {
      mkdirSync(path);
      return /disk I\/O error|unable to open/;
    },
    repair: fix,
  },
  {
    title: 'no file at all',
    async make() {
      return /unable to open|SQLITE_CANTOPEN/;
    },
    repair: fix,
  },
];

async function get(base: string, path: string): Promise<{ status: number; body: unknown; text: string }> {
  const response = await fetch(base + path);
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text) as unknown, text };
}

async function expectStoreFailure(base: string, details: RegExp): Promise<void> {
  expect((await get(base, '/api/ping')).status).toBe(200);
  for (const path of DATA_PATHS) {
    const answer = await get(base, path);
    expect(answer.status).toBe(500);
    const body = answer.body as { error: string; details: string };
    expect(Object.keys(body)).toEqual(['error', 'details']);
    expect(body.error).toBe(STORE_FAILURE);
    expect(body.details).toMatch(details);
    expect(answer.text).not.toContain(dir);
    expect(answer.text).not.toMatch(/\n\s+at |\.ts:\d+|node_modules/);
  }
}

async function expectRecovered(base: string): Promise<void> {
  await eventually(async () => (await get(base, '/api/years')).status === 200);
  expect((await get(base, '/api/years')).body).toEqual({ years: ['2024'] });
  expect((await get(base, DATA_PATHS[4]!)).status).toBe(200);
}

describe('the server over a broken store', () => {
  let server: RunningServer | undefined;
  afterAll(async () => {
    await server?.close();
  });

  it.each(BROKEN)('$title: starts, 500 with details, recovers once fixed', async (broken) => {
    const path = freshPath();
    const details = await broken.make(path);
    server = await startTestServer(async () => new SqliteStore(path, { readonly: true }), {
      pollIntervalMs: 50,
    });
    try {
      await expectStoreFailure(server.url, details);
      await broken.repair(path);
      await expectRecovered(server.url);
    } finally {
      await server.close();
      server = undefined;
    }
  });
});

describe('tamborrada serve over a broken store', () => {
  let serve: ServeProcess | undefined;
  afterAll(() => serve?.kill());

  it.each(BROKEN.slice(1, 2))(
    '$title: the process starts, answers 500 with details and recovers',
    async (broken) => {
      const path = freshPath();
      const details = await broken.make(path);
      serve = await startServe(['--db', path], { POLL_INTERVAL_MS: '50', LOG_LEVEL: 'info' });
      try {
        await expectStoreFailure(serve.url, details);
        await broken.repair(path);
        await expectRecovered(serve.url);
        // The lines are logged before the answers change, but written up to half a second later.
        await serve.waitForOutput('could not prepare the store');
        await serve.waitForOutput('store reachable again');
        expect(serve.output()).not.toMatch(/\n\s+at /);
      } finally {
        serve.kill();
        await serve.exited;
        serve = undefined;
      }
    },
  );
});

describe('tamborrada serve where no store file is: one line naming the path, exit code 2', () => {
  it.each([
    ['a path that does not exist', (path: string) => path, (path: string) => `no store at ${path}`],
    [
      'a folder',
      (path: string) => {
        mkdirSync(path);
        return path;
      },
      (path: string) => `${path} is a directory, not a SQLite store file`,
    ],
  ])('%s', async (_title, make, message) => {
    const path = make(freshPath());
    const run = await runCli(['serve', '--port', '0', '--db', path]);
    expect(run.code).toBe(2);
    expect(run.stderr.trimEnd().split('\n')).toEqual([
      expect.stringContaining(`tamborrada: error: ${message(path)}`),
    ]);
    expect(run.stdout).toBe('');
  });

  it('--demo-if-missing creates it with the demo data (what npm start does)', async () => {
    const path = join(freshPath().replace(/\.db$/, ''), 'new', 'store.db');
    const serve = await startServe(['--db', path, '--demo-if-missing']);
    try {
      expect((await get(serve.url, '/api/years')).status).toBe(200);
    } finally {
      serve.kill();
      await serve.exited;
    }
  });
});

describe('commands on a path where no store is: one line naming the path, exit code 2, nothing created', () => {
  it.each([
    ['updating', ['updating', 'on']],
    ['status', ['status']],
    ['recompute', ['recompute']],
    ['summary set', ['summary', 'set', '--year', '2024', '--category', 'intro', '--file', THIS_FILE]],
    ['import', ['import', THIS_FILE]],
  ])('%s', async (_command, args) => {
    const path = join(dir, 'typo', 'nothing-here.db');
    const run = await runCli([...args, '--db', path]);
    expect([run.code, run.stderr.trimEnd()]).toEqual([
      2,
      `tamborrada: error: no store at ${path}: check the path, or create it with \`tamborrada migrate --db ${path}\``,
    ]);
    expect(existsSync(join(dir, 'typo'))).toBe(false);
  });

  it('status on a folder: one line, exit code 2', async () => {
    const path = freshPath();
    mkdirSync(path);
    const run = await runCli(['status', '--db', path]);
    expect([run.code, run.stderr.trimEnd()]).toEqual([
      2,
      `tamborrada: error: ${path} is a directory, not a SQLite store file`,
    ]);
  });
});

describe('commands on a broken store: one line naming the store as typed, exit code 2', () => {
  const csvPath = () => {
    const path = join(dir, 'participantes.csv');
    writeFileSync(path, `name,school,year\nAne Garcia Lopez,${SCHOOL},2025\n`);
    return path;
  };
  /** Each command, with the table it cannot do without. */
  const COMMANDS: [string, () => string[], string][] = [
    ['import', () => ['import', csvPath()], 'participants'],
    ['updating', () => ['updating', 'on', '--note', 'carga'], 'sys_status'],
    ['status', () => ['status'], 'available_years'],
    ['recompute', () => ['recompute'], 'statistics'],
  ];
  const garbage = async (path: string) => writeFileSync(path, GARBAGE);
  const without = (table: string) => async (path: string) => {
    await goodStore(path);
    const db = new Database(path);
    db.exec(`DROP TABLE ${table}`);
    db.close();
  };
  const cases = [
    ...COMMANDS.flatMap(([command, args, table]) => [
      [command, 'garbage bytes', args, garbage] as const,
      [command, `no ${table} table`, args, without(table)] as const,
    ]),
  ];

  it('fail with `tamborrada: error: …` saying what to do, exit code 2, no stack trace', async () => {
    const runs = await Promise.all(
      cases.map(async ([command, store, args, make]) => {
        const path = freshPath();
        await make(path);
        const run = await runCli([...args(), '--db', path]);
        return { command, store, path, ...run };
      }),
    );
    for (const run of runs) {
      const table = /^no (\w+) table$/.exec(run.store)?.[1];
      const line =
        table === undefined
          ? `tamborrada: error: ${run.path} is not a SQLite database`
          : `tamborrada: error: store incomplete: ${run.path} has no table ${table}; run \`tamborrada migrate --db ${run.path}\` to create it`;
      expect({ command: run.command, store: run.store, code: run.code, stderr: run.stderr }).toEqual({
        command: run.command,
        store: run.store,
        code: 2,
        stderr: `${line}\n`,
      });
      expect(run.stdout).toBe('');
    }
  });
});
