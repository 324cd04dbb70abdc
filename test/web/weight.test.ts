/**
 * The weight budget: each page with its files is under 100 KB as a browser receives it
 * (gzip, the larger of the two codings offered), on the demo data of `npm start`.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rawHttp } from '../support/server.js';
import { startDemoSite, type DemoSite } from '../support/demo-site.js';

const BUDGET_BYTES = 100 * 1024;
let site: DemoSite;

beforeAll(async () => {
  site = await startDemoSite();
});

afterAll(async () => {
  await site?.close();
});

it.each([
  '/',
  '/estadisticas/2024',
  '/estadisticas/global',
  '/buscar',
  '/acerca',
  '/companias/aitzurdi-lizeoa',
  '/nombres',
  '/eu/abizenak',
  '/nombres/adrian',
  '/eu/abizenak/etxeberria',
  '/comparar/nombres?n=Ane&n=June&n=Markel&n=Garazi&n=Nora',
  '/eu/alderatu/konpainiak?n=Aitzurdi+Lizeoa&n=Ikastola+Zubia',
  '/estadisticas/1999',
])('%s with its stylesheet and icon weighs less than 100 KB compressed', async (path) => {
  const gzip = { 'accept-encoding': 'gzip' };
  const page = await rawHttp(site.server.url + path, 'GET', gzip);
  expect(page.headers['content-encoding']).toBe('gzip');
  const html = await (await fetch(site.server.url + path)).text();
  const files = [
    ...new Set([...html.matchAll(/(?:href|src)="(\/recursos\/[^"]+)"/g)].map((match) => match[1]!)),
  ];
  expect(files).toHaveLength(2);
  let total = page.body.length;
  for (const file of files) total += (await rawHttp(site.server.url + file, 'GET', gzip)).body.length;
  expect(total).toBeLessThan(BUDGET_BYTES);
});
