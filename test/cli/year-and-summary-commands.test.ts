/**
 * The commands an operator reaches for, run as the real built CLI on SQLite (the same
 * transactions on PostgreSQL: test/store/year-changes.test.ts): taking a year down and
 * back up (`year unpublish|publish|remove`, each recomputing every statistic in one
 * transaction, with `--dry-run`), `summary list`, `set` and `unset` (Spanish, and Basque
 * with `--lang eu`), and `demo`
 * refusing to replace lists it did not load.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteLocation } from '../../src/config/index.js';
import { openReadStore } from '../../src/store/open-store.js';
import {
  createWorkspace,
  csv,
  dumpAllTables,
  linesOf,
  runCli,
  serveStore,
  type ApiServer,
  type Workspace,
} from '../support/workspace.js';

const SCHOOL = 'Ikastola Txori Berri';

/** 2023: 2 children, 2024: 3, 2025: 1. */
const LIST = csv([
  'name,school,year',
  `Ane Garcia Lopez,${SCHOOL},2023`,
  `Jon Perez Ruiz,${SCHOOL},2023`,
  `Ane Garcia Lopez,${SCHOOL},2024`,
  `Mikel Soto Ruiz,${SCHOOL},2024`,
  `Maite Olano Zubia,${SCHOOL},2024`,
  `Maite Olano Zubia,${SCHOOL},2025`,
]);

async function totals(server: ApiServer): Promise<unknown> {
  await server.sync();
  const answer = await server.get('/api/category?category=totalParticipants&year=global');
  return (answer.body as { stats: { public_data: unknown }[] }).stats[0]?.public_data;
}

async function years(server: ApiServer): Promise<string> {
  await server.sync();
  return (await server.get('/api/years')).text;
}

describe('tamborrada year', () => {
  let workspace: Workspace;
  let server: ApiServer;
  const cli = (...args: string[]) => runCli([...args, '--db', workspace.dbPath]);

  beforeAll(async () => {
    workspace = createWorkspace();
    expect((await cli('import', workspace.file('list.csv', LIST), '--create')).code).toBe(0);
    server = await serveStore(workspace.dbPath);
  });

  afterAll(async () => {
    await server?.close();
    workspace?.remove();
  });

  it('unpublish --dry-run says what would change and changes nothing', async () => {
    const before = dumpAllTables(workspace.dbPath);
    const run = await cli('year', 'unpublish', '2024', '--dry-run');
    expect([run.code, run.stderr]).toEqual([0, '']);
    expect(linesOf(run.stdout)).toEqual([
      `would unpublish 2024 in sqlite:${workspace.dbPath}`,
      '  published years       2025, 2024, 2023, global',
      '                        → 2025, 2023, global',
      '  participants of 2024  3 kept',
      // The 11 yearly statistics of 2024 go; global is recomputed without its children.
      '  statistics            43 rows → 32 rows',
      'dry run: nothing was changed',
    ]);
    expect(dumpAllTables(workspace.dbPath)).toEqual(before);
  });

  it('unpublish: the year leaves /api/years and every statistic, global included; publish brings it back', async () => {
    const run = await cli('year', 'unpublish', '2024');
    expect([run.code, linesOf(run.stdout)[0]]).toEqual([0, `unpublished 2024 in sqlite:${workspace.dbPath}`]);
    expect(await years(server)).toBe('{"years":["2025","2023","global"]}');
    expect(await totals(server)).toEqual([
      { year: 2023, count: 2 },
      { year: 2025, count: 1 },
    ]);
    expect((await server.get('/api/statistics?year=2024')).status).toBe(404);

    const back = await cli('year', 'publish', '2024');
    expect([back.code, linesOf(back.stdout)[0]]).toEqual([0, `published 2024 in sqlite:${workspace.dbPath}`]);
    expect(await years(server)).toBe('{"years":["2025","2024","2023","global"]}');
    expect(await totals(server)).toEqual([
      { year: 2023, count: 2 },
      { year: 2024, count: 3 },
      { year: 2025, count: 1 },
    ]);
  });

  it('publish of a published year, unpublish of an unpublished one: exit code 0, nothing changed', async () => {
    let before = dumpAllTables(workspace.dbPath);
    const publish = await cli('year', 'publish', '2023');
    expect(publish).toMatchObject({
      code: 0,
      stdout: `2023 is published already in sqlite:${workspace.dbPath}: nothing changed\n`,
      stderr: '',
    });
    expect(dumpAllTables(workspace.dbPath)).toEqual(before);

    expect((await cli('year', 'unpublish', '2023')).code).toBe(0);
    before = dumpAllTables(workspace.dbPath);
    const unpublish = await cli('year', 'unpublish', '2023');
    expect(unpublish).toMatchObject({
      code: 0,
      stdout: `2023 is not published in sqlite:${workspace.dbPath}: nothing changed\n`,
      stderr: '',
    });
    expect(dumpAllTables(workspace.dbPath)).toEqual(before);
    expect((await cli('year', 'publish', '2023')).code).toBe(0);
  });

  it('remove: the participants go, global is recomputed without them', async () => {
    const dry = await cli('year', 'remove', '2025', '--dry-run');
    expect(linesOf(dry.stdout)).toContain('  participants of 2025  1 deleted');
    expect(await totals(server)).toHaveLength(3);

    const run = await cli('year', 'remove', '2025');
    expect([run.code, run.stderr]).toEqual([0, '']);
    expect(await years(server)).toBe('{"years":["2024","2023","global"]}');
    expect(await totals(server)).toEqual([
      { year: 2023, count: 2 },
      { year: 2024, count: 3 },
    ]);
    const status = (await cli('status')).stdout;
    expect(status).not.toMatch(/^ {2}2025 /m);
  });

  it.each([
    [['unpublish', '1999'], 'there is no year 1999 in the store'],
    [['publish', '1999'], 'there is no year 1999 in the store'],
    [['remove', '1999'], 'there is no year 1999 in the store'],
    [['unpublish', '24'], "a year is 4 digits, got '24'"],
  ])('year %j is refused in one line: %s', async (args, message) => {
    const before = dumpAllTables(workspace.dbPath);
    const run = await cli('year', ...args);
    expect([run.code, run.stdout, run.stderr]).toEqual([1, '', `tamborrada: error: ${message}\n`]);
    expect(dumpAllTables(workspace.dbPath)).toEqual(before);
  });
});

