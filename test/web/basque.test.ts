/**
 * The pages in Basque (`/eu`): every kind of page at its own address with `lang="eu"`, a
 * language link that keeps the visitor's place, `hreflang` both ways, the card, the
 * JSON-LD and the preview image in Basque, the search and its refusals in Basque, and no
 * Spanish text of the catalogue anywhere in them (school and person names aside).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreparedResponse } from '../../src/http/answer.js';
import { createSite } from '../../src/web/site.js';
import { LOCALES } from '../../src/web/locale.js';
import { es } from '../../src/web/texts/es.js';
import { eu } from '../../src/web/texts/eu.js';
import { slugOf } from '../../src/web/school-slugs.js';
import { postForm, startDemoSite, type DemoSite } from '../support/demo-site.js';
import { catalogueTexts } from '../support/catalogue.js';

const PUBLIC_URL = 'https://tamborrada.example.org';
const SCHOOL = 'Ikastola Zubia';
const { paths: esPaths } = LOCALES.es;
const { paths: euPaths } = LOCALES.eu;

let site: DemoSite;
let schools: string[];
/** A first name with a page: the first of the A–Z list. */
let firstName: string;

beforeAll(async () => {
  site = await startDemoSite({ scale: 0.05, publicUrl: PUBLIC_URL });
  await site.fixture.insertParticipants([{ name: 'Ane Zubia Lasa', school: SCHOOL, year: 2024 }]);
  await site.server.follower.refresh();
  schools = ((await (await get('/api/companies')).json()) as { companies: string[] }).companies;
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
  [esPaths.compare.firstName, euPaths.compare.firstName],
  [`${esPaths.compare.surname}?n=Zubia`, `${euPaths.compare.surname}?n=Zubia`],
  [`${esPaths.compare.school}?n=Ikastola+Zubia`, `${euPaths.compare.school}?n=Ikastola+Zubia`],
];

/** Spanish texts of the catalogue that the Basque one does not share, school and person names taken out of `html`. */
function spanishIn(html: string): string[] {
  const basque = new Set(catalogueTexts(eu));
  let visible = html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"');
  for (const name of [...schools, 'Ane Zubia Lasa']) visible = visible.split(name).join(' ');
  // Addresses shown as text (a chart's citation and embed code) are the same in both languages, like the files' names.
  visible = visible.replace(/https?:\/\/[^\s"<>]+/g, ' ');
  return catalogueTexts(es).filter((spanish) => !basque.has(spanish) && visible.includes(spanish));
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
      await get(image.slice(PUBLIC_URL.length)),
      await get('/vista-previa/estadisticas-2024.png'),
    ];
    expect([basque.status, basque.headers.get('content-type')]).toEqual([200, 'image/png']);
    expect(Buffer.from(await basque.arrayBuffer())).not.toEqual(Buffer.from(await spanish.arrayBuffer()));
    expect((await get('/eu/aurrebista/hasiera.png')).status).toBe(200);
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

  it('no page in Basque shows a Spanish text of the catalogue', async () => {
    const search = (fields: Record<string, string>) => postForm(site.server.url + euPaths.search, fields);
    const pages: [string, string][] = [];
    for (const [, basque] of addressed()) pages.push([basque!, await text(basque!)]);
    pages.push(['404', await text('/eu/ez-dago')]);
    pages.push(['name not found', await text(euPaths.name('firstName', 'xabadin'))]);
    pages.push(['found', await (await search({ name: 'Ane Zubia Lasa', company: SCHOOL })).text()]);
    pages.push(['not found', await (await search({ name: 'Miren Zubia Lasa', company: SCHOOL })).text()]);
    pages.push(['refused', await (await search({ name: 'Ane', company: '' })).text()]);
    for (const [page, html] of pages) expect([page, spanishIn(html)]).toEqual([page, []]);
    // The check finds Spanish: the Spanish pages are full of it.
    expect(spanishIn(await text(esPaths.home)).length).toBeGreaterThan(10);
  });

  it('while the data is updating, the notice is in Basque', async () => {
    await site.fixture.setUpdating(true);
    await site.server.follower.refresh();
    try {
      const html = await text(euPaths.home);
      expect(html).toContain(eu.updatingNotice);
      expect(spanishIn(html)).toEqual([]);
    } finally {
      await site.fixture.setUpdating(false);
      await site.server.follower.refresh();
    }
  });

  it('while the store has not been read, the error page is in the language of the address', async () => {
    const made = createSite({ publicUrl: PUBLIC_URL });
    const body = (language: 'es' | 'eu') =>
      String((made.at({ kind: 'loading' }, language).home() as PreparedResponse).identity.body);
    expect(body('eu')).toContain(eu.unavailable.title);
    expect(spanishIn(body('eu'))).toEqual([]);
    expect(body('es')).toContain(es.unavailable.title);
  });
});
