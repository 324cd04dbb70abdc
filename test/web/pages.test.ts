/**
 * The pages over HTTP: prepared once per data version like the API's answers (ETag, 304,
 * brotli, revalidated), their files kept a year under names that change with them,
 * every value from the store escaped, a row of an unexpected shape shown by its summary,
 * the updating notice, and a new data version served at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CACHE } from '../../src/answer/answer.js';
import type { RunningServer } from '../../src/server.js';
import { es as webTexts } from '../../src/web/texts/es.js';
import { securityHeaders } from '../../src/answer/answer.js';
import { PAGE_POLICY } from '../../src/web/page-answer.js';
import { startTestServer } from '../support/server.js';
import { slugOf } from '../../src/web/school-slugs.js';
import { createSqliteFixture, type StoreFixture } from '../support/store-fixture.js';

let fixture: StoreFixture;
let server: RunningServer;

const HOSTILE_NAME = '<img src=x onerror=alert(1)>';
const HOSTILE_SCHOOL = 'Ikastola <Zubia> & "Txiki"';

beforeAll(async () => {
  fixture = await createSqliteFixture();
  for (const year of ['2023', '2024', 'global']) await fixture.insertYear(year, true);
  await fixture.insertParticipants([{ name: 'Ane Zubia Lasa', school: HOSTILE_SCHOOL, year: 2024 }]);
  await fixture.insertStatistic({
    category: 'topNamesByYear',
    year: '2024',
    publicData: JSON.stringify([
      { name: HOSTILE_NAME, count: 9 },
      { name: 'Jon', count: 4 },
    ]),
    summary: 'Texto <script>alert(1)</script> con **<b>negrita</b>** y **sin cierre',
  });
  await fixture.insertStatistic({
    category: 'namesDiversityByYear',
    year: '2024',
    publicData: JSON.stringify({ unexpected: true }),
    summary: 'Un resumen escrito a mano.',
  });
  await fixture.insertStatistic({
    category: 'totalParticipants',
    year: 'global',
    publicData: JSON.stringify([
      { year: 2023, count: 10 },
      { year: 2024, count: 12 },
    ]),
  });
  server = await startTestServer(() => fixture.openReadStore(), { pollIntervalMs: 60_000, webPages: true });
});

afterAll(async () => {
  await server?.close();
  await fixture?.dispose();
});

const page = (path: string, headers: Record<string, string> = {}) => fetch(server.url + path, { headers });

describe('a page is prepared like an API answer', () => {
  it.each(['/', '/estadisticas/2024', '/estadisticas/global', '/buscar'])(
    '%s: HTML, revalidated with its ETag, compressed, under the pages’ policy',
    async (path) => {
      const first = await page(path);
      expect(first.status).toBe(200);
      expect(first.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(first.headers.get('cache-control')).toBe(CACHE.revalidate);
      for (const [name, value] of Object.entries(securityHeaders(PAGE_POLICY)))
        expect(first.headers.get(name)).toBe(value);
      const etag = first.headers.get('etag')!;
      expect(etag).toMatch(/^"/);
      const again = await page(path, { 'if-none-match': etag });
      expect(again.status).toBe(304);
      const brotli = await page(path, { 'accept-encoding': 'br' });
      expect(brotli.headers.get('content-encoding')).toBe('br');
      expect(await brotli.text()).toBe(await first.text());
    },
  );

  it('its stylesheet and icon are kept a year, under names that change with them', async () => {
    const home = await (await page('/')).text();
    const files = [...home.matchAll(/(?:href|src)="(\/recursos\/[^"]+)"/g)].map((match) => match[1]!);
    expect(new Set(files.map((file) => file.replace(/\.[0-9a-f]{10}\./, '.')))).toEqual(
      new Set(['/recursos/estilo.css', '/recursos/icono.svg']),
    );
    for (const file of files) {
      const answer = await page(file);
      expect([file, answer.status, answer.headers.get('cache-control')]).toEqual([
        file,
        200,
        CACHE.immutable,
      ]);
    }
  });
});

describe('the festival’s name', () => {
  it('is written as the festival writes it: Tamborrada Infantil', async () => {
    for (const path of ['/', '/estadisticas/2024', '/buscar']) {
      const html = await (await page(path)).text();
      expect(html).toContain('Tamborrada Infantil');
      expect(html).not.toMatch(/tamborrada infantil/);
      expect(html).not.toMatch(/Tamborrada infantil/);
    }
  });
});

describe('what the store holds is shown, never run', () => {
  it('summaries are text with their **figures** in bold; names and schools are escaped', async () => {
    const year = await (await page('/estadisticas/2024')).text();
    expect(year).not.toMatch(/<script(?! type="application\/ld\+json">)/);
    expect(year).not.toContain('<img src=x');
    expect(year).toContain(
      'Texto &lt;script>alert(1)&lt;/script> con <strong>&lt;b>negrita&lt;/b></strong> y **sin cierre',
    );
    expect(year).toContain('&lt;img src=x onerror=alert(1)>');
    const search = await (await page('/buscar')).text();
    expect(search).toContain('<option value="Ikastola &lt;Zubia> &amp; &quot;Txiki&quot;">');
  });

  it('a row of an unexpected shape is shown by its summary, with a note', async () => {
    const year = await (await page('/estadisticas/2024')).text();
    expect(year).toContain(
      `<h2 id="namesDiversityByYear-heading">${webTexts.categories.namesDiversityByYear.title}</h2>`,
    );
    expect(year).toContain('Un resumen escrito a mano.');
    expect(year).toContain(webTexts.statistics.unreadable);
  });
});

describe('the pages follow the data', () => {
  it('while updating: a notice on every page, and no statistics on any', async () => {
    const before = await (await page('/estadisticas/2024')).text();
    expect(before).toContain('<table');
    expect(before).not.toContain(webTexts.updatingNotice);
    const school = `/companias/${slugOf(HOSTILE_SCHOOL)}`;
    expect(await (await page(school)).text()).toContain('<table');
    const home = await (await page('/')).text();
    expect(home).toContain('class="figure-value"');
    expect(home).toContain('<svg');
    await fixture.setUpdating(true);
    await server.follower.refresh();
    try {
      for (const path of ['/', '/buscar', '/estadisticas/global', '/estadisticas/2024', school]) {
        const during = await (await page(path)).text();
        expect(during).toContain(webTexts.updatingNotice);
        expect(during).not.toContain('<table');
        expect(during).not.toContain('<svg');
        expect(during).not.toContain('class="figure-value"');
      }
    } finally {
      await fixture.setUpdating(false);
      await server.follower.refresh();
    }
    expect(await (await page('/estadisticas/2024')).text()).toBe(before);
  });

  it('a new edition is on the pages as soon as the model has it', async () => {
    const before = await page('/');
    expect(await before.text()).not.toContain('href="/estadisticas/2025"');
    expect((await page('/estadisticas/2025')).status).toBe(404);
    await fixture.insertYear('2025', true);
    await server.follower.refresh();
    const after = await page('/');
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
    expect(await after.text()).toContain('href="/estadisticas/2025"');
    expect((await page('/estadisticas/2025')).status).toBe(200);
  });
});

describe('before the store could be read', () => {
  it('every page is a Spanish 500 page', async () => {
    const broken = await startTestServer(() => Promise.reject(new Error('no store')), {
      pollIntervalMs: 60_000,
      webPages: true,
    });
    try {
      for (const path of ['/', '/estadisticas/2024', '/buscar', '/nope']) {
        const answer = await fetch(broken.url + path);
        expect([path, answer.status, answer.headers.get('cache-control')]).toEqual([path, 500, 'no-store']);
        expect(await answer.text()).toContain(`<h1>${webTexts.unavailable.title}</h1>`);
      }
    } finally {
      await broken.close();
    }
  });
});
