/**
 * The pages in Basque (`/eu`): every kind of page at its own address with `lang="eu"`, a
 * language link that keeps the visitor's place, `hreflang` both ways, the card, the
 * JSON-LD and the preview image in Basque, the search and its refusals in Basque; and in
 * no Basque page, chart file or embeddable page a word of Spanish or English a visitor can
 * read (text, titles, alt texts, labels, the citation and the embed code to copy), school
 * and person names aside.
 */
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CATCH_ALL_BASQUE, DEMO_CATCH_ALL_SCHOOL } from '../../src/demo/index.js';
import type { PreparedResponse } from '../../src/answer/answer.js';
import { createSite } from '../../src/web/site.js';
import { COMPARED_KINDS, LOCALES } from '../../src/web/locale.js';
import { pageRow } from '../../src/web/page-table.js';
import { es } from '../../src/web/texts/es.js';
import { eu } from '../../src/web/texts/eu.js';
import { slugOf } from '../../src/web/school-slugs.js';
import { drawn } from '../support/preview.js';
import { postForm, startDemoSite, type DemoSite } from '../support/demo-site.js';
import { catalogueTexts } from '../support/catalogue.js';
import { DEMO_FIRST_NAMES, DEMO_SURNAMES } from '../support/demo-pools.js';

const PUBLIC_URL = 'https://tamborrada.example.org';
const SCHOOL = 'Ikastola Zubia';
/** The demo's catch-all, which it names in Basque, and a child of it to find. */
const CATCH_ALL = DEMO_CATCH_ALL_SCHOOL;
const CATCH_ALL_CHILD = 'Itziar Zubia Lasa';
const { paths: esPaths } = LOCALES.es;
const { paths: euPaths } = LOCALES.eu;

let site: DemoSite;
let schools: string[];
/** A first name with a page: the first of the A–Z list. */
let firstName: string;
/**
 * The proper names a Basque page may write as they are, longest first: the schools by the
 * lists' names (but those named in Basque), people's names, with their slugs in addresses.
 */
let properNames: RegExp;

beforeAll(async () => {
  site = await startDemoSite({ scale: 0.05, publicUrl: PUBLIC_URL });
  await site.fixture.insertParticipants([
    { name: 'Ane Zubia Lasa', school: SCHOOL, year: 2024 },
    { name: CATCH_ALL_CHILD, school: CATCH_ALL, year: 2024 },
  ]);
  await site.server.follower.refresh();
  schools = ((await (await get('/api/companies')).json()) as { companies: string[] }).companies;
  const store = new Database(site.fixture.path, { readonly: true });
  const labelled = new Set(
    store.prepare("SELECT school FROM tamborrada_school_labels WHERE lang = 'eu'").pluck().all() as string[],
  );
  store.close();
  expect([...labelled]).toEqual([CATCH_ALL]);
  const people = [...DEMO_FIRST_NAMES, ...DEMO_SURNAMES, 'Ane Zubia Lasa', CATCH_ALL_CHILD, 'Zubia', 'Lasa'];
  const named = [
    ...schools.filter((school) => !labelled.has(school)),
    ...people,
    ...QUOTED,
    ...OTHER_PROPER_NAMES,
  ];
  properNames = namePattern([...new Set([...named, ...named.map((name) => slugOf(name))])]);
  const index = await text(esPaths.namesFolder.firstName);
  firstName = /href="\/nombres\/([a-z0-9-]+)"/.exec(index.slice(index.indexOf('name-list')))![1]!;
});

afterAll(async () => {
  await site?.close();
});

const get = (path: string) => fetch(site.server.url + path, { redirect: 'manual' });
const text = async (path: string) => (await get(path)).text();
const attribute = (html: string, element: RegExp, name: string) =>
  new RegExp(`${name}="([^"]*)"`).exec(element.exec(html)?.[0] ?? '')?.[1];

