import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config/index.js';
import { CATEGORY_IDS } from '../../src/domain/categories.js';
import { importFile } from '../../src/cli/commands/import-file.js';
import { recompute } from '../../src/cli/commands/recompute.js';
import { showStatus } from '../../src/cli/commands/status.js';
import { setSummary } from '../../src/cli/commands/summary.js';
import { setUpdating } from '../../src/cli/commands/updating.js';
import {
  createWorkspace,
  csv,
  linesOf,
  runCli,
  serveStore,
  storeContents,
  type ApiServer,
  type Workspace,
} from '../support/workspace.js';

const TXORI = 'Ikastola Txori Berri';
const SANTA_ANA = 'Colegio Santa Ana';

/** 2023: 2 children, 2024: 3, 2025: 1. */
const LIST = csv([
  'name,school,year',
  `Ane Garcia Lopez,${TXORI},2023`,
  `Jon Perez Ruiz,${TXORI},2023`,
  `Ane García López,${TXORI},2024`,
  `Mikel Soto Ruiz,${SANTA_ANA},2024`,
  `Maite Olano Zubia,${SANTA_ANA},2024`,
  `Maite Olano Zubia,${SANTA_ANA},2025`,
]);

interface CategoryAnswer {
  stats: { category: string; public_data: unknown; summary: string | null }[];
}