/** One store for both: the first leaves no hand-written summary behind. */
describe('tamborrada summary', () => {
  let workspace: Workspace;
  let server: ApiServer;
  const cli = (...args: string[]) => runCli([...args, '--db', workspace.dbPath]);
  const intro = async () => {
    await server.sync();
    const answer = await server.get('/api/category?category=intro&year=2024');
    return (answer.body as { stats: { summary: string }[] }).stats[0]?.summary;
  };

  beforeAll(async () => {
    workspace = createWorkspace();
    await cli('import', workspace.file('list.csv', LIST), '--create');
    server = await serveStore(workspace.dbPath);
  });

  afterAll(async () => {
    await server?.close();
    workspace?.remove();
  });

  describe('list and unset', () => {
    it('lists the hand-written summaries, and unset brings the generated one back at once', async () => {
      expect((await cli('summary', 'list')).stdout).toBe(
        'no hand-written summaries: every summary is the generated one\n',
      );
      const generated = await intro();
      const file = workspace.file('intro.md', 'La tamborrada de **2024**, contada a mano.\n');
      expect(
        (await cli('summary', 'set', '--year', '2024', '--category', 'intro', '--file', file)).code,
      ).toBe(0);
      expect(await intro()).toBe('La tamborrada de **2024**, contada a mano.');
      expect(linesOf((await cli('summary', 'list')).stdout)).toEqual([
        '1 hand-written summary (kept across recomputes):',
        '  2024 intro  es  La tamborrada de **2024**, contada a mano.',
      ]);

      const unset = await cli('summary', 'unset', '--year', '2024', '--category', 'intro');
      expect([unset.code, unset.stdout]).toEqual([0, 'summary of intro 2024 is the generated one again\n']);
      expect(await intro()).toBe(generated);
      expect((await cli('summary', 'list')).stdout).toContain('no hand-written summaries');

      const before = dumpAllTables(workspace.dbPath);
      const again = await cli('summary', 'unset', '--year', '2024', '--category', 'intro');
      expect(again).toMatchObject({
        code: 0,
        stdout: 'the intro statistic of 2024 has no hand-written summary: nothing changed\n',
        stderr: '',
      });
      expect(dumpAllTables(workspace.dbPath)).toEqual(before);
    });
  });

  describe('--lang eu', () => {
    it('sets, lists and unsets a Basque summary, apart from the Spanish one the API serves', async () => {
      const basqueIntro = async () => {
        const store = await openReadStore(sqliteLocation(workspace.dbPath));
        try {
          const rows = await store.readSnapshot((snapshot) => snapshot.readStatistics());
          return rows.find((row) => row.year === '2024' && row.category === 'intro')?.basqueSummary;
        } finally {
          await store.close();
        }
      };
      const generated = { es: await intro(), eu: await basqueIntro() };
      expect(generated.eu).toMatch(/\*\*2024\*\*/);

      const text = '**2024**ko danborrada, eskuz kontatua.';
      const set = await cli(
        'summary',
        'set',
        '--lang',
        'eu',
        '--year',
        '2024',
        '--category',
        'intro',
        '--file',
        workspace.file('intro.eu.md', `${text}\n`),
      );
      expect([set.code, set.stdout, set.stderr]).toEqual([
        0,
        `Basque summary of intro 2024 set (${[...text].length} characters); kept across recomputes\n`,
        '',
      ]);
      expect(await basqueIntro()).toBe(text);
      expect(await intro()).toBe(generated.es);

      const spanish = workspace.file('intro.md', 'Contada a mano.');
      await cli('summary', 'set', '--year', '2024', '--category', 'intro', '--file', spanish);
      expect(linesOf((await cli('summary', 'list')).stdout)).toEqual([
        '2 hand-written summaries (kept across recomputes):',
        '  2024 intro  es  Contada a mano.',
        '  2024 intro  eu  **2024**ko danborrada, eskuz kontatua.',
      ]);
      expect(linesOf((await cli('summary', 'list', '--lang', 'eu')).stdout)).toEqual([
        '1 hand-written summary (kept across recomputes):',
        '  2024 intro  eu  **2024**ko danborrada, eskuz kontatua.',
      ]);
      expect((await cli('recompute')).code).toBe(0);
      expect(await basqueIntro()).toBe(text);

      const unset = await cli('summary', 'unset', '--lang', 'eu', '--year', '2024', '--category', 'intro');
      expect([unset.code, unset.stdout]).toEqual([
        0,
        'Basque summary of intro 2024 is the generated one again\n',
      ]);
      expect(await basqueIntro()).toBe(generated.eu);
      expect(await intro()).toBe('Contada a mano.');
      expect((await cli('summary', 'list', '--lang', 'eu')).stdout).toBe(
        'no hand-written Basque summaries: every summary is the generated one\n',
      );
      const again = await cli('summary', 'unset', '--lang', 'eu', '--year', '2024', '--category', 'intro');
      expect(again.stdout).toBe(
        'the intro statistic of 2024 has no hand-written Basque summary: nothing changed\n',
      );

      const unknown = await cli('summary', 'list', '--lang', 'fr');
      expect([unknown.code, unknown.stdout]).toEqual([2, '']);
      expect(unknown.stderr).toMatch(
        /^tamborrada: error: option '--lang <lang>' argument 'fr' is invalid\. Allowed choices are es, eu\.\n$/,
      );
    });
  });
});

