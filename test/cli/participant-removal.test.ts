/**
 * A family's request, as the operator carries it out with the real built CLI on SQLite
 * (the same transactions on PostgreSQL: test/store/removals.test.ts and
 * test/store/postgres/participant-removal.test.ts): `participant remove` deletes one child's
 * records and changes no published figure, leaves no readable copy of the name in the
 * store's files, and a running server follows; `participant removals` lists what was done
 * without a name; every later import leaves the child out, however the list spells the
 * child and its school, and says so by line (never by name), the dry run as the import.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { utils, write } from '@e965/xlsx';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { es as webTexts } from '../../src/web/texts/es.js';
import { exactSpellingRemovalKey } from '../../src/import/removals.js';
import { slugOf } from '../../src/web/school-slugs.js';
import { drawn } from '../support/preview.js';
import { cliEnv, REPO_ROOT } from '../support/cli.js';
import { eventually } from '../support/eventually.js';
import { startServe, type ServeProcess } from '../support/raw-http.js';
import { postForm } from '../support/demo-site.js';
import {
  createWorkspace,
  csv,
  dumpAllTables,
  linesOf,
  query,
  runCli,
  storeContents,
  type Workspace,
} from '../support/workspace.js';

/** A name unique enough to be found in the files' bytes whenever a copy of it is there. */
const CHILD = 'Zorblax Quimberly Vantorre';
const TRACES = ['Zorblax', 'Quimberly', 'Vantorre'].flatMap((word) => [
  word,
  word.toLowerCase(),
  word.toUpperCase(),
]);
/** The child is the only one of this school: the school leaves the list of schools, its published figures stay. */
const LONE = 'Colegio Zirkulu Txikia';
const SCHOOL = 'Ikastola Txori Berri';
const FIRST = ['Ane', 'Jon', 'Mikel', 'Nora', 'Maite', 'Iker', 'Leire', 'Unai'];
const LAST = ['Garcia', 'Perez', 'Ruiz', 'Lasa', 'Olano', 'Soto', 'Zubia', 'Etxeberria', 'Goñi', 'Ibarra'];

/** The child in 2023 and 2024, then enough others that its rows share no page with the end of the table. */
const LIST = csv([
  'name,school,year',
  `${CHILD},${LONE},2023`,
  `${CHILD},${LONE},2024`,
  ...FIRST.flatMap((first, i) =>
    LAST.flatMap((last, j) =>
      LAST.map((second, k) => `${first} ${last} ${second},${SCHOOL},${2023 + ((i + j + k) % 2)}`),
    ),
  ),
]);

/** Where the store's files hold a trace of the child's name: `file: word`. */
function tracesIn(dbPath: string): string[] {
  return ['', '-wal', '-shm'].flatMap((suffix) => {
    if (!existsSync(dbPath + suffix)) return [];
    const bytes = readFileSync(dbPath + suffix);
    return TRACES.filter((word) => bytes.includes(word)).map((word) => `store.db${suffix}: ${word}`);
  });
}

const participantsPath = (name: string, company: string) =>
  `/api/participants?name=${encodeURIComponent(name)}&company=${encodeURIComponent(company)}`;

