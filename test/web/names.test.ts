/**
 * The name pages over HTTP, on the demo data with a few fictional children
 * added: a page per first name and surname at least k children bear, in both languages,
 * its counts those of the store and a withheld edition never a 0; every name in the lists
 * linked to its page; the lookup; a name under k answered byte for byte as a name never
 * seen (but for what was typed); its CSV and JSON; the sitemap.
 */
import Database from 'better-sqlite3';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recompute } from '../../src/cli/commands/recompute.js';
import { sqliteLocation } from '../../src/config/index.js';
import { chartName, nameEditionsId } from '../../src/web/chart-names.js';
import { CSV_CONTENT_TYPE } from '../../src/web/open-data.js';
import { LOCALES, type Language } from '../../src/web/locale.js';
import { drawn } from '../support/preview.js';
import { startDemoSite, type DemoSite } from '../support/demo-site.js';

const SCHOOL = 'Ikastola Izenen Proba';
/**
 * Ainhize and Zuloagaberri: one child in 2023 (withheld), three in 2024. Zorione and
 * Txirrintxo: two children (under k = 3, no page). Xabadin and Ozkarrondo: never seen.
 */
const CHILDREN = [
  ['Ainhize Iriarte Zuloagaberri', 2023],
  ['Ainhize Zuloagaberri Lasa', 2024],
  ['Ainhize Zuloagaberri Olano', 2024],
  ['Ainhize Arana Zuloagaberri', 2024],
  ['Zorione Txirrintxo Lasa', 2024],
  ['Zorione Txirrintxo Olano', 2025],
  // Two spellings of one surname, three children each: both have pages, linked to each other.
  ['Ane Zubitxikieta Lasa', 2024],
  ['Ane Zubitxikieta Olano', 2024],
  ['Ane Zubitxikieta Arana', 2024],
  ['Ane Zubichiquieta Lasa', 2024],
  ['Ane Zubichiquieta Olano', 2024],
  ['Ane Zubichiquieta Arana', 2024],
] as const;
const { es, eu } = LOCALES;

let site: DemoSite;

beforeAll(async () => {
  site = await startDemoSite({ scale: 0.2 });
  await site.fixture.insertParticipants(CHILDREN.map(([name, year]) => ({ name, school: SCHOOL, year })));
  await recompute(sqliteLocation(site.fixture.path));
  await site.server.follower.refresh();
}, 120_000);

afterAll(async () => {
  await site?.close();
});

const get = (path: string) => fetch(site.server.url + path, { redirect: 'manual' });
const text = async (path: string) => (await get(path)).text();
const decoded = (html: string) =>
  html.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));

/** The cells of a name page's table of editions, by year. */
function editionCells(html: string): Map<number, string> {
  const rows = html.matchAll(
    /<th scope="row" class="short"><a href="[^"]+">(\d{4})<\/a><\/th><td class="num">(.*?)<\/td>/g,
  );
  return new Map([...rows].map(([, year, cell]) => [Number(year), cell!.replace(/<[^>]+>/g, '')]));
}

/** The store's own count: records per year whose first word is `first` (the test's names are plain). */
function storedCounts(first: string): Map<number, number> {
  const db = new Database(site.fixture.path, { readonly: true });
  const rows = db
    .prepare(`SELECT year, count(*) AS records FROM participants WHERE name LIKE ? GROUP BY year`)
    .all(`${first} %`) as { year: number; records: number }[];
  db.close();
  return new Map(rows.map((row) => [row.year, row.records]));
}

