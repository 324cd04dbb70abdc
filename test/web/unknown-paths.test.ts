/**
 * What an address no row answers gets, with the web pages on and off (docs/decisions.md):
 * under /api always the API's JSON 404; elsewhere the pages' Spanish 404 page, with links
 * to the published years, when they are on, and the JSON 404 when they are off, as
 * before the pages existed. Other methods keep their 405.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrors } from '../../src/domain/api-messages.js';
import { es as webTexts } from '../../src/web/texts/es.js';
import { securityHeaders } from '../../src/answer/answer.js';
import { PAGE_POLICY } from '../../src/web/page-answer.js';
import { startDemoSite, postForm, type DemoSite } from '../support/demo-site.js';

const JSON_TYPE = 'application/json; charset=utf-8';
const HTML_TYPE = 'text/html; charset=utf-8';
const API_PATHS = ['/api', '/api/nope', '/api/years/', '/api/PING'];
const OTHER_PATHS = ['/nope', '/metrics', '/API/years', '/buscar/x', '/nope/', '//nope.example/'];

let on: DemoSite;
let off: DemoSite;

beforeAll(async () => {
  [on, off] = await Promise.all([
    startDemoSite({ scale: 0.05 }),
    startDemoSite({ scale: 0.05, webPages: false }),
  ]);
});

afterAll(async () => {
  await on?.close();
  await off?.close();
});

async function notFoundJson(url: string) {
  const answer = await fetch(url);
  expect([url, answer.status, answer.headers.get('content-type')]).toEqual([url, 404, JSON_TYPE]);
  expect(await answer.json()).toEqual({ error: apiErrors.routeNotFound.text });
}

describe('with the web pages on', () => {
  it.each(API_PATHS)('%s: the API’s JSON 404', (path) => notFoundJson(on.server.url + path));

  it.each([...OTHER_PATHS, '/estadisticas/1999', '/estadisticas/2021', '/estadisticas/GLOBAL'])(
    '%s: the Spanish 404 page, with a link to every published year',
    async (path) => {
      const answer = await fetch(on.server.url + path);
      expect([answer.status, answer.headers.get('content-type')]).toEqual([404, HTML_TYPE]);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      for (const [name, value] of Object.entries(securityHeaders(PAGE_POLICY)))
        expect(answer.headers.get(name)).toBe(value);
      const page = await answer.text();
      expect(page).toContain(`<h1>${webTexts.notFound.title}</h1>`);
      const years = ((await (await fetch(`${on.server.url}/api/years`)).json()) as { years: string[] }).years;
      for (const year of years) expect(page).toContain(`href="/estadisticas/${year}"`);
    },
  );

  it('other methods on a page still answer 405 in JSON; POST elsewhere is the 404 page', async () => {
    for (const path of ['/', '/estadisticas/2024', '/api/years']) {
      const answer = await fetch(on.server.url + path, { method: 'DELETE' });
      expect([path, answer.status, answer.headers.get('allow')]).toEqual([path, 405, 'GET, HEAD']);
      expect(await answer.json()).toEqual({ error: apiErrors.methodNotAllowed.text });
    }
    const put = await fetch(`${on.server.url}/buscar`, { method: 'PUT' });
    expect([put.status, put.headers.get('allow')]).toEqual([405, 'GET, HEAD, POST']);
    expect(await put.json()).toEqual({ error: apiErrors.methodNotAllowedWithForm.text });
    const posted = await postForm(`${on.server.url}/nope`, { name: 'Ane Garcia Lopez' });
    expect([posted.status, posted.headers.get('content-type')]).toEqual([404, HTML_TYPE]);
  });
});

describe('with the web pages off (WEB_PAGES=off)', () => {
  it.each([
    ...API_PATHS,
    ...OTHER_PATHS,
    '/',
    '/estadisticas/2024',
    '/buscar',
    '/estadisticas',
    '/estadisticas/2024/',
    '/statistics/2024',
    '/sitemap.xml',
  ])('%s: the JSON 404, as before the pages existed', (path) => notFoundJson(off.server.url + path));

  it('no page answers a form, and the API is the same', async () => {
    const posted = await postForm(`${off.server.url}/buscar`, { name: 'Ane Garcia Lopez', company: 'x' });
    expect([posted.status, await posted.json()]).toEqual([404, { error: apiErrors.routeNotFound.text }]);
    for (const path of ['/api/years', '/api/statistics?year=2024', '/api/companies']) {
      const [withPages, without] = await Promise.all([
        fetch(on.server.url + path),
        fetch(off.server.url + path),
      ]);
      expect(await without.text()).toBe(await withPages.text());
    }
  });
});
