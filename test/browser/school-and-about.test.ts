/**
 * The school pages and the "Acerca de" page in Debian's Chromium, at 390 and 1280 px, on
 * the demo data: no axe violation at all, the school's table equal to the store, every
 * school name of a year page a link to its page, the JSON-LD read by the browser, and
 * no script. Screenshots are saved with `TEST_SCREENSHOTS=1` (test/support/screenshots.ts).
 */
import { existsSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import Database from 'better-sqlite3';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { es } from '../../src/web/texts/es.js';
import { API_PATHS } from '../../src/web/layout.js';
import { LOCALES } from '../../src/web/locale.js';
import { slugOf } from '../../src/web/school-slugs.js';
import { startDemoSite, type DemoSite } from '../support/demo-site.js';
import { saveScreenshot } from '../support/screenshots.js';

const PAGE_PATHS = { ...LOCALES.es.paths, ...API_PATHS };

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PAGE_TIMEOUT_MS = 120_000;

let site: DemoSite;
let browser: Browser;
let school: string;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`No Chromium at ${CHROMIUM}: apt-get install chromium`);
  site = await startDemoSite();
  const companies = (await (await fetch(`${site.server.url}/api/companies`)).json()) as {
    companies: string[];
  };
  school = companies.companies[0]!;
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
    ],
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

/** Opens a page at a width; checks its status, no script, no axe violation; saves a screenshot when asked. */
async function open(path: string, width: number, name: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const answer = await page.goto(site.server.url + path, { waitUntil: 'load' });
  expect(answer!.status()).toBe(200);
  expect(await page.locator('script:not([type="application/ld+json"])').count()).toBe(0);
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);
  await saveScreenshot(page, `${name}-${width}`);
  return page;
}

describe.each([1280, 390])('at %i px', (width) => {
  it(
    '/companias/{slug}: its participants per edition (chart and table) are the store’s, its names, its first edition',
    async () => {
      const page = await open(PAGE_PATHS.school(slugOf(school)), width, 'compania');
      expect(await page.locator('h1').textContent()).toBe(school);
      expect(await page.getByRole('heading', { level: 2 }).allTextContents()).toEqual([
        es.school.figuresHeading,
        es.school.participantsHeading,
        es.school.namesHeading,
      ]);
      const section = page.locator('section[aria-labelledby="participantes"]');
      expect(await section.locator('svg[role="img"]').count()).toBe(1);
      const shown = await section
        .locator('tbody tr')
        .evaluateAll((rows) =>
          rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent)),
        );
      const db = new Database(site.fixture.path, { readonly: true });
      const stored = db
        .prepare('SELECT year, count(*) AS n FROM participants WHERE school = ? GROUP BY year ORDER BY year')
        .all(school) as { year: number; n: number }[];
      db.close();
      const byYear = new Map(stored.map((row) => [String(row.year), row.n]));
      for (const [year, count] of shown) {
        expect([year, Number(count!.replace('.', ''))]).toEqual([year, byYear.get(year!) ?? 0]);
      }
      expect(shown.filter(([, count]) => count !== '0').length).toBe(stored.length);
      expect(await page.locator('.headline').textContent()).toContain(String(stored[0]!.year));
      expect(await page.locator('section[aria-labelledby="nombres"] tbody tr').count()).toBeGreaterThan(0);
      const dataset = JSON.parse(
        (await page.locator('script[type="application/ld+json"]').textContent()) ?? '',
      ) as { '@type': string };
      expect(dataset['@type']).toBe('Dataset');
      await page.context().close();
    },
    PAGE_TIMEOUT_MS,
  );

  it(
    '/acerca: the source, what each statistic means, privacy, licence and the API',
    async () => {
      const page = await open(PAGE_PATHS.about, width, 'acerca');
      expect(await page.getByRole('heading', { level: 2 }).allTextContents()).toEqual([
        es.about.source.heading,
        es.about.definitions.heading,
        es.about.privacy.heading,
        es.about.licence.heading,
        es.about.api.heading,
      ]);
      expect(await page.locator('dl dt').count()).toBe(es.about.definitions.items.length);
      expect(await page.locator('a[rel="license"]').count()).toBe(1);
      expect(await page.locator(`main a[href="${PAGE_PATHS.apiDocs}"]`).count()).toBe(1);
      expect(await page.locator('nav a[aria-current="page"]').textContent()).toBe(es.about.navLabel);
      await page.context().close();
    },
    PAGE_TIMEOUT_MS,
  );
});

it(
  'every school name on a year page links to the school’s page',
  async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${site.server.url}/estadisticas/2024`, { waitUntil: 'load' });
    const cells = page.locator('#topSchoolsByYear tbody th, #commonNameBySchoolByYear tbody th');
    expect(await cells.count()).toBeGreaterThan(0);
    const links = await cells.evaluateAll((all) =>
      all.map((cell) => [cell.textContent, cell.querySelector('a')?.getAttribute('href')]),
    );
    for (const [name, href] of links) expect([name, href]).toEqual([name, PAGE_PATHS.school(slugOf(name!))]);
    await page.locator('#topSchoolsByYear tbody a').first().click();
    await page.waitForLoadState('load');
    expect(await page.locator('h1').textContent()).toBe(links[0]![0]);
    await context.close();
  },
  PAGE_TIMEOUT_MS,
);
