/**
 * The school pages and the about page in Debian's Chromium, at 390 and 1280 px, on the
 * demo data (a fifth of it), in Spanish and in Basque, each page read in the light colour
 * scheme and then the dark one: the page's language, its texts from that language's
 * catalogue, no axe violation at all, the school's table equal to the store, every school
 * name of a year page a link to its page, the JSON-LD read by the browser, and no script.
 * Screenshots are saved with `TEST_SCREENSHOTS=1` (test/support/screenshots.ts), a Basque
 * page's name starting with `eu-`.
 */
import { sectionId } from '../../src/web/chart-names.js';
import Database from 'better-sqlite3';
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../src/web/layout.js';
import { LANGUAGES, LOCALES, type Language } from '../../src/web/locale.js';
import { slugOf } from '../../src/web/school-slugs.js';
import { launchChromium, openChecked, newTab } from '../support/chromium.js';
import { startDemoSite, type DemoSite } from '../support/demo-site.js';
import { screenshotsOf } from '../support/screenshots.js';

const PAGE_TIMEOUT_MS = 120_000;

let site: DemoSite;
let browser: Browser;
/** The file's tab, visit after visit (`newTab`). */
let tab: Page;
let school: string;

beforeAll(async () => {
  site = await startDemoSite({ scale: 0.2 });
  const companies = (await (await fetch(`${site.server.url}/api/companies`)).json()) as {
    companies: string[];
  };
  school = companies.companies[0]!;
  browser = await launchChromium();
  tab = await newTab(browser);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

/**
 * Opens a page at a width; checks its status and language, no script, no axe violation in
 * either colour scheme; saves a screenshot of each when asked.
 */
async function open(path: string, width: number, name: string, language: Language): Promise<Page> {
  return openChecked(tab, site.server.url + path, width, language, screenshotsOf(tab, language, name, width));
}

describe.each(LANGUAGES)('%s', (language) => {
  const { texts, paths } = LOCALES[language];
  const otherPaths = LOCALES[texts.otherLanguage.language].paths;

  describe.each([1280, 390])('at %i px', (width) => {
    it(
      'a school’s page: its participants per edition (chart and table) are the store’s, its names, its first edition',
      async () => {
        const page = await open(paths.school(slugOf(school)), width, 'compania', language);
        expect(await page.locator('h1').textContent()).toBe(school);
        expect(await page.getByRole('heading', { level: 2 }).allTextContents()).toEqual([
          texts.figures.heading,
          texts.school.participantsHeading,
          texts.school.namesHeading,
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
          .prepare(
            'SELECT year, count(*) AS n FROM participants WHERE school = ? GROUP BY year ORDER BY year',
          )
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
        expect(await page.locator('header a.language').getAttribute('href')).toBe(
          otherPaths.school(slugOf(school)),
        );
      },
      PAGE_TIMEOUT_MS,
    );

    it(
      'the about page: the source, what each statistic means, privacy, licence and the API',
      async () => {
        const page = await open(paths.about, width, 'acerca', language);
        expect(await page.getByRole('heading', { level: 2 }).allTextContents()).toEqual([
          texts.about.source.heading,
          texts.about.definitions.heading,
          texts.about.privacy.heading,
          texts.about.licence.heading,
          texts.about.api.heading,
        ]);
        expect(await page.locator('dl dt').count()).toBe(texts.about.definitions.items.length);
        expect(await page.locator('a[rel="license"]').count()).toBe(1);
        expect(await page.locator(`main a[href="${API_PATHS.apiDocs}"]`).count()).toBe(1);
        expect(await page.locator('nav a[aria-current="page"]').textContent()).toBe(texts.about.navLabel);
        expect(await page.locator('header a.language').getAttribute('href')).toBe(otherPaths.about);
      },
      PAGE_TIMEOUT_MS,
    );
  });
});

it.each(LANGUAGES)(
  'every school name on a year page (%s) links to the school’s page in the same language',
  async (language) => {
    const { paths } = LOCALES[language];
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(site.server.url + paths.statistics('2024'), { waitUntil: 'load' });
    const [top, common] = [
      sectionId(language, 'topSchoolsByYear'),
      sectionId(language, 'commonNameBySchoolByYear'),
    ];
    const cells = page.locator(`#${top} tbody th, #${common} tbody th`);
    expect(await cells.count()).toBeGreaterThan(0);
    const links = await cells.evaluateAll((all) =>
      all.map((cell) => [cell.textContent, cell.querySelector('a')?.getAttribute('href')]),
    );
    for (const [name, href] of links) expect([name, href]).toEqual([name, paths.school(slugOf(name!))]);
    await page.locator(`#${top} tbody a`).first().click();
    await page.waitForLoadState('load');
    expect(await page.locator('h1').textContent()).toBe(links[0]![0]);
    await context.close();
  },
  PAGE_TIMEOUT_MS,
);