describe('operator commands', () => {
  let workspace: Workspace;
  let list: string;
  let server: ApiServer;

  async function category(name: string, year: string): Promise<CategoryAnswer['stats'][number] | undefined> {
    await server.sync();
    const answer = await server.get(`/api/category?category=${name}&year=${year}`);
    return (answer.body as CategoryAnswer).stats?.[0];
  }

  beforeAll(async () => {
    workspace = createWorkspace();
    list = workspace.file('list.csv', LIST);
    // k = 1: every name listed, so that these tests can read the names of six children (the
    // value in force stays for the recomputes and imports below).
    await importFile(list, workspace.location, true, { minPublishedCount: 1 });
    server = await serveStore(workspace.dbPath);
  });

  afterAll(async () => {
    await server.close();
    workspace.remove();
  });

  it('status lists every year with its ready flag and counts (global: every participant), and the updating flag', async () => {
    const status = linesOf(await showStatus(workspace.location));
    expect(status[0]).toBe(`store: sqlite:${workspace.dbPath}`);
    expect(status[1]).toBe('updating: off');
    const from = `from ${escape(list)}`;
    expect(status.slice(2)).toEqual([
      expect.stringMatching(
        /^small-count rule: k = 1, every name is listed \(statistics computed \d{4}-\d\d-\d\dT[\d:.]+Z\)$/,
      ),
      'years:',
      expect.stringMatching(
        new RegExp(`^ {2}2023 +ready +2 participants +1 schools +9 statistics +${from}$`),
      ),
      expect.stringMatching(
        new RegExp(`^ {2}2024 +ready +3 participants +2 schools +11 statistics +${from}$`),
      ),
      expect.stringMatching(
        new RegExp(`^ {2}2025 +ready +1 participants +1 schools +11 statistics +${from}$`),
      ),
      expect.stringMatching(/^ {2}global +ready +6 participants +2 schools +12 statistics$/),
      '(global: every participant and school of every year)',
    ]);

    const db = new Database(workspace.dbPath);
    db.exec("UPDATE available_years SET is_ready = 0 WHERE year = '2024'");
    db.close();
    try {
      expect(await showStatus(workspace.location)).toMatch(
        /^ {2}2024 +not ready +3 participants +2 schools +11 statistics /m,
      );
    } finally {
      const restore = new Database(workspace.dbPath);
      restore.exec("UPDATE available_years SET is_ready = 1 WHERE year = '2024'");
      restore.close();
    }
  });

  it('updating on with a note shows in status and makes /api/statistics answer {"isUpdating":true}; off ends it', async () => {
    await server.sync();
    const served = await server.get('/api/statistics?year=2024');
    expect(served.status).toBe(200);
    expect(served.body).toMatchObject({ isUpdating: false, year: '2024' });

    expect(await setUpdating(true, 'Carga 2026 en curso', workspace.location)).toContain('updating is ON');
    expect(linesOf(await showStatus(workspace.location))[1]).toMatch(
      /^updating: ON \(the statistics operation answers \{"isUpdating":true\}\) — Carga 2026 en curso \(changed \d{4}-\d\d-\d\dT[\d:.]+Z\)$/,
    );
    await server.sync();
    for (const year of ['2024', 'global']) {
      const answer = await server.get(`/api/statistics?year=${year}`);
      expect([answer.status, answer.text]).toEqual([200, '{"isUpdating":true}']);
    }
    // The other operations keep serving the data.
    expect((await category('totalParticipantsByYear', '2024'))?.public_data).toEqual([
      { year: 2024, count: 3 },
    ]);

    expect(await setUpdating(false, undefined, workspace.location)).toContain('updating is off');
    expect(linesOf(await showStatus(workspace.location))[1]).toMatch(/^updating: off \(changed /);
    await server.sync();
    const after = await server.get('/api/statistics?year=2024');
    expect([after.status, after.text]).toEqual([served.status, served.text]);
  });

  it('recompute rebuilds every statistic from the stored participants and keeps them when nothing changed', async () => {
    const before = storeContents(workspace.dbPath);
    expect(await recompute(workspace.location)).toMatch(
      /^recomputed 43 statistics under the small-count rule k = 1 in \d+\.\d s$/,
    );
    expect(storeContents(workspace.dbPath)).toEqual(before);

    // A participant added by hand shows once statistics are recomputed.
    const db = new Database(workspace.dbPath);
    db.prepare('INSERT INTO participants (name, school, year) VALUES (?, ?, ?)').run(
      'Iker Lasa Mendi',
      TXORI,
      2025,
    );
    db.close();
    await recompute(workspace.location);
    expect((await category('totalParticipantsByYear', '2025'))?.public_data).toEqual([
      { year: 2025, count: 2 },
    ]);
    // The file's contents again, for the next tests.
    await importFile(list, workspace.location, true);
    expect(storeContents(workspace.dbPath)).toEqual(before);
  });

  it('summary set overrides a summary, which survives recompute and a re-import', async () => {
    const generated = (await category('topNamesByYear', '2024'))?.summary;
    expect(generated).toMatch(/\*\*/);
    const text = 'En **2024** el nombre más repetido fue **Ane**.\nTexto escrito a mano.';
    const file = workspace.file('summary.md', `\uFEFF${text}\n\n`);

    expect(
      await setSummary({ year: '2024', category: 'topNamesByYear', file }, workspace.location),
    ).toContain('summary of topNamesByYear 2024 set');
    expect((await category('topNamesByYear', '2024'))?.summary).toBe(text);
    // The other rows keep their generated summaries.
    expect((await category('topNamesByYear', '2025'))?.summary).not.toBe(text);

    await recompute(workspace.location);
    expect((await category('topNamesByYear', '2024'))?.summary).toBe(text);

    await importFile(list, workspace.location, true);
    expect((await category('topNamesByYear', '2024'))?.summary).toBe(text);

    // A new list for 2024: the figures change, the hand-written summary stays.
    await importFile(
      workspace.file('2024.csv', csv(['name,school,year', `Jon Perez Ruiz,${TXORI},2024`])),
      workspace.location,
      true,
    );
    const replaced = await category('topNamesByYear', '2024');
    expect(replaced?.summary).toBe(text);
    expect(JSON.stringify(replaced?.public_data)).toContain('Jon');
  });

  it.each([
    [{ year: '2024', category: 'topNames' }, 'there is no topNames statistic for 2024'],
    [{ year: '2023', category: 'newNamesByYear' }, 'there is no newNamesByYear statistic for 2023'],
    [{ year: '2030', category: 'topNamesByYear' }, 'there is no topNamesByYear statistic for 2030'],
    [
      { year: '2024', category: 'topnamesbyyear' },
      `--category 'topnamesbyyear' is not one of the 21 categories: ${CATEGORY_IDS.join(', ')}`,
    ],
    [{ year: '24', category: 'topNamesByYear' }, "--year must be 4 digits or 'global', got '24'"],
  ])('summary set %o fails: %s', async (target, message) => {
    const before = storeContents(workspace.dbPath);
    const file = workspace.file('other-summary.md', 'Otro resumen');
    await expect(setSummary({ ...target, file }, workspace.location)).rejects.toThrow(
      new ConfigError(message),
    );
    expect(storeContents(workspace.dbPath)).toEqual(before);
  });

  it('the CLI: updating, status and summary set, with one error line and exit code 2 on a bad summary', async () => {
    const db = ['--db', workspace.dbPath];
    const file = workspace.file('cli-summary.md', 'Resumen desde la línea de órdenes');
    const [on, unknownCategory, noRow] = await Promise.all([
      runCli(['updating', 'on', '--note', 'Carga desde la CLI', ...db]),
      runCli(['summary', 'set', '--year', '2024', '--category', 'nope', '--file', file, ...db]),
      runCli(['summary', 'set', '--year', '2023', '--category', 'newNamesByYear', '--file', file, ...db]),
    ]);
    expect([on.code, on.stderr]).toEqual([0, '']);
    expect(unknownCategory).toMatchObject({
      code: 2,
      stdout: '',
      stderr: `tamborrada: error: --category 'nope' is not one of the 21 categories: ${CATEGORY_IDS.join(', ')}\n`,
    });
    expect(noRow).toMatchObject({
      code: 2,
      stdout: '',
      stderr: 'tamborrada: error: there is no newNamesByYear statistic for 2023\n',
    });

    const status = await runCli(['status', ...db]);
    expect(status.code).toBe(0);
    expect(linesOf(status.stdout)[1]).toMatch(/^updating: ON .* — Carga desde la CLI \(changed /);
    await server.sync();
    expect((await server.get('/api/statistics?year=2025')).text).toBe('{"isUpdating":true}');

    const off = await runCli(['updating', 'off', ...db]);
    expect([off.code, off.stderr]).toEqual([0, '']);
    await server.sync();
    expect((await server.get('/api/statistics?year=2025')).body).toMatchObject({ isUpdating: false });
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