describe('tamborrada participant remove', () => {
  let workspace: Workspace;
  /** A server of its own process, as deployed: it holds its connection's locks on the file and its WAL. */
  let server: ServeProcess;
  const get = async (path: string) => {
    const answer = await fetch(server.url + path);
    const text = await answer.text();
    return {
      status: answer.status,
      text,
      body: answer.headers.get('content-type')?.includes('json') ? JSON.parse(text) : undefined,
    };
  };
  const cli = (...args: string[]) => runCli([...args, '--db', workspace.dbPath]);
  const remove = (...args: string[]) => cli('participant', 'remove', ...args);

  /** What a visitor sees of the child and of its school, everywhere a running server shows them. */
  async function seen() {
    const text = async (path: string) => (await get(path)).text;
    const lonePage = `/companias/${slugOf(LONE)}`;
    const form = await postForm(`${server.url}/buscar`, { name: CHILD, company: LONE });
    return {
      search: (await get(participantsPath(CHILD, LONE))).status,
      form: (await form.text()).includes(webTexts.search.found(2, LONE)),
      companies: (await text('/api/companies')).includes(LONE),
      totals: (await get('/api/category?category=totalParticipants&year=global')).body,
      page: (await get(lonePage)).status,
      preview: (await drawn(() => get(`/vista-previa/companias-${slugOf(LONE)}.png`))).status,
      sitemap: (await text('/sitemap.xml')).includes(lonePage),
      csv: (await text('/datos/global-topSchools.csv')).includes(LONE),
    };
  }
  const totals = (count2023: number, count2024: number) => ({
    stats: [
      expect.objectContaining({
        public_data: [
          { year: 2023, count: count2023 },
          { year: 2024, count: count2024 },
        ],
      }),
    ],
  });

  beforeAll(async () => {
    workspace = createWorkspace();
    expect((await cli('import', workspace.file('list.csv', LIST), '--create')).code).toBe(0);
    // The child's rows deleted and written again as the sqlite3 shell (or an older
    // version) does it, without secure deletion: the old copies stay in free space.
    const db = new Database(workspace.dbPath);
    db.transaction(() => {
      const rows = db.prepare('SELECT name, school, year FROM participants WHERE name = ?').all(CHILD);
      db.prepare('DELETE FROM participants WHERE name = ?').run(CHILD);
      const insert = db.prepare('INSERT INTO participants (name, school, year) VALUES (?, ?, ?)');
      for (const row of rows as { name: string; school: string; year: number }[])
        insert.run(row.name, row.school, row.year);
    })();
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
    server = await startServe(['--db', workspace.dbPath], { SEARCH_BUDGETS: 'off' });
  });

  afterAll(async () => {
    server?.kill();
    workspace?.remove();
  });

  it('--dry-run says what would change and changes nothing', async () => {
    const before = dumpAllTables(workspace.dbPath);
    const run = await remove('--name', CHILD, '--school', LONE, '--dry-run');
    expect([run.code, run.stderr]).toEqual([0, '']);
    expect(linesOf(run.stdout)).toEqual([
      `would remove 2 records of one child from sqlite:${workspace.dbPath}`,
      `  school         ${LONE}`,
      '  years          every year',
      '  records        2 (2023, 2024)',
      '  figures        unchanged: published figures are final',
      '  later imports  leave this child out; the store keeps no name',
      'dry run: nothing was changed',
    ]);
    expect(dumpAllTables(workspace.dbPath)).toEqual(before);
  });

  it('deletes every record of the child, leaves every published figure, leaves no copy of the name in the files, and running servers follow', async () => {
    expect(await seen()).toEqual({
      search: 200,
      form: true,
      companies: true,
      totals: totals(1 + 400, 1 + 400),
      page: 200,
      preview: 200,
      sitemap: true,
      csv: true,
    });
    // The control: the name is found in the files while the child is stored.
    expect(tracesIn(workspace.dbPath)).toContain('store.db: Zorblax');

    // Written as a family might: accents, case and spaces do not matter.
    const run = await remove('--name', '  zorblax QUIMBERLY  Vantorré', '--school', LONE);
    expect([run.code, run.stderr]).toEqual([0, '']);
    expect(linesOf(run.stdout)).toEqual([
      `removed 2 records of one child from sqlite:${workspace.dbPath}`,
      `  school         ${LONE}`,
      '  years          every year',
      '  records        2 (2023, 2024)',
      '  figures        unchanged: published figures are final',
      '  later imports  leave this child out; the store keeps no name',
      '  store files    no copy of the name left in the file or its WAL (VACUUM, WAL emptied)',
    ]);
    expect(tracesIn(workspace.dbPath)).toEqual([]);
    expect(storeContents(workspace.dbPath).participants).toHaveLength(800);

    await eventually(async () => {
      expect(await seen()).toEqual({
        search: 500,
        form: false,
        companies: false,
        // Published figures are final: the school's and the editions' stay as they were.
        totals: totals(1 + 400, 1 + 400),
        page: 200,
        preview: 200,
        sitemap: true,
        csv: true,
      });
      return true;
    });
  });

  it('participant removals lists date, school and years, never a name', async () => {
    const run = await cli('participant', 'removals');
    expect([run.code, run.stderr]).toEqual([0, '']);
    expect(linesOf(run.stdout)).toEqual([
      `1 removal recorded in sqlite:${workspace.dbPath} (no names are kept):`,
      expect.stringMatching(
        new RegExp(
          `^ {2}\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC {2}${LONE} {2}every year {2}2 records deleted$`,
        ),
      ),
    ]);
  });

  it('a later import of a list holding the child leaves it out and says so', async () => {
    const run = await cli('import', workspace.file('again.csv', LIST));
    expect(run.code).toBe(0);
    // The list without the child is what the store holds already: nothing to write.
    expect(linesOf(run.stdout)[0]).toMatch(/holds these lists already .*: nothing changed$/);
    expect(linesOf(run.stdout)).toContain('  withheld    2');
    expect(linesOf(run.stdout).slice(-2)).toEqual([
      "line 2: withheld, matches a removal (a family's request)",
      "line 3: withheld, matches a removal (a family's request)",
    ]);
    expect(tracesIn(workspace.dbPath)).toEqual([]);
    expect(query(workspace.dbPath, 'SELECT year FROM participants WHERE name = ?', CHILD)).toEqual([]);
  });

  describe('a list that spells the child and its school otherwise', () => {
    /** 2024 as stored: the 400 children of the other school. */
    const STORED_2024 = linesOf(LIST)
      .filter((line) => line.endsWith(',2024') && !line.startsWith(CHILD))
      .map((line) => line.split(','));
    /** Lines 2 and 4: the removed child; line 3: a new child of its school; then 2024 as stored. */
    const VARIANTS = [
      ['name', 'school', 'year'],
      ['ZORBLAX QUIMBERLY-VANTORRE', 'COLEGIO ZIRKULU TXIKIA', '2024'],
      ['Nora Lasa Olano', LONE, '2024'],
      ['Zorblax Quimberly de Vantorré', ' Colegio  Zirkulu-Txikia.', '2024'],
      ...STORED_2024,
    ];
    const WITHHELD = [
      "line 2: withheld, matches a removal (a family's request)",
      "line 4: withheld, matches a removal (a family's request)",
    ];
    /** The words of the child's name that the output shows. */
    const named = (run: { stdout: string; stderr: string }) =>
      TRACES.filter((word) => (run.stdout + run.stderr).includes(word));

    it('the dry run names the lines and counts what the import then does', async () => {
      expect(STORED_2024).toHaveLength(400);
      const file = workspace.file('variants.csv', csv(VARIANTS.map((row) => row.join(','))));
      const dryRun = await cli('import', file, '--dry-run');
      expect([dryRun.code, dryRun.stderr, named(dryRun)]).toEqual([0, '', []]);
      expect(linesOf(dryRun.stdout)).toEqual(
        expect.arrayContaining([
          '  withheld          2',
          '  2024 children     1 added, 0 removed, 400 kept, 2 withheld',
          ...WITHHELD,
          'dry run: nothing was written',
        ]),
      );

      const run = await cli('import', file);
      expect([run.code, run.stderr, named(run)]).toEqual([0, '', []]);
      expect(linesOf(run.stdout)).toEqual(
        expect.arrayContaining(['  imported    401', '  withheld    2', ...WITHHELD]),
      );
      expect(query(workspace.dbPath, 'SELECT name FROM participants WHERE year = 2024')).toHaveLength(401);
      expect(tracesIn(workspace.dbPath)).toEqual([]);

      // The import did what the dry run said: the list is now what the store holds.
      const again = await cli('import', file, '--dry-run');
      expect(linesOf(again.stdout)).toEqual(
        expect.arrayContaining([
          '  2024 children     0 added, 0 removed, 401 kept, 2 withheld',
          ...WITHHELD,
          'dry run: nothing was written; the store holds these lists already, so importing would change nothing',
        ]),
      );
    });

    it('the same list as an .xlsx workbook: the same lines, as the sheet numbers its rows', async () => {
      const book = utils.book_new();
      utils.book_append_sheet(book, utils.aoa_to_sheet(VARIANTS), 'Hoja1');
      const file = workspace.file(
        'variants.xlsx',
        write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer,
      );
      const dryRun = await cli('import', file, '--dry-run');
      expect([dryRun.code, dryRun.stderr, named(dryRun)]).toEqual([0, '', []]);
      expect(linesOf(dryRun.stdout)).toEqual(
        expect.arrayContaining(['  withheld          2', ...WITHHELD, expect.stringMatching(/^dry run: /)]),
      );
    });
  });

  it('one year: that record goes, and later imports withhold only that year', async () => {
    const child = `${FIRST[0]} ${LAST[0]} ${LAST[1]}`;
    const run = await remove('--name', child, '--school', SCHOOL, '--year', '2024');
    expect(linesOf(run.stdout).slice(0, 4)).toEqual([
      `removed 1 record of one child from sqlite:${workspace.dbPath}`,
      `  school         ${SCHOOL}`,
      '  years          2024',
      '  records        1 (2024)',
    ]);
    const list = csv(['name,school,year', `${child},${SCHOOL},2024`, `${child},${SCHOOL},2025`]);
    const later = await cli('import', workspace.file('two-years.csv', list));
    expect(linesOf(later.stdout)).toEqual(expect.arrayContaining(['  imported    1', '  withheld    1']));
    expect(linesOf(later.stdout).at(-1)).toBe("line 2: withheld, matches a removal (a family's request)");
  });

  it('a removal that finds nobody says so and is recorded (exit code 0); a school nobody is in is pointed out', async () => {
    const run = await remove('--name', 'Nora Etxeberria Ibarra', '--school', 'Ikastola Txori Bery');
    expect([run.code, run.stderr]).toEqual([0, '']);
    expect(linesOf(run.stdout)).toEqual([
      `no records of that name in that school in sqlite:${workspace.dbPath}: nothing deleted`,
      '  school         Ikastola Txori Bery',
      '  years          every year',
      '  records        none found',
      '  figures        unchanged: published figures are final',
      '  later imports  leave this child out; the store keeps no name',
      '  store files    no copy of the name left in the file or its WAL (VACUUM, WAL emptied)',
      "note: no participant of any year is in a school written 'Ikastola Txori Bery', case, accents, spaces and punctuation aside: check its spelling",
    ]);
  });

  it('--name - reads the name from stdin, out of the shell history and the process list', () => {
    const cliPath = join(REPO_ROOT, 'dist/cli/main.js');
    const args = [
      'participant',
      'remove',
      '--name',
      '-',
      '--school',
      SCHOOL,
      '--dry-run',
      '--db',
      workspace.dbPath,
    ];
    const run = spawnSync(process.execPath, [cliPath, ...args], {
      cwd: REPO_ROOT,
      env: cliEnv(),
      input: `${FIRST[1]} ${LAST[2]} ${LAST[3]}\n`,
      encoding: 'utf8',
    });
    expect([run.status, run.stderr]).toEqual([0, '']);
    expect(linesOf(run.stdout)[0]).toBe(`would remove 1 record of one child from sqlite:${workspace.dbPath}`);
  });

  it('bad usage: one line each, exit code 2, nothing written', async () => {
    const before = dumpAllTables(workspace.dbPath);
    const run = await remove('--name', ' ', '--school', '', '--year', '24');
    expect(run).toMatchObject({
      code: 2,
      stdout: '',
      stderr:
        'tamborrada: error: --name is empty\ntamborrada: error: --school is empty\n' +
        "tamborrada: error: --year must be 4 digits, got '24'\n",
    });
    expect((await remove('--school', SCHOOL)).code).toBe(2);
    expect(dumpAllTables(workspace.dbPath)).toEqual(before);
  });
});

