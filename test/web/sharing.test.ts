/**
 * What other sites and programs read of the pages, over HTTP on the demo data: canonical
 * links, Open Graph and Twitter cards whose images are fetched, the Dataset in JSON-LD,
 * robots.txt, sitemap.xml and favicon.ico; every statistic as CSV beside its JSON;
 * the school pages against the store; and old or loose addresses moved with a 301.
 */
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENAPI_PATH } from '../../src/http/api-reference.js';
import { DEMO_CATCH_ALL_BASQUE, DEMO_CATCH_ALL_SCHOOL } from '../../src/demo/index.js';
import { caseEnding } from '../../src/domain/basque-words.js';
import { API_PATHS } from '../../src/web/layout.js';
import { LOCALES } from '../../src/web/locale.js';
import { CSV_CONTENT_TYPE } from '../../src/web/open-data.js';
import { PREVIEW_SIZE, THEME_COLOUR } from '../../src/web/page-meta.js';
import { slugOf } from '../../src/web/school-slugs.js';
import { startDemoSite, type DemoSite } from '../support/demo-site.js';
import { drawn } from '../support/preview.js';

const PAGE_PATHS = { ...LOCALES.es.paths, ...API_PATHS };

const PUBLIC_URL = 'https://tamborrada.example.org';
const UTF8_BOM = 'efbbbf';
let site: DemoSite;
let years: string[];
let schools: string[];

beforeAll(async () => {
  site = await startDemoSite({ scale: 0.1, publicUrl: PUBLIC_URL });
  years = ((await (await get('/api/years')).json()) as { years: string[] }).years;
  schools = ((await (await get('/api/companies')).json()) as { companies: string[] }).companies;
});

afterAll(async () => {
  await site?.close();
});

const get = (path: string, init: RequestInit = {}) => fetch(site.server.url + path, init);
const text = async (path: string) => (await get(path)).text();

/** The value of an attribute of the first tag matching `selector` (`meta property="og:url"`). */
function attribute(html: string, tag: string, where: string, name: string): string | undefined {
  const element = new RegExp(`<${tag} [^>]*${where}[^>]*>`).exec(html)?.[0];
  return element && new RegExp(`${name}="([^"]*)"`).exec(element)?.[1];
}

/** A PNG's size, from its IHDR chunk. */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

const pages = () => [
  PAGE_PATHS.home,
  PAGE_PATHS.statistics('2024'),
  PAGE_PATHS.statistics('global'),
  PAGE_PATHS.school(slugOf(schools[0]!)),
  PAGE_PATHS.search,
  PAGE_PATHS.about,
];

