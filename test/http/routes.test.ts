/**
 * The route table is the one list of what the server answers: every row is answered,
 * HEAD like GET without the body, its 200 answers carry the row's Cache-Control, other
 * methods on its path answer 405 (a row that takes a posted form allows POST too), and
 * the OpenAPI document lists exactly the operations, each a row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteLocation } from '../../src/config/index.js';
import { loadDemo } from '../../src/cli/commands/demo.js';
import { OPERATIONS } from '../../src/http/operations.js';
import { buildRoutes } from '../../src/http/routes.js';
import { createSite } from '../../src/web/site.js';
import type { RunningServer } from '../../src/server.js';
import { drawn } from '../support/preview.js';
import { rawHttp, startTestServer } from '../support/server.js';
import { createSqliteFixture, type StoreFixture } from '../support/store-fixture.js';

/** A request for each row that its answer is a 200 for, on the demo data. */
const SAMPLE_QUERY: Record<string, string> = {
  '/api/statistics': '?year=2024',
  '/api/category': '?year=2024&category=topNamesByYear',
};
const SAMPLE_PATH: Record<string, string> = {
  '/estadisticas/:year': '/estadisticas/2024',
  '/companias/:slug': '/companias/ikastola-zubia',
  '/datos/:file': '/datos/2024-topNamesByYear.csv',
  '/vista-previa/:image': '/vista-previa/inicio.png',
  '/statistics/:year': '/statistics/2024',
  '/eu/estatistikak/:year': '/eu/estatistikak/2024',
  '/eu/konpainiak/:slug': '/eu/konpainiak/ikastola-zubia',
  '/eu/aurrebista/:image': '/eu/aurrebista/hasiera.png',
  '/nombres/:slug': '/nombres/ane',
  '/apellidos/:slug': '/apellidos/zubia',
  '/eu/izenak/:slug': '/eu/izenak/ane',
  '/eu/abizenak/:slug': '/eu/abizenak/zubia',
  '/graficos/:file': '/graficos/2024-topNamesByYear.svg',
  '/eu/grafikoak/:file': '/eu/grafikoak/2024-izen-ohikoenak.svg',
  '/insertar/:name': '/insertar/2024-topNamesByYear',
  '/eu/txertatu/:name': '/eu/txertatu/2024-izen-ohikoenak',
};
/** The rows of the charts' embeddable pages: the only answers another site may frame. */
const EMBEDS = new Set(['/insertar/:name', '/eu/txertatu/:name']);
/** The rows of old and loose addresses: a redirect to ours, with no body. */
const REDIRECTS = new Set([
  '/estadisticas',
  '/eu/estatistikak',
  '/statistics',
  '/statistics/:year',
  '/search',
]);

const ROUTES = buildRoutes(createSite({ publicUrl: 'http://localhost:3000' }));

describe('the route table', () => {
  let fixture: StoreFixture & { path: string };
  let server: RunningServer;
  let search: string;

  beforeAll(async () => {
    fixture = await createSqliteFixture();
    await loadDemo({ seed: 2, scale: 0.02 }, sqliteLocation(fixture.path));
    // Three children named Ane and Zubia: both names have a page.
    await fixture.insertParticipants(
      ['Ane Zubia Lasa', 'Ane Zubia Olano', 'Ane Arana Zubia'].map((name) => ({
        name,
        school: 'Ikastola Zubia',
        year: 2024,
      })),
    );
    search = '?name=Ane%20Zubia%20Lasa&company=Ikastola%20Zubia';
    server = await startTestServer(() => fixture.openReadStore(), { pollIntervalMs: 60_000 });
  });

  afterAll(async () => {
    await server?.close();
    await fixture?.dispose();
  });

  const target = (path: string) =>
    (SAMPLE_PATH[path] ?? path) + (path === '/api/participants' ? search : (SAMPLE_QUERY[path] ?? ''));

  it.each(ROUTES.filter((route) => !route.form).map((route) => [route.path, route.cache]))(
    '%s: 200 (or 301) with Cache-Control %s, HEAD alike without the body, 405 for POST',
    async (path, cache) => {
      // A preview image once drawn (the server draws them in the background).
      const get = await drawn(() => rawHttp(server.url + target(path), 'GET'));
      const head = await rawHttp(server.url + target(path), 'HEAD');
      const moved = REDIRECTS.has(path);
      expect(get.status).toBe(moved ? 301 : 200);
      expect(get.headers['cache-control']).toBe(cache);
      expect(get.headers['x-content-type-options']).toBe('nosniff');
      expect(get.body.length > 0).toBe(!moved);
      expect(head.headers.location).toBe(get.headers.location);
      expect([head.status, head.headers.etag, head.headers['content-length'], head.body.length]).toEqual([
        get.status,
        get.headers.etag,
        get.headers['content-length'],
        0,
      ]);
      const post = await rawHttp(server.url + path, 'POST');
      expect([post.status, post.headers.allow]).toEqual([405, 'GET, HEAD']);
    },
  );

  it.each(ROUTES.filter((route) => route.form).map((route) => [route.path, route.cache]))(
    '%s: 200 with Cache-Control %s, its form answered, 405 for PUT',
    async (path, cache) => {
      const get = await rawHttp(server.url + target(path), 'GET');
      expect([get.status, get.headers['cache-control']]).toEqual([200, cache]);
      const form = { 'content-type': 'application/x-www-form-urlencoded' };
      const body = 'name=Ane+Zubia+Lasa&company=Ikastola+Zubia';
      const posted = await rawHttp(server.url + path, 'POST', form, body);
      expect(posted.status).toBe(200);
      expect(posted.body.toString()).toContain('Ane Zubia Lasa');
      const put = await rawHttp(server.url + path, 'PUT');
      expect([put.status, put.headers.allow]).toEqual([405, 'GET, HEAD, POST']);
    },
  );

  it.each(ROUTES.map((route) => [route.path]))(
    '%s: another site may frame it only if it is a chart’s embeddable page',
    async (path) => {
      const { status, headers } = await rawHttp(server.url + target(path), 'GET');
      expect(status).toBe(REDIRECTS.has(path) ? 301 : 200);
      expect(headers['content-security-policy']).toMatch(
        EMBEDS.has(path) ? /; frame-ancestors \*$/ : /(^|; )frame-ancestors 'none'(;|$)/,
      );
      expect(headers['x-frame-options']).toBeUndefined();
    },
  );

  it('the OpenAPI document lists exactly the operations, each a row', async () => {
    const document = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
      paths: Record<string, unknown>;
    };
    const operations = OPERATIONS.map((operation) => operation.path);
    expect(Object.keys(document.paths).sort()).toEqual(operations.sort());
    expect(ROUTES.map((route) => route.path)).toEqual(expect.arrayContaining(operations));
  });
});