/** Every page with an address, in both languages. */
const addressed = () => [
  [esPaths.home, euPaths.home],
  [esPaths.statistics('2024'), euPaths.statistics('2024')],
  [esPaths.statistics('global'), euPaths.statistics('global')],
  [esPaths.school(slugOf(SCHOOL)), euPaths.school(slugOf(SCHOOL))],
  [esPaths.namesFolder.firstName, euPaths.namesFolder.firstName],
  [esPaths.namesFolder.surname, euPaths.namesFolder.surname],
  [esPaths.name('firstName', firstName), euPaths.name('firstName', firstName)],
  [esPaths.search, euPaths.search],
  [esPaths.about, euPaths.about],
  [esPaths.data, euPaths.data],
  [esPaths.compare.firstName, euPaths.compare.firstName],
  [`${esPaths.compare.surname}?n=Zubia`, `${euPaths.compare.surname}?n=Zubia`],
  [`${esPaths.compare.school}?n=Ikastola+Zubia`, `${euPaths.compare.school}?n=Ikastola+Zubia`],
];

/**
 * Spanish and English words no Basque text of the pages uses: with the Spanish catalogue's
 * sentences, they catch a school left with the lists' name ("Otras compañías") and an
 * address or anchor left in Spanish or English (`companias-…-participantes`, `#ediciones`).
 */
const FOREIGN_WORDS = new Set(
  (
    'de del la las los el en y con por para que un una al sus se participante participantes ' +
    'compañía compañías compania companias edición ediciones edicion nombre nombres apellido ' +
    'apellidos datos año años gráfico gráficos grafico graficos insertar estadísticas estadisticas ' +
    'otras otros buscar acerca comparar inicio vista previa the and of with participants names ' +
    'surnames schools companies chart charts'
  ).split(' '),
);
/** Nouns counted by one, which Basque writes `konpainia bat`, never `1 konpainia`. */
const ONE_BEFORE_NOUN =
  /(?<![\d.,])1 (edizio|konpainia|parte-hartze|parte-hartzaile|haur|izen|abizen|karaktere|errenkada)\b/;
/** Written by the about page as they are written: the particles of Spanish surnames, and example names. */
const QUOTED = [
  '(de, del, la, las, los, y, san, santa…)',
  'Maria de la Fuente Perez',
  'Lopez de Munain',
  'Ruiz de Azua',
];
/** Names of places, works and standards, written as their owners write them. */
const OTHER_PROPER_NAMES = ['Donostia / San Sebastián', 'RamistoDev', 'Tamborradata', 'OpenAPI', 'DCAT-AP'];
/** Readable attributes: what a screen reader says, a tooltip shows, a shared link's card prints. */
const READABLE_META =
  /^(description|og:title|og:description|og:image:alt|og:site_name|twitter:title|twitter:description|twitter:image:alt)$/;