describe('sharing and search engines', () => {
  it('every page: canonical, theme colour, Open Graph and Twitter with a preview image of its own', async () => {
    const images = new Set<string>();
    for (const path of pages()) {
      const html = await text(path);
      const url = PUBLIC_URL + path;
      expect([path, attribute(html, 'link', 'rel="canonical"', 'href')]).toEqual([path, url]);
      expect(attribute(html, 'meta', 'name="theme-color"', 'content')).toBe(THEME_COLOUR);
      expect(attribute(html, 'meta', 'property="og:url"', 'content')).toBe(url);
      expect(attribute(html, 'meta', 'property="og:title"', 'content')).toBeTruthy();
      expect(attribute(html, 'meta', 'property="og:description"', 'content')).toBeTruthy();
      expect(attribute(html, 'meta', 'name="twitter:card"', 'content')).toBe('summary_large_image');
      const image = attribute(html, 'meta', 'property="og:image"', 'content')!;
      expect(attribute(html, 'meta', 'name="twitter:image"', 'content')).toBe(image);
      expect(image.startsWith(`${PUBLIC_URL}/vista-previa/`)).toBe(true);
      images.add(image);
      const answer = await drawn(() => get(image.slice(PUBLIC_URL.length)));
      expect([image, answer.status, answer.headers.get('content-type')]).toEqual([image, 200, 'image/png']);
      expect(answer.headers.get('etag')).toMatch(/^"/);
      expect(pngSize(Buffer.from(await answer.arrayBuffer()))).toEqual(PREVIEW_SIZE);
    }
    expect(images.size).toBe(pages().length);
    expect((await get('/vista-previa/estadisticas-1999.png')).status).toBe(404);
  });

  it('a preview image follows the data: a new participant of a school, a new image', async () => {
    const school = schools[0]!;
    const path = `/vista-previa/companias-${slugOf(school)}.png`;
    const before = (await drawn(() => get(path))).headers.get('etag');
    expect(before).toMatch(/^"/);
    expect((await get(path)).headers.get('etag')).toBe(before);
    await site.fixture.insertParticipants([{ name: 'Itziar Zubia Lasa', school, year: 2024 }]);
    await site.server.follower.refresh();
    const after = await drawn(() => get(path));
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(before);
  });

  it('JSON-LD: a schema.org Dataset, CC BY-SA 4.0, its creator, the API as distribution', async () => {
    for (const path of pages()) {
      const html = await text(path);
      const json = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1];
      const dataset = JSON.parse(json!) as Record<string, unknown>;
      expect(dataset).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'Dataset',
        license: 'https://creativecommons.org/licenses/by-sa/4.0/',
        creator: { '@type': 'Person', name: 'RamistoDev' },
        url: `${PUBLIC_URL}/`,
      });
      const distribution = dataset.distribution as { contentUrl: string; encodingFormat: string }[];
      expect(distribution).toContainEqual(
        expect.objectContaining({
          encodingFormat: 'application/json',
          contentUrl: `${PUBLIC_URL}/api/statistics?year=global`,
        }),
      );
      expect(distribution.map((item) => item.contentUrl)).toContain(PUBLIC_URL + OPENAPI_PATH);
    }
    expect(PAGE_PATHS.openApi).toBe(OPENAPI_PATH);
  });

  it('the 404 page claims no address: no canonical, no card', async () => {
    const html = await text('/nope');
    expect(html).not.toContain('rel="canonical"');
    expect(html).not.toContain('og:image');
  });

  it('/robots.txt names the sitemap and keeps crawlers off the participant search', async () => {
    const answer = await get('/robots.txt');
    expect(answer.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const robots = await answer.text();
    expect(robots).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    expect(robots).toContain('Disallow: /api/participants');
    // Comparisons, endless combinations of the name pages, are not crawled (in either language).
    for (const language of ['es', 'eu'] as const)
      expect(robots).toContain(
        `Disallow: ${LOCALES[language].paths.compare.firstName.replace(/[^/]+$/, '')}`,
      );
  });

  it('/sitemap.xml lists every year, school and name page in both languages, as absolute addresses', async () => {
    const answer = await get('/sitemap.xml');
    expect(answer.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const locations = [...(await answer.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    const expected: string[] = [];
    for (const { paths, language } of Object.values(LOCALES)) {
      // The demo's catch-all has its Basque name, and its Basque page's address from it.
      const shown = (school: string) =>
        language === 'eu' && school === DEMO_CATCH_ALL_SCHOOL ? DEMO_CATCH_ALL_BASQUE : school;
      // The names of each kind's A–Z list, and the list.
      const names: string[] = [];
      for (const folder of Object.values(paths.namesFolder)) {
        const index = await (await get(folder)).text();
        const list = index.slice(index.indexOf('name-list'));
        names.push(
          folder,
          ...[...list.matchAll(new RegExp(`href="(${folder}/[a-z0-9-]+)"`, 'g'))].map((m) => m[1]!),
        );
      }
      expect(names.length).toBeGreaterThan(100);
      expected.push(
        ...[
          paths.home,
          ...years.map(paths.statistics),
          ...schools.map((school) => paths.school(slugOf(shown(school)))),
          ...names,
          paths.search,
          paths.about,
          paths.data,
        ].map((path) => PUBLIC_URL + path),
      );
    }
    expect(new Set(locations)).toEqual(new Set(expected));
    const sampled = [...locations.slice(0, 8), ...locations.slice(-8)];
    for (const location of sampled) {
      expect([location, (await get(location!.slice(PUBLIC_URL.length))).status]).toEqual([location, 200]);
    }
  });

  it('/favicon.ico is an icon of three sizes', async () => {
    const answer = await get('/favicon.ico');
    expect([answer.status, answer.headers.get('content-type')]).toEqual([200, 'image/x-icon']);
    const icon = Buffer.from(await answer.arrayBuffer());
    expect([icon.readUInt16LE(0), icon.readUInt16LE(2), icon.readUInt16LE(4)]).toEqual([0, 1, 3]);
  });
});

/** The download links of a page: each CSV and the JSON beside it, in order. */
function downloads(html: string) {
  return [...html.matchAll(/<p class="open-data">(.*?)<\/p>/gs)].map((match) => ({
    csv: /<a href="([^"]+)" download/.exec(match[1]!)![1]!.replaceAll('&amp;', '&'),
    json: /<a href="(\/api\/[^"]+)"/.exec(match[1]!)![1]!.replaceAll('&amp;', '&'),
    text: match[1]!,
  }));
}

