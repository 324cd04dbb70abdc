/**
 * The open data as a spreadsheet user and an offline reuser get it, over HTTP on the demo
 * data: beside each CSV file a workbook of the same rows with typed cells and a licence
 * sheet; one ZIP holding every file of the data package, its descriptor and schemas; the
 * `/datos` page in both languages listing every file with its size, linked from the footer.
 */
import { CFB, read, utils } from '@e965/xlsx';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPEN_DATA_PATHS } from '../../src/web/layout.js';
import { LOCALES } from '../../src/web/locale.js';
import { startDemoSite, type DemoSite } from '../support/demo-site.js';

interface Resource {
  path: string;
  bytes: number;
  schema: string;
}

let site: DemoSite;
let resources: Resource[];

beforeAll(async () => {
  site = await startDemoSite({ scale: 0.05, publicUrl: 'https://tamborrada.example.org' });
  const dataPackage = (await (await get(OPEN_DATA_PATHS.dataPackage)).json()) as { resources: Resource[] };
  resources = dataPackage.resources;
});

afterAll(async () => {
  await site?.close();
});

const get = (path: string) => fetch(site.server.url + path);

/** The CSV's cells as a spreadsheet should type them: numbers as numbers, an empty cell as none. */
const typed = (cell: string) => (cell === '' ? undefined : /^-?[0-9.]+$/.test(cell) ? Number(cell) : cell);

describe('spreadsheet-ready downloads', () => {
  it('each CSV file has a workbook of the same rows, typed, with the licence in a sheet and its properties', async () => {
    // A year's statistic, a school's figures and a name's (whose withheld editions are empty cells).
    const files = [
      resources[0]!.path,
      resources.find((resource) => resource.path.startsWith('companias-'))!.path,
      resources.at(-1)!.path,
    ];
    for (const file of files) {
      const csv = parse((await (await get(`/datos/${file}`)).text()).replace(/^\uFEFF/, '')) as string[][];
      const answer = await get(`/datos/${file.replace(/\.csv$/, '.xlsx')}`);
      expect([file, answer.status, answer.headers.get('content-type')]).toEqual([
        file,
        200,
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      ]);
      expect(answer.headers.get('etag')).toMatch(/^"/);
      const book = read(Buffer.from(await answer.arrayBuffer()));
      expect(book.SheetNames).toEqual(['Datos', 'Licencia']);
      const rows = utils.sheet_to_json<unknown[]>(book.Sheets.Datos!, { header: 1, blankrows: false });
      const [header, ...data] = csv;
      expect(rows[0]).toEqual(header);
      // A CSV text cell that looks like a formula carries a leading `'`; a workbook's text needs none.
      const expected = data.map((row) => row.map((cell) => typed(cell.replace(/^'/, ''))));
      // A row's empty cells are none in the workbook (its trailing ones not even listed).
      const cells = rows.slice(1).map((row) => Array.from({ length: header!.length }, (_, at) => row[at]));
      expect(cells).toEqual(expected);
      expect(data.some((row) => row.some((cell) => typeof typed(cell) === 'number'))).toBe(true);
      const licence = utils.sheet_to_json<string[]>(book.Sheets.Licencia!, { header: 1 });
      const said = licence.map((row) => row.join(' ')).join('\n');
      expect(said).toContain('CC BY-SA 4.0');
      expect(said).toContain('Tamborradata, de RamistoDev');
      expect(said).toContain(`https://tamborrada.example.org/datos/${file}`);
      expect(book.Props?.Comments).toContain('CC BY-SA 4.0');
      expect(book.Props?.Comments).toContain('Tamborradata, de RamistoDev');
    }
    expect((await get('/datos/2024-noSuchThing.xlsx')).status).toBe(404);
  });

  it('one ZIP holds every file of the data package, its workbook, the descriptor and the schemas', async () => {
    let answer = await get('/datos/tamborradata.zip');
    for (let tries = 0; answer.status === 503 && tries < 240; tries++) {
      expect(answer.headers.get('retry-after')).toBe('1');
      await new Promise((resolve) => setTimeout(resolve, 500));
      answer = await get('/datos/tamborradata.zip');
    }
    expect([answer.status, answer.headers.get('content-type')]).toEqual([200, 'application/zip']);
    const etag = answer.headers.get('etag')!;
    const again = await fetch(site.server.url + '/datos/tamborradata.zip', {
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    const zip = CFB.read(Buffer.from(await answer.arrayBuffer()), { type: 'buffer' }) as {
      FullPaths: string[];
      FileIndex: { name: string; content: Uint8Array }[];
    };
    // The reader's own root entry aside.
    const names = new Set(
      zip.FileIndex.filter((entry) => entry.content?.length && !entry.name.includes('Sh33tJ5')).map(
        (entry) => entry.name,
      ),
    );
    const expected = [
      'datapackage.json',
      ...new Set(resources.map((resource) => resource.schema)),
      ...resources.map((resource) => resource.path),
      ...resources.map((resource) => resource.path.replace(/\.csv$/, '.xlsx')),
    ];
    expect([...names].sort()).toEqual([...new Set(expected)].sort());
    const sizes = new Map(zip.FileIndex.map((entry) => [entry.name, entry.content?.length]));
    for (const resource of resources)
      expect([resource.path, sizes.get(resource.path)]).toEqual([resource.path, resource.bytes]);
  });

  it('the data page lists every file with its size and both formats, in both languages, linked from the footer', async () => {
    for (const { paths, texts } of Object.values(LOCALES)) {
      const answer = await get(paths.data);
      expect(answer.status).toBe(200);
      const html = await answer.text();
      for (const resource of resources) {
        expect(html).toContain(`href="/datos/${encodeURIComponent(resource.path)}"`);
        expect(html).toContain(
          `href="/datos/${encodeURIComponent(resource.path.replace(/\.csv$/, '.xlsx'))}"`,
        );
      }
      const sizes = [...html.matchAll(/<td class="size"[^>]*>([^<]+)<\/td>/g)].map((match) => match[1]);
      expect(sizes).toHaveLength(resources.length);
      expect(sizes.every((size) => /^[0-9][0-9.,]* (KB|B)$/.test(size!.replace(/\u00a0/g, ' ')))).toBe(true);
      expect(html).toContain('href="/datos/tamborradata.zip"');
      const home = await (await get(paths.home)).text();
      expect(home).toContain(`href="${paths.data}"`);
      expect(texts.dataPage.title.length).toBeGreaterThan(0);
    }
  });
});