describe('a removal an earlier version recorded', () => {
  let workspace: Workspace;
  const cli = (...args: string[]) => runCli([...args, '--db', workspace.dbPath]);

  beforeAll(async () => {
    workspace = createWorkspace();
    expect((await cli('import', workspace.file('list.csv', LIST), '--create')).code).toBe(0);
    // Its entry as that version wrote it: the key of the name's search form and the school as typed.
    const db = new Database(workspace.dbPath);
    const { secret } = db.prepare('SELECT secret FROM tamborrada_store_secret').get() as { secret: string };
    db.prepare(
      "INSERT INTO tamborrada_removals (name_key, school, years, records) VALUES (?, ?, '2025', 0)",
    ).run(exactSpellingRemovalKey(secret, CHILD, LONE), LONE);
    db.close();
  });

  afterAll(() => workspace?.remove());

  it('is listed as holding for that spelling only, and holds as it did', async () => {
    const listed = await cli('participant', 'removals');
    expect(linesOf(listed.stdout)).toEqual([
      `1 removal recorded in sqlite:${workspace.dbPath} (no names are kept):`,
      expect.stringMatching(new RegExp(`^ {2}\\d{4}-.* UTC {2}${LONE} {2}2025 {2}0 records deleted \\*$`)),
      'note: * recorded by an earlier version: holds for the school as then written and the name as the search compares it; ' +
        'the same `participant remove` again adds one that holds however a list spells them',
    ]);
    const list = csv([
      'name,school,year',
      `${CHILD},COLEGIO ZIRKULU TXIKIA,2025`,
      `zorblax  QUIMBERLY vantorré,${LONE},2025`,
      `${CHILD},${LONE},2024`,
    ]);
    const dryRun = await cli('import', workspace.file('later.csv', list), '--dry-run');
    expect(linesOf(dryRun.stdout)).toEqual(
      expect.arrayContaining([
        '  2025 children     1 added, 0 removed, 0 kept, 1 withheld (a year not stored yet)',
        "line 3: withheld, matches a removal (a family's request)",
      ]),
    );
  });
});

describe('secure deletion', () => {
  it('year remove leaves no readable copy of its children in the file either', async () => {
    const workspace = createWorkspace();
    try {
      const list = LIST.replace(`${CHILD},${LONE},2024\n`, '');
      const cli = (...args: string[]) => runCli([...args, '--db', workspace.dbPath]);
      expect((await cli('import', workspace.file('list.csv', list), '--create')).code).toBe(0);
      expect(tracesIn(workspace.dbPath)).toContain('store.db: Zorblax');
      expect((await cli('year', 'remove', '2023')).code).toBe(0);
      expect(tracesIn(workspace.dbPath)).toEqual([]);
    } finally {
      workspace.remove();
    }
  });
});