const decode = (text: string) =>
  text
    .replace(/&#x([0-9a-f]+);/gi, (_, code: string) => String.fromCodePoint(parseInt(code, 16)))
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

/**
 * What a visitor can read of a page or an SVG file: its text, the attributes read out or
 * shown (alt, title, aria-label, a field's value, the card's meta), the code and citation
 * to copy; not a link's target, a script or what is marked Spanish (the link to the Spanish
 * page, `lang="es"`). Addresses of other sites (the licence's) are theirs to name.
 */
function readable(html: string): string {
  const page = html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/g, ' ')
    .replace(/<a [^>]*\blang="es"[^>]*>[\s\S]*?<\/a>/g, ' ')
    // A chart's label cut to fit is read whole in its title.
    .replace(/>[^<]*…<title>/g, '><title>');
  const attributes = [
    ...[...page.matchAll(/\s(?:alt|title|aria-label|placeholder)="([^"]*)"/g)].map((match) => match[1]!),
    ...[...page.matchAll(/<input\b[^>]*\svalue="([^"]*)"/g)].map((match) => match[1]!),
    ...[...page.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)"/g)]
      .filter((match) => READABLE_META.test(match[1]!))
      .map((match) => match[2]!),
  ];
  const text = page.replace(/<[^>]+>/g, ' ');
  return decode([text, ...attributes].join(' \n '))
    .replace(/\s+/g, ' ')
    .replace(/https?:\/\/(?!tamborrada\.example\.org)[^\s"'<>]+/g, ' ');
}

/**
 * The proper names as one pattern, longest first, as whole words; a name as written with
 * the Basque ending it may take after a hyphen (`RamistoDev-en`), a slug without.
 */
function namePattern(names: readonly string[]): RegExp {
  const escape = (name: string) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const alternatives = [...names]
    .sort((a, b) => b.length - a.length)
    .map((name) => escape(name) + (/\p{Lu}/u.test(name) ? '(?:-\\p{Ll}+)?' : ''));
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives.join('|')})(?![\\p{L}\\p{N}])`, 'gu');
}

/**
 * What of a Basque page is Spanish or English, school and person names aside: a text of the
 * Spanish catalogue the Basque one does not share, a Spanish or English word, an identifier
 * in camel case, a one before its noun.
 */
function foreignIn(html: string): string[] {
  const basque = new Set(catalogueTexts(eu));
  const visible = readable(html).replace(properNames, ' ');
  const sentences = catalogueTexts(es).filter((spanish) => !basque.has(spanish) && visible.includes(spanish));
  const words = visible
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter((word) => FOREIGN_WORDS.has(word));
  const camel = visible.split(/[^\p{L}\p{N}]+/u).filter((word) => /\p{Ll}\p{Lu}/u.test(word));
  const one = ONE_BEFORE_NOUN.exec(visible)?.[0];
  return [...new Set([...sentences, ...words, ...camel, ...(one === undefined ? [] : [one])])];
}

describe('the pages in Basque', () => {
  it('every page has its Basque address, lang="eu", hreflang both ways and a language link to its place', async () => {
    for (const [spanish, basque] of addressed()) {
      const [esHtml, euHtml] = [await text(spanish!), await text(basque!)];
      expect([basque, (await get(basque!)).status]).toEqual([basque, 200]);
      expect(euHtml).toContain('<html lang="eu">');
      expect(esHtml).toContain('<html lang="es">');
      for (const html of [esHtml, euHtml]) {
        expect(attribute(html, /<link rel="alternate" hreflang="es"[^>]*>/, 'href')).toBe(
          PUBLIC_URL + spanish,
        );
        expect(attribute(html, /<link rel="alternate" hreflang="eu"[^>]*>/, 'href')).toBe(
          PUBLIC_URL + basque,
        );
        expect(attribute(html, /<link rel="alternate" hreflang="x-default"[^>]*>/, 'href')).toBe(
          PUBLIC_URL + spanish,
        );
      }
      expect(attribute(euHtml, /<a class="language"[^>]*>/, 'href')).toBe(spanish);
      expect(attribute(esHtml, /<a class="language"[^>]*>/, 'href')).toBe(basque);
      expect(attribute(euHtml, /<link rel="canonical"[^>]*>/, 'href')).toBe(PUBLIC_URL + basque);
      expect(attribute(euHtml, /<meta property="og:locale"[^>]*>/, 'content')).toBe('eu_ES');
      expect(euHtml).toContain('"inLanguage":"eu"');
      expect(euHtml).toContain(`"name":"${eu.meta.datasetName}"`);
    }
  });

  it('the preview image of a Basque page is its own, in its own folder', async () => {
    const html = await text(euPaths.statistics('2024'));
    const image = attribute(html, /<meta property="og:image"[^>]*>/, 'content')!;
    expect(image).toBe(`${PUBLIC_URL}/eu/aurrebista/estatistikak-2024.png`);
    const [basque, spanish] = [
      await drawn(() => get(image.slice(PUBLIC_URL.length))),
      await drawn(() => get('/vista-previa/estadisticas-2024.png')),
    ];
    expect([basque.status, basque.headers.get('content-type')]).toEqual([200, 'image/png']);
    expect(Buffer.from(await basque.arrayBuffer())).not.toEqual(Buffer.from(await spanish.arrayBuffer()));
    expect((await drawn(() => get('/eu/aurrebista/hasiera.png'))).status).toBe(200);
  });

  it('an unknown address under /eu answers the 404 page in Basque, linking to the Basque home', async () => {
    const answer = await get('/eu/ez-dago');
    const html = await answer.text();
    expect(answer.status).toBe(404);
    expect(html).toContain('<html lang="eu">');
    expect(html).toContain(eu.notFound.title);
    expect(attribute(html, /<a class="language"[^>]*>/, 'href')).toBe(esPaths.home);
    expect((await get('/eu/estatistikak/1999')).status).toBe(404);
    expect((await get('/eu/estatistikak')).headers.get('location')).toBe('/eu/estatistikak/global');
    expect((await get('/eu/')).headers.get('location')).toBe('/eu');
  });

  it('the search answers in Basque: its results, each refusal and the search budget', async () => {
    const search = (fields: Record<string, string>) => postForm(site.server.url + euPaths.search, fields);
    const found = await (await search({ name: 'ane zubia lasa', company: SCHOOL })).text();
    expect(found).toContain(eu.search.found(1, SCHOOL));
    expect(found).toContain(`href="${euPaths.statistics('2024')}"`);
    const missing = await (await search({ name: 'Miren Zubia Lasa', company: SCHOOL })).text();
    expect(missing).toContain(eu.search.notFound);
    for (const [fields, refusal] of [
      [{ name: '', company: '' }, eu.search.errors.nothing],
      [{ name: 'Ane Zubia Lasa', company: '' }, eu.search.errors.company],
      [{ name: '', company: SCHOOL }, eu.search.errors.name],
      [{ name: 'Ane Zubia', company: SCHOOL }, eu.search.errors.nameTooShort],
    ] as const) {
      const answer = await search(fields);
      expect([answer.status, await answer.text()]).toEqual([400, expect.stringContaining(refusal)]);
    }
    expect(found).toContain(`action="${euPaths.search}"`);
  });

  it('no Basque page, chart file or embeddable page holds a word of Spanish or English, names aside', async () => {
    const pages = new Map<string, string>();
    const add = async (path: string) => void (pages.has(path) || pages.set(path, await text(path)));
    // Every Basque page with an address, as the sitemap lists them (one name page in five)…
    const sitemap = await text('/sitemap.xml');
    const listed = [...sitemap.matchAll(/<loc>https:\/\/tamborrada\.example\.org(\/eu[^<]*)<\/loc>/g)];
    const isName = (path: string) => /^\/eu\/(izenak|abizenak)\/./.test(path);
    for (const [i, [, path]] of listed.entries()) if (!isName(path!) || i % 5 === 0) await add(decode(path!));
    // …the catch-all's page by its Basque name, the comparisons, the pages of what has none, the search's answers.
    const catchAll = euPaths.school(slugOf(DEMO_CATCH_ALL_BASQUE));
    const more = [
      ...COMPARED_KINDS.map((kind) => euPaths.compare[kind]),
      `${euPaths.compare.firstName}?n=${firstName}&n=Xabadin`,
      `${euPaths.compare.surname}?n=Zubia`,
      `${euPaths.compare.school}?n=${encodeURIComponent(CATCH_ALL)}&n=${encodeURIComponent(SCHOOL)}`,
      '/eu/ez-dago',
      euPaths.name('firstName', 'xabadin'),
      `${euPaths.namesFolder.surname}?abizena=Xabadin`,
    ];
    for (const path of more) await add(path);
    expect(pages.get(catchAll)).toContain(`<h1>${DEMO_CATCH_ALL_BASQUE}</h1>`);
    const search = (fields: Record<string, string>) => postForm(site.server.url + euPaths.search, fields);
    const answers: [string, Record<string, string>][] = [
      ['found', { name: 'Ane Zubia Lasa', company: SCHOOL }],
      ['found in the catch-all', { name: CATCH_ALL_CHILD, company: CATCH_ALL }],
      ['not found', { name: 'Miren Zubia Lasa', company: SCHOOL }],
      ['refused', { name: 'Ane', company: '' }],
    ];
    for (const [page, fields] of answers) pages.set(page, await (await search(fields)).text());
    expect(pages.get('found in the catch-all')).toContain(eu.search.found(1, DEMO_CATCH_ALL_BASQUE));
    // Every chart they offer: its SVG file and its embeddable page.
    const reuse = /<div class="chart-reuse">[\s\S]*?<a href="([^"]+\.svg)">[^<]*<\/a> · <a href="([^"]+)">/g;
    const charts = new Set(
      [...pages.values()].flatMap((html) => [...html.matchAll(reuse)].flatMap((m) => [m[1]!, m[2]!])),
    );
    for (const chart of charts) await add(chart);
    const kinds = (pattern: RegExp) => [...pages.keys()].filter((path) => pattern.test(path)).length;
    expect({
      years: kinds(/^\/eu\/estatistikak\/\d{4}$/),
      schools: kinds(/^\/eu\/konpainiak\//),
      names: kinds(/^\/eu\/izenak\/./),
      surnames: kinds(/^\/eu\/abizenak\/./),
      files: kinds(/^\/eu\/grafikoak\/.+\.svg$/),
      embeds: kinds(/^\/eu\/txertatu\//),
    }).toEqual({
      years: 7,
      schools: expect.any(Number),
      names: expect.any(Number),
      surnames: expect.any(Number),
      files: charts.size / 2,
      embeds: charts.size / 2,
    });
    expect(Math.min(kinds(/^\/eu\/konpainiak\//), kinds(/^\/eu\/izenak\/./), charts.size)).toBeGreaterThan(
      10,
    );
    for (const [page, html] of pages) {
      expect([page, foreignIn(html)]).toEqual([page, []]);
      // A turn of the event loop between pages: a kept-alive connection the server closes
      // meanwhile is seen closed, not reused by the next test's first request.
      await new Promise((resolve) => setImmediate(resolve));
    }
  });

  it('finds what it must: a school by the lists’ name, a Spanish address or an English anchor, Spanish pages', async () => {
    const catchAll = await text(euPaths.school(slugOf(DEMO_CATCH_ALL_BASQUE)));
    expect(foreignIn(catchAll.replaceAll(DEMO_CATCH_ALL_BASQUE, CATCH_ALL))).toEqual(
      expect.arrayContaining(['otras', 'compañías']),
    );
    const code = (src: string) =>
      `<pre><code>&lt;iframe src="${PUBLIC_URL}${src}"&gt;&lt;/iframe&gt;</code></pre>`;
    expect(foreignIn(code('/eu/txertatu/companias-ikastola-zubia-participantes'))).toEqual(
      expect.arrayContaining(['companias', 'participantes']),
    );
    expect(foreignIn(code('/eu/estatistikak/global#totalParticipants'))).toEqual(['totalParticipants']);
    expect(foreignIn('<p>Ikusi taula (1 errenkada)</p>')).toEqual(['1 errenkada']);
    // The Spanish pages are full of it.
    expect(foreignIn(await text(esPaths.home)).length).toBeGreaterThan(10);
  });

  it('while the data is updating, the notice is in Basque', async () => {
    await site.fixture.setUpdating(true);
    await site.server.follower.refresh();
    try {
      const html = await text(euPaths.home);
      expect(html).toContain(eu.updatingNotice);
      expect(foreignIn(html)).toEqual([]);
    } finally {
      await site.fixture.setUpdating(false);
      await site.server.follower.refresh();
    }
  });

  it('while the store has not been read, the error page is in the language of the address', async () => {
    const made = createSite({ publicUrl: PUBLIC_URL });
    const body = (language: 'es' | 'eu') =>
      String(
        (
          made
            .at({ kind: 'loading' }, language)
            .page(pageRow('home'), {}, { query: {}, rawQuery: '' }) as PreparedResponse
        ).identity.body,
      );
    expect(body('eu')).toContain(eu.unavailable.title);
    expect(foreignIn(body('eu'))).toEqual([]);
    expect(body('es')).toContain(es.unavailable.title);
  });
});