/** Every link to a name page in a page, with the name it shows. */
const nameLinks = (html: string, language: Language) => {
  const folders = Object.values(LOCALES[language].paths.namesFolder).join('|').replace(/\//g, '\\/');
  return [...html.matchAll(new RegExp(`<a href="((?:${folders})\\/[a-z0-9-]+)">([^<]*)<\\/a>`, 'g'))].map(
    ([, path, name]) => ({ path: path!, name: name! }),
  );
};

describe('a name’s page', () => {
  it.each(['es', 'eu'] as const)(
    '%s: the count of each edition is the store’s, a withheld one says “fewer than k”, never 0',
    async (language) => {
      const { paths, texts } = LOCALES[language];
      const answer = await get(paths.name('firstName', 'ainhize'));
      const html = await answer.text();
      expect(answer.status).toBe(200);
      expect(html).toContain(`<html lang="${language}">`);
      expect(html).toContain('<h1>Ainhize</h1>');
      const stored = storedCounts('Ainhize');
      expect(Object.fromEntries(stored)).toEqual({ 2023: 1, 2024: 3 });
      const cells = editionCells(html);
      expect(cells.get(2024)).toBe(texts.number(stored.get(2024)!));
      expect(cells.get(2023)).toBe(texts.names.fewer(3));
      // Every published edition has a row, and none says 0.
      expect([...cells.keys()]).toEqual(expect.arrayContaining([2018, 2022, 2025]));
      expect([...cells.values()]).not.toContain('0');
      expect(html).toContain(`<a href="${paths.school('ikastola-izenen-proba')}">${SCHOOL}</a>`);
      const other = LOCALES[texts.otherLanguage.language].paths.name('firstName', 'ainhize');
      expect(html).toContain(`hreflang="${texts.otherLanguage.language}" href="http://`);
      expect(html).toContain(`${other}"`);
      expect(html).toMatch(/<svg class="chart chart-lines"[^>]*role="img"/);
    },
  );

  it('a surname has its page too, at its own address in each language', async () => {
    for (const path of [es.paths.name('surname', 'zuloagaberri'), eu.paths.name('surname', 'zuloagaberri')]) {
      const html = await text(path);
      expect(html).toContain('<h1>Zuloagaberri</h1>');
      expect(editionCells(html).get(2024)).toBe('3');
    }
    expect(es.paths.name('surname', 'zuloagaberri')).toBe('/apellidos/zuloagaberri');
    expect(eu.paths.name('surname', 'zuloagaberri')).toBe('/eu/abizenak/zuloagaberri');
  });

  it('every name a year page links to shows the stored statistic’s count for that year', async () => {
    const db = new Database(site.fixture.path, { readonly: true });
    const stored = (category: string) =>
      JSON.parse(
        (
          db
            .prepare(
              `SELECT public_data FROM statistics WHERE category = ? AND year = '2024' ORDER BY id LIMIT 1`,
            )
            .get(category) as { public_data: string }
        ).public_data,
      ) as { name: string; count: number }[];
    const lists = [...stored('topNamesByYear'), ...stored('topSurnamesByYear')];
    db.close();
    const links = new Map(
      nameLinks(await text(es.paths.statistics('2024')), 'es').map((l) => [l.name, l.path]),
    );
    expect(lists.length).toBeGreaterThan(20);
    for (const { name, count } of lists) {
      expect([name, links.has(name)]).toEqual([name, true]);
      expect([name, editionCells(await text(links.get(name)!)).get(2024)]).toEqual([
        name,
        es.texts.number(count),
      ]);
    }
  });
});

describe('every name in the lists links to its page', () => {
  it.each([
    ['es', es.paths.statistics('2024')],
    ['es', es.paths.statistics('global')],
    ['es', es.paths.school('ikastola-izenen-proba')],
    ['eu', eu.paths.statistics('2024')],
  ] as const)('%s %s: each linked name has its page', async (language, path) => {
    const links = nameLinks(await text(path), language);
    expect(links.length).toBeGreaterThan(0);
    for (const link of new Map(links.map((one) => [one.path, one])).values()) {
      const answer = await get(link.path);
      expect([link.path, answer.status]).toEqual([link.path, 200]);
      expect(decoded(await answer.text())).toContain(`<h1>${link.name}</h1>`);
    }
  });

  it('a ranking of names has no row without its link', async () => {
    const html = await text(es.paths.statistics('2024'));
    for (const section of ['topNamesByYear', 'topSurnamesByYear']) {
      const body = html.slice(html.indexOf(`id="${section}"`)).split('</tbody>')[0]!;
      const rows = body.split('<tr>').length - 2;
      expect([section, nameLinks(body, 'es').length]).toEqual([section, rows]);
    }
  });
});

describe('the indexes and the lookup', () => {
  it.each(['es', 'eu'] as const)(
    '%s: the A–Z list of each kind, and the lookup from it',
    async (language) => {
      const { paths } = LOCALES[language];
      const firstNames = await text(paths.namesFolder.firstName);
      expect(firstNames).toContain(`<a href="${paths.name('firstName', 'ainhize')}">Ainhize</a>`);
      expect(firstNames).not.toContain('Zorione');
      expect(firstNames).toContain(`action="${paths.namesFolder.firstName}"`);
      expect(firstNames).toContain(`href="${paths.namesFolder.surname}"`);
      const surnames = await text(paths.namesFolder.surname);
      expect(surnames).toContain(`<a href="${paths.name('surname', 'zuloagaberri')}">Zuloagaberri</a>`);
      expect(surnames).not.toContain('Txirrintxo');
      const found = await get(`${paths.namesFolder.firstName}?nombre=${encodeURIComponent('  AINHIZÉ ')}`);
      expect([found.status, found.headers.get('location')]).toEqual([
        303,
        paths.name('firstName', 'ainhize'),
      ]);
      const surname = await get(`${paths.namesFolder.surname}?apellido=zuloagaberri`);
      expect(surname.headers.get('location')).toBe(paths.name('surname', 'zuloagaberri'));
      expect((await get(`${paths.namesFolder.firstName}?nombre=`)).status).toBe(200);
      // Each language's form sends its own field (the Basque pages read the Spanish one too).
      const field = language === 'eu' ? 'izena' : 'nombre';
      expect(firstNames).toContain(`name="${field}"`);
      const typed = await get(`${paths.namesFolder.firstName}?${field}=Ainhize`);
      expect(typed.headers.get('location')).toBe(paths.name('firstName', 'ainhize'));
    },
  );

  it.each(['es', 'eu'] as const)(
    '%s: its chart shows each edition’s share of the participants beside the count, none where withheld',
    async (language) => {
      const { paths, texts } = LOCALES[language];
      const html = decoded(await text(paths.name('firstName', 'ainhize')));
      const db = new Database(site.fixture.path, { readonly: true });
      const { total } = db.prepare('SELECT count(*) AS total FROM participants WHERE year = 2024').get() as {
        total: number;
      };
      db.close();
      const share = texts.names.percent(3 / total);
      const chart = html.slice(
        html.indexOf('id="name-shares-title"'),
        html.indexOf('</svg>', html.indexOf('id="name-shares-title"')),
      );
      expect(chart).toContain(`${texts.names.shareHeading}: Ainhize`);
      expect(chart).toContain(`2024 (${share})`);
      expect(chart).not.toContain('2023 (');
      expect(chart).toContain(`<title>Ainhize, 2024: ${share}</title>`);
      const file = decoded(
        await text(paths.chart(chartName(language, { chart: 'name', kind: 'firstName', slug: 'ainhize' }))),
      );
      expect(file).toContain(`<title>Ainhize, 2024: ${share}</title>`);
    },
  );

  it('the site’s navigation leads to the names', async () => {
    expect(await text(es.paths.home)).toContain(`<a href="${es.paths.namesFolder.firstName}">`);
    expect(await text(eu.paths.home)).toContain(`<a href="${eu.paths.namesFolder.firstName}">`);
  });
});

describe('the lookup suggests names with pages', () => {
  /** The names the lookup's answer suggests, as linked. */
  const suggested = (html: string, language: Language) =>
    nameLinks(html.split('role="status"')[1]?.split('</div>')[0] ?? '', language).map(({ name }) => name);

  it.each(['es', 'eu'] as const)(
    '%s: those beginning with what was typed, one edit away, or spelled the other way',
    async (language) => {
      const { paths, texts } = LOCALES[language];
      const field = language === 'es' ? 'nombre' : 'izena';
      for (const typed of ['Ainhiz', 'Ainhizze', 'Ainhzie', 'ainh']) {
        const answer = await get(`${paths.namesFolder.firstName}?${field}=${typed}`);
        const html = await answer.text();
        expect(answer.status).toBe(404);
        expect(html).toContain(texts.names.suggestions);
        expect(suggested(html, language)).toContain('Ainhize');
        expect(html).toContain(`<a href="${paths.name('firstName', 'ainhize')}">Ainhize</a>`);
      }
      const field2 = language === 'es' ? 'apellido' : 'abizena';
      const other = await text(`${paths.namesFolder.surname}?${field2}=Zubichikieta`);
      expect(suggested(other, language)).toEqual(expect.arrayContaining(['Zubitxikieta', 'Zubichiquieta']));
    },
  );

  it('never a name without a page: one under k is not suggested', async () => {
    const html = await text(`${es.paths.namesFolder.firstName}?nombre=Zorion`);
    expect(html).not.toContain('Zorione');
    expect(html).not.toContain(es.texts.names.suggestions);
  });
});

describe('the spellings of one name link to each other', () => {
  it.each(['es', 'eu'] as const)('%s: Zubitxikieta and Zubichiquieta', async (language) => {
    const { paths, texts } = LOCALES[language];
    const basque = await text(paths.name('surname', 'zubitxikieta'));
    const spanish = await text(paths.name('surname', 'zubichiquieta'));
    expect(basque).toContain(texts.names.variants);
    expect(basque).toContain(`<a href="${paths.name('surname', 'zubichiquieta')}">Zubichiquieta</a>`);
    expect(spanish).toContain(`<a href="${paths.name('surname', 'zubitxikieta')}">Zubitxikieta</a>`);
    expect(await text(paths.name('firstName', 'ainhize'))).not.toContain(texts.names.variants);
  });
});

describe('a name under k is answered as a name never seen', () => {
  /** The answer with what was typed taken out: status, headers but the date and the length, body. */
  async function without(path: string, typed: string) {
    const answer = await fetch(site.server.url + path, { headers: { 'accept-encoding': 'identity' } });
    const headers = Object.fromEntries(
      [...answer.headers].filter(([name]) => name !== 'date' && name !== 'content-length'),
    );
    const body = (await answer.text()).split(typed).join('…');
    return { status: answer.status, headers, body };
  }

  it.each(['es', 'eu'] as const)(
    '%s: its page and the lookup’s answer, first names and surnames',
    async (language) => {
      const { paths } = LOCALES[language];
      // Seen, under k: two children each.
      expect(Object.fromEntries(storedCounts('Zorione'))).toEqual({ 2024: 1, 2025: 1 });
      const pairs: [string, string, string, string][] = [
        [paths.name('firstName', 'zorione'), 'zorione', paths.name('firstName', 'xabadin'), 'xabadin'],
        [
          paths.name('surname', 'txirrintxo'),
          'txirrintxo',
          paths.name('surname', 'ozkarrondo'),
          'ozkarrondo',
        ],
        [
          `${paths.namesFolder.firstName}?nombre=Zorione`,
          'Zorione',
          `${paths.namesFolder.firstName}?nombre=Xabadin`,
          'Xabadin',
        ],
        [
          `${paths.namesFolder.surname}?apellido=Txirrintxo`,
          'Txirrintxo',
          `${paths.namesFolder.surname}?apellido=Ozkarrondo`,
          'Ozkarrondo',
        ],
      ];
      for (const [underK, typedUnderK, neverSeen, typedNeverSeen] of pairs) {
        const [seen, unseen] = [await without(underK, typedUnderK), await without(neverSeen, typedNeverSeen)];
        expect(seen.status).toBe(404);
        expect(seen).toEqual(unseen);
        expect(seen.body).toContain(`<html lang="${language}">`);
      }
    },
  );
});

describe('the data of a name', () => {
  it('its CSV and JSON, linked from its page in each language, with no 0 for a withheld edition', async () => {
    for (const { paths } of [es, eu]) {
      const html = await text(paths.name('firstName', 'ainhize'));
      expect(html).toContain('href="/datos/nombres-ainhize.csv"');
      expect(html).toContain('href="/datos/nombres-ainhize.json"');
      expect(html).toContain('rel="license"');
    }
    const csv = await get('/datos/nombres-ainhize.csv');
    expect(csv.headers.get('content-type')).toBe(CSV_CONTENT_TYPE);
    const lines = (await csv.text()).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('edicion,participantes,puesto,porcentaje');
    expect(lines).toContain('2023,,,'); // withheld: empty cells, Table Schema's missing value
    expect(lines.find((line) => line.startsWith('2024,3,'))).toBeDefined();
    const json = await get('/datos/nombres-ainhize.json');
    expect(json.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const body = (await json.json()) as Record<string, unknown> & { editions: Record<string, unknown>[] };
    expect(body).toMatchObject({ kind: 'firstName', name: 'Ainhize', k: 3, firstEdition: 2024 });
    expect(body.editions).toContainEqual({ year: 2023, fewerThan: 3 });
    expect(body.editions).toContainEqual(expect.objectContaining({ year: 2024, count: 3 }));
    expect(body.schools).toEqual([SCHOOL]); // no count: with the editions' it would tell the other schools'
    expect(body).toHaveProperty('licence.name', 'CC BY-SA 4.0');
    expect((await get('/datos/apellidos-zuloagaberri.json')).status).toBe(200);
    for (const missing of ['/datos/nombres-zorione.csv', '/datos/nombres-xabadin.json'])
      expect((await get(missing)).status).toBe(404);
  });

  it('every name’s editions in one long file per kind, each row its name’s own JSON figures, none under k, linked from the indexes', async () => {
    const kinds = [
      ['firstName', 'nombres', 'nombre', 'topNames'],
      ['surname', 'apellidos', 'apellido', 'topSurnames'],
    ] as const;
    for (const [kind, files, column, list] of kinds) {
      for (const { paths } of [es, eu]) {
        const index = await text(paths.namesFolder[kind]);
        expect(index).toContain(`href="/datos/${files}-por-edicion.csv"`);
        expect(index).toContain(`href="/datos/global-${list}.csv"`);
      }
      const csv = await text(`/datos/${files}-por-edicion.csv`);
      const [header, ...rows] = parse(csv, { bom: true }) as string[][];
      expect(header).toEqual(['edicion', column, 'participantes', 'puesto', 'porcentaje']);
      // What each name's own JSON file says of every edition it shows, from the index's links.
      const index = await text(es.paths.namesFolder[kind]);
      const expected: string[][] = [];
      for (const { path, name } of nameLinks(index.slice(index.indexOf('name-list')), 'es')) {
        const json = (await (await get(`/datos/${files}-${path.split('/').at(-1)!}.json`)).json()) as {
          editions: { year: number; count?: number; rank?: number; share?: number }[];
        };
        for (const { year, count, rank, share } of json.editions)
          if (count !== undefined)
            expected.push([year, decoded(name), count, rank, Math.round(share! * 10_000) / 100].map(String));
      }
      expect(expected.length).toBeGreaterThan(100);
      const sorted = (table: string[][]) => table.map((row) => row.join('|')).sort();
      expect(sorted(rows)).toEqual(sorted(expected));
      expect(rows.filter((row) => Number(row[2]) < 3)).toEqual([]);
    }
    const [, ...firstNames] = parse(await text('/datos/nombres-por-edicion.csv'), {
      bom: true,
    }) as string[][];
    // Ainhize: withheld in 2023, so absent there; Zorione, under k, never there.
    expect(firstNames.filter((row) => row[1] === 'Ainhize').map((row) => row.slice(0, 3))).toEqual([
      ['2024', 'Ainhize', '3'],
    ]);
    expect(firstNames.some((row) => row[1] === 'Zorione')).toBe(false);
  });

  it('a name’s chart as an SVG file and an embeddable page, linked beside it; none for a name without a page', async () => {
    for (const locale of [es, eu]) {
      const html = await text(locale.paths.name('firstName', 'ainhize'));
      const chart = chartName(locale.language, { chart: 'name', kind: 'firstName', slug: 'ainhize' });
      const [svgPath, embedPath] = [locale.paths.chart(chart), locale.paths.embed(chart)];
      expect(html).toContain(`href="${svgPath}"`);
      expect(html).toContain(`href="${embedPath}"`);
      const svg = await get(svgPath);
      expect(svg.status).toBe(200);
      expect(svg.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
      const drawing = await svg.text();
      expect(drawing).toContain('Ainhize');
      expect(drawing).toContain(locale.texts.openData.licenceName);
      const embed = await get(embedPath);
      expect(embed.status).toBe(200);
      expect(embed.headers.get('content-security-policy')).toMatch(/frame-ancestors \*$/);
      expect(await embed.text()).toContain(
        `${locale.paths.name('firstName', 'ainhize')}#${nameEditionsId(locale.language)}`,
      );
      for (const never of ['nombres-zorione', 'nombres-xabadin'])
        expect((await get(locale.paths.chart(never))).status).toBe(404);
    }
  });

  it('a name’s page and an index have their preview images, in each language', async () => {
    for (const path of [
      '/vista-previa/nombres-ainhize.png',
      '/eu/aurrebista/abizenak-zuloagaberri.png',
      '/vista-previa/apellidos.png',
    ]) {
      const answer = await drawn(() => get(path));
      expect([path, answer.status, answer.headers.get('content-type')]).toEqual([path, 200, 'image/png']);
    }
    expect((await get('/vista-previa/nombres-zorione.png')).status).toBe(404);
  });

  it('the sitemap lists every name page and both indexes, in both languages', async () => {
    const sitemap = await text('/sitemap.xml');
    for (const { paths } of [es, eu]) {
      expect(sitemap).toContain(`${paths.name('firstName', 'ainhize')}</loc>`);
      expect(sitemap).toContain(`${paths.name('surname', 'zuloagaberri')}</loc>`);
      expect(sitemap).toContain(`${paths.namesFolder.firstName}</loc>`);
      expect(sitemap).toContain(`${paths.namesFolder.surname}</loc>`);
    }
    expect(sitemap).not.toContain('zorione');
    const index = await text(es.paths.namesFolder.firstName);
    const listed = nameLinks(index.slice(index.indexOf('name-list')), 'es');
    for (const { path } of listed) expect(sitemap).toContain(`${path}</loc>`);
  });
});
