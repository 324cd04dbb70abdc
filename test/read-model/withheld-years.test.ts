/**
 * An unpublished year is withdrawn from every public answer and kept in the store: its
 * children are not found by the search (API and web form), a school that took part only
 * in unpublished years is in neither `/api/companies` nor the form's list, and the year's
 * statistics and page answer 404. `year publish` brings all of it back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/server.js';
import { openReadStore } from '../../src/store/open-store.js';
import { runCli } from '../support/cli.js';
import { eventually } from '../support/eventually.js';
import { startTestServer } from '../support/server.js';
import { es as webTexts } from '../../src/web/texts/es.js';
import { postForm } from '../support/demo-site.js';
import { createWorkspace, csv, type Workspace } from '../support/workspace.js';

/** Took part in 2023 and 2024. */
const BOTH = 'Ikastola Txori Berri';
/** Took part in 2024 only. */
const ONLY_2024 = 'Colegio Santa Ana';
const ANE = 'Ane Garcia Lopez';
const JON = 'Jon Perez Ruiz';

describe('an unpublished year', () => {
  let workspace: Workspace;
  let server: RunningServer;

  beforeAll(async () => {
    workspace = createWorkspace();
    const list = workspace.file(
      'list.csv',
      csv([
        'name,school,year',
        `${ANE},${BOTH},2023`,
        `Mikel Soto Ruiz,${BOTH},2023`,
        `${ANE},${BOTH},2024`,
        `${JON},${ONLY_2024},2024`,
        `Maite Olano Zubia,${ONLY_2024},2024`,
      ]),
    );
    const run = await runCli(['import', list, '--db', workspace.dbPath, '--create']);
    expect([run.code, run.stderr]).toEqual([0, '']);
    server = await startTestServer(() => openReadStore(workspace.location), {
      pollIntervalMs: 100,
      webPages: true,
    });
  });

  afterAll(async () => {
    await server?.close();
    workspace?.remove();
  });

  const get = async (path: string) => {
    const answer = await fetch(server.url + path);
    return { status: answer.status, text: await answer.text() };
  };
  const search = (name: string, company: string) =>
    get(`/api/participants?name=${encodeURIComponent(name)}&company=${encodeURIComponent(company)}`);
  /** Whether the web form found the child. */
  const formFinds = async (name: string, company: string) =>
    !(await (await postForm(`${server.url}/buscar`, { name, company })).text()).includes(
      webTexts.search.notFound,
    );

  /** What a visitor can learn of 2024, in every public answer. */
  async function visible2024() {
    return {
      years: (await get('/api/years')).text,
      companies: (await get('/api/companies')).text,
      formList: (await get('/buscar')).text.includes(ONLY_2024),
      aneFound: (await search(ANE, BOTH)).text,
      jon: (await search(JON, ONLY_2024)).status,
      jonInForm: await formFinds(JON, ONLY_2024),
      aneInForm: await formFinds(ANE, BOTH),
      statistics: (await get('/api/statistics?year=2024')).status,
      page: (await get('/estadisticas/2024')).status,
    };
  }

  async function yearCommand(change: 'unpublish' | 'publish'): Promise<void> {
    const run = await runCli(['year', change, '2024', '--db', workspace.dbPath]);
    expect([run.code, run.stderr]).toEqual([0, '']);
  }

  const published = {
    years: '{"years":["2024","2023","global"]}',
    companies: `{"companies":["${ONLY_2024}","${BOTH}"]}`,
    formList: true,
    aneFound: `{"participants":[{"name":"${ANE}","school":"${BOTH}","year":2024},{"name":"${ANE}","school":"${BOTH}","year":2023}]}`,
    jon: 200,
    jonInForm: true,
    aneInForm: true,
    statistics: 200,
    page: 200,
  };

  it('is withdrawn from the search, the schools and the pages, and comes back when published', async () => {
    expect(await visible2024()).toEqual(published);

    await yearCommand('unpublish');
    const withdrawn = {
      years: '{"years":["2023","global"]}',
      companies: `{"companies":["${BOTH}"]}`,
      formList: false,
      aneFound: `{"participants":[{"name":"${ANE}","school":"${BOTH}","year":2023}]}`,
      // The spec's answer when nobody matches.
      jon: 500,
      jonInForm: false,
      aneInForm: true,
      statistics: 404,
      page: 404,
    };
    await eventually(async () => (await get('/api/years')).text === withdrawn.years);
    expect(await visible2024()).toEqual(withdrawn);

    await yearCommand('publish');
    await eventually(async () => (await get('/api/years')).text === published.years);
    expect(await visible2024()).toEqual(published);
  });
});