/** A CSV file's rows, read as a browser decodes it (BOM dropped); the demo's values hold no comma, quote or line break. */
const csvRows = (csv: string) =>
  csv
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => line.split(','));

describe('open data', () => {
  it.each(['2024', 'global'])(
    '/estadisticas/%s: every statistic with data downloads as CSV, beside the same statistic in JSON, under its licence',
    async (year) => {
      const html = await text(`/estadisticas/${year}`);
      const links = downloads(html);
      const sections = [
        ...html.matchAll(/<section id="([A-Za-z]+)" class="statistic statistic-(figure|detail)/g),
      ];
      expect(links.length).toBe(sections.length);
      for (const link of links) {
        expect(link.text).toContain('href="https://creativecommons.org/licenses/by-sa/4.0/deed.es"');
        expect(link.text).toContain('Tamborradata');
        const csv = await get(link.csv);
        expect([link.csv, csv.status, csv.headers.get('content-type')]).toEqual([
          link.csv,
          200,
          CSV_CONTENT_TYPE,
        ]);
        const bytes = Buffer.from(await csv.arrayBuffer());
        expect(bytes.subarray(0, 3).toString('hex')).toBe(UTF8_BOM);
        const json = await get(link.json);
        expect([link.json, json.status]).toEqual([link.json, 200]);
        // A header and its rows; a list the small-count rule left empty has the header alone.
        const { stats } = (await json.json()) as { stats: { public_data: unknown }[] };
        const data = stats[0]!.public_data;
        const empty = Array.isArray(data) && data.length === 0;
        expect([link.csv, csvRows(bytes.subarray(3).toString('utf8')).length > 1]).toEqual([
          link.csv,
          !empty,
        ]);
      }
    },
  );

  it('/: the participants-per-edition chart downloads as CSV, beside totalParticipants in JSON', async () => {
    const [link, ...others] = downloads(await text('/'));
    expect(others).toEqual([]);
    expect([link!.csv, link!.json]).toEqual([
      '/datos/global-totalParticipants.csv',
      '/api/category?year=global&category=totalParticipants',
    ]);
    const api = (await (await get(link!.json)).json()) as {
      stats: { public_data: { year: number; count: number }[] }[];
    };
    const bytes = Buffer.from(await (await get(link!.csv)).arrayBuffer());
    const rows = csvRows(bytes.subarray(3).toString('utf8'));
    expect(rows.slice(1).map((row) => row.map(Number))).toEqual(
      expect.arrayContaining(api.stats[0]!.public_data.map((point) => [point.year, point.count])),
    );
    expect(rows.length - 1).toBe(api.stats[0]!.public_data.length);
  });

  it('a ranking’s CSV starts with the API’s list, and lists as far as the page', async () => {
    const api = (await (await get('/api/category?year=2024&category=topNamesByYear')).json()) as {
      stats: { public_data: { name: string; count: number }[] }[];
    };
    const rows = csvRows(await text('/datos/2024-topNamesByYear.csv'));
    expect(rows[0]).toEqual(['edicion', 'nombre', 'participantes']);
    const shown = api.stats[0]!.public_data.map((item) => ['2024', item.name, String(item.count)]);
    expect(rows.slice(1, shown.length + 1)).toEqual(shown);
    expect(rows.length - 1).toBeGreaterThanOrEqual(shown.length);
  });

  it('an unknown file is the 404 page', async () => {
    for (const path of ['/datos/1999-topNamesByYear.csv', '/datos/2024-nope.csv', '/datos/2024-intro.csv']) {
      expect([path, (await get(path)).status]).toEqual([path, 404]);
    }
  });
});

describe('the school pages', () => {
  it('every school has a page whose participants per edition are the store’s', async () => {
    const db = new Database(site.fixture.path, { readonly: true });
    try {
      const numeric = years.filter((year) => year !== 'global').map(Number);
      for (const school of schools) {
        const slug = slugOf(school);
        const page = await get(PAGE_PATHS.school(slug));
        expect([school, page.status]).toEqual([school, 200]);
        expect(await page.text()).toContain(`<h1>${school}</h1>`);
        const stored = db
          .prepare('SELECT year, count(*) AS n FROM participants WHERE school = ? GROUP BY year')
          .all(school) as { year: number; n: number }[];
        const counts = new Map(stored.map((row) => [row.year, row.n]));
        const first = Math.min(...stored.map((row) => row.year));
        const expected = numeric
          .filter((year) => year >= first)
          .sort((a, b) => a - b)
          .map((year) => [String(year), String(counts.get(year) ?? 0)]);
        const rows = csvRows(await text(`/datos/companias-${slug}-participantes.csv`));
        expect([school, rows.slice(1)]).toEqual([school, expected]);
      }
    } finally {
      db.close();
    }
  });

  it('a school tells the editions it took part in: since its first while it takes part, up to its last when it stopped', async () => {
    const db = new Database(site.fixture.path, { readonly: true });
    const spans = db
      .prepare('SELECT school, min(year) AS first, max(year) AS last FROM participants GROUP BY school')
      .all() as { school: string; first: number; last: number }[];
    db.close();
    const latest = Math.max(...spans.map((span) => span.last));
    const stopped = spans.filter((span) => span.last < latest && span.first < span.last);
    const going = spans.filter((span) => span.last === latest && span.first > 2018);
    expect([stopped.length, going.length]).not.toContain(0);
    for (const { school, first, last } of stopped) {
      const slug = slugOf(school);
      expect(await text(PAGE_PATHS.school(slug))).toMatch(
        new RegExp(`Desfiló en la Tamborrada Infantil de ${first}( \\([^)]+\\))? a ${last}\\.`),
      );
      expect(await text(LOCALES.eu.paths.school(slug))).toMatch(
        new RegExp(
          `Haur Danborradan parte hartu zuen ${first}${caseEnding(first, 'ablative')}( \\([^)]+\\))? ${last}${caseEnding(last, 'allative')}\\.`,
        ),
      );
    }
    for (const { school, first } of going) {
      const slug = slugOf(school);
      expect(await text(PAGE_PATHS.school(slug))).toContain(
        `Desfila en la Tamborrada Infantil desde ${first}.`,
      );
      expect(await text(LOCALES.eu.paths.school(slug))).toContain(
        `Haur Danborradan parte hartzen du ${first}${caseEnding(first, 'ablative')}.`,
      );
    }
  });

  it('an unknown school is the 404 page', async () => {
    for (const path of [
      '/companias/nope',
      '/companias/Ikastola%20Zubia',
      '/datos/companias-nope-nombres.csv',
    ]) {
      expect([path, (await get(path)).status]).toEqual([path, 404]);
    }
  });
});

describe('old and loose addresses', () => {
  it.each([
    ['/estadisticas', '/estadisticas/global'],
    ['/estadisticas/2024/', '/estadisticas/2024'],
    ['/buscar/', '/buscar'],
    ['/acerca//', '/acerca'],
    ['/statistics', '/estadisticas/global'],
    ['/statistics/2024', '/estadisticas/2024'],
    ['/statistics/global', '/estadisticas/global'],
    ['/search', '/buscar'],
  ])('%s → 301 %s', async (from, to) => {
    const answer = await get(from, { redirect: 'manual' });
    expect([answer.status, answer.headers.get('location')]).toEqual([301, to]);
    expect((await get(to)).status).toBe(200);
  });

  it.each(['/statistics/1999', '//nope.example/', '/nope/', '/api/years/'])(
    '%s: not found, never moved',
    async (path) => {
      const answer = await get(path, { redirect: 'manual' });
      expect([answer.status, answer.headers.get('location')]).toEqual([404, null]);
    },
  );
});
