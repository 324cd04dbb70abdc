/**
 * `tamborrada school label|labels|unlabel`, run as the real built CLI on SQLite (the store's
 * writes on PostgreSQL: test/store/write-store.test.ts): a group the lists name in Spanish
 * gets its Basque name on the Basque pages, which a running server shows without a restart,
 * while the API and the Spanish pages keep the lists' name; what cannot be named so is
 * refused with one line and exit code 2.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqliteStore } from '../../src/store/sqlite-store.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { createWorkspace, csv, linesOf, runCli, type Workspace } from '../support/workspace.js';

const CATCH_ALL = 'Otras compañías';
const OTHER = 'Ikastola Txori Berri';

const LIST = csv([
  'name,school,year',
  ...['Ane Garcia Lopez', 'Jon Perez Ruiz', 'Mikel Soto Ruiz'].map((name) => `${name},${CATCH_ALL},2024`),
  ...['Maite Olano Zubia', 'Ane Garcia Zubia'].map((name) => `${name},${OTHER},2024`),
]);

describe('tamborrada school', () => {
  let workspace: Workspace;
  let server: TestServer;
  const cli = (...args: string[]) => runCli([...args, '--db', workspace.dbPath]);
  /** A page's status, where it leads and its text, the model caught up with the store. */
  const page = async (path: string) => {
    await server.sync();
    const answer = await fetch(server.url + path, { redirect: 'manual' });
    return { status: answer.status, location: answer.headers.get('location'), html: await answer.text() };
  };

  beforeAll(async () => {
    workspace = createWorkspace();
    expect((await cli('import', workspace.file('list.csv', LIST), '--create')).code).toBe(0);
    server = await startTestServer(async () => new SqliteStore(workspace.dbPath, { readonly: true }), {
      pollIntervalMs: 60_000,
    });
  });

  afterAll(async () => {
    await server?.close();
    workspace?.remove();
  });

  it('label: the Basque pages name the group so, its page moves to its Basque address; the API keeps the lists’ name', async () => {
    expect((await cli('school', 'labels')).stdout).toBe(
      "no school has a name of its own in another language: the pages show the lists' names\n",
    );
    const label = await cli('school', 'label', CATCH_ALL, '--eu', '  Beste   konpainiak ');
    expect([label.code, label.stdout, label.stderr]).toEqual([
      0,
      `"${CATCH_ALL}" is "Beste konpainiak" on the Basque pages; the API, the CSV files and the Spanish pages keep the lists' name\n`,
      '',
    ]);
    expect(linesOf((await cli('school', 'labels')).stdout)).toEqual([
      '1 school has a name of its own in another language:',
      `  ${CATCH_ALL}  eu  Beste konpainiak`,
    ]);

    const basque = await page('/eu/konpainiak/beste-konpainiak');
    expect(basque.status).toBe(200);
    expect(basque.html).toContain('<h1>Beste konpainiak</h1>');
    expect(basque.html).not.toContain(CATCH_ALL);
    expect(await page('/eu/konpainiak/otras-companias')).toMatchObject({
      status: 301,
      location: '/eu/konpainiak/beste-konpainiak',
    });
    // The year's page: its tables, charts and summaries; the search's list offers it by its Basque name.
    const year = await page('/eu/estatistikak/2024');
    expect(year.html).toContain('<a href="/eu/konpainiak/beste-konpainiak">Beste konpainiak</a>');
    expect(year.html).toContain('<strong>Beste konpainiak</strong>');
    expect(year.html).not.toContain(CATCH_ALL);
    expect((await page('/eu/bilatu')).html).toContain(
      `<option value="${CATCH_ALL}">Beste konpainiak</option>`,
    );

    const spanish = await page('/companias/otras-companias');
    expect(spanish.html).toContain(`<h1>${CATCH_ALL}</h1>`);
    expect(spanish.html).toContain(
      'hreflang="eu" href="http://localhost:3000/eu/konpainiak/beste-konpainiak"',
    );
    expect((await server.get('/api/companies')).body).toEqual({ companies: [OTHER, CATCH_ALL].sort() });
    // Its CSV files keep their one address; the data package titles them in each language
    // (what every school's file of that kind shares, in the title of their one schema).
    const data = (await server.get('/datos/datapackage.json')).body as {
      resources: { name: string; title: string; 'title@eu': string; schema: string }[];
    };
    const file = data.resources.find((one) => one.name === 'companias-otras-companias-participantes')!;
    expect([file.title, file['title@eu']]).toEqual([CATCH_ALL, 'Beste konpainiak']);
    const schema = (await server.get(`/datos/${file.schema}`)).body as { title: string; 'title@eu': string };
    expect([schema.title, schema['title@eu']]).toEqual([
      'Participantes por edición',
      'Parte-hartzaileak edizioz edizio',
    ]);
    expect((await server.get('/api/category?year=2024&category=topSchoolsByYear')).text).toContain(CATCH_ALL);
  });

  it('refuses, with one line and exit code 2, a school not in the lists, a name that is another school’s, an empty one', async () => {
    const refusals: [string[], string][] = [
      [
        ['otras companias', '--eu', 'Besteak'],
        `no participant's school is "otras companias": give it exactly as the lists write it; did you mean "${CATCH_ALL}"?`,
      ],
      [
        [CATCH_ALL, '--eu', 'ikastola txori berri'],
        `"ikastola txori berri" is the lists' name of another school, "${OTHER}"`,
      ],
      [
        [OTHER, '--eu', 'Beste Konpainiak'],
        `"Beste Konpainiak" is the Basque name of another school already, "${CATCH_ALL}"`,
      ],
      [[CATCH_ALL, '--eu', ' '], "--eu is empty: give the school's Basque name"],
      [[CATCH_ALL], "give the school's name in a language: --eu <name>"],
    ];
    for (const [args, message] of refusals) {
      const run = await cli('school', 'label', ...args);
      expect([run.code, run.stdout, run.stderr]).toEqual([2, '', `tamborrada: error: ${message}\n`]);
    }
    expect(linesOf((await cli('school', 'labels')).stdout)).toHaveLength(2);
  });

  it('unlabel: the Basque pages name it as the lists do again, at its old address', async () => {
    const unlabel = await cli('school', 'unlabel', CATCH_ALL);
    expect([unlabel.code, unlabel.stdout]).toEqual([
      0,
      `"${CATCH_ALL}" has no Basque name of its own any more: the pages show the lists' name\n`,
    ]);
    const basque = await page('/eu/konpainiak/otras-companias');
    expect([basque.status, basque.html.includes(`<h1>${CATCH_ALL}</h1>`)]).toEqual([200, true]);
    expect((await page('/eu/konpainiak/beste-konpainiak')).status).toBe(404);
    expect((await cli('school', 'unlabel', CATCH_ALL, '--eu')).stdout).toBe(
      `"${CATCH_ALL}" has no Basque name of its own: nothing changed\n`,
    );
  });
});