describe('tamborrada demo over lists it did not load', () => {
  let workspace: Workspace;
  const cli = (...args: string[]) => runCli([...args, '--db', workspace.dbPath]);

  beforeAll(() => {
    workspace = createWorkspace();
  });

  afterAll(() => workspace?.remove());

  it('runs again over its own data, refuses over an imported list (saying what), and --force goes ahead', async () => {
    expect((await cli('demo', '--scale', '0.01')).code).toBe(0);
    expect((await cli('demo', '--scale', '0.01', '--seed', '2')).code).toBe(0);

    const list = workspace.file('list.csv', csv(['name,school,year', `Ane Garcia Lopez,${SCHOOL},2026`]));
    expect((await cli('import', list)).code).toBe(0);
    const before = dumpAllTables(workspace.dbPath);
    const refused = await cli('demo', '--scale', '0.01');
    expect([refused.code, refused.stdout]).toEqual([1, '']);
    expect(refused.stderr).toBe(
      `tamborrada: error: the store holds lists that \`demo\` did not load: 2026 (1 participant, from ${list}); ` +
        'demo would replace them or mix fictional children with them. Nothing was written; add --force to do it anyway\n',
    );
    expect(dumpAllTables(workspace.dbPath)).toEqual(before);

    expect((await cli('demo', '--scale', '0.01', '--force')).code).toBe(0);
  });
});
