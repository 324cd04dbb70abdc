/**
 * The comparisons in Debian's Chromium, at 1280 and 390 px, in Spanish and Basque, each
 * page read in the light colour scheme and then the dark one, on the demo data with a few fictional children added: five names (one with a
 * count withheld, one not found) and schools (one of a long unbroken name) on one chart
 * with its legend and table; the table's counts are the store's; no axe violation, no
 * script, no sideways scroll, no chart text outside its chart; the form sends the
 * comparison to a shareable address. Screenshots with `TEST_SCREENSHOTS=1`.
 */
import Database from 'better-sqlite3';
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comparisonPath, LANGUAGES, LOCALES, type Language } from '../../src/web/locale.js';
import { launchChromium, openChecked, newTab } from '../support/chromium.js';
import { startDemoSite, type DemoSite } from '../support/demo-site.js';
import { screenshotsOf } from '../support/screenshots.js';

const PAGE_TIMEOUT_MS = 120_000;

/** Four fictional children in all, three of them in 2024: no count shown in 2023. */
const WITHHELD = 'Amalurtxo';
const NOT_FOUND = 'Itziartxa';
const NAMES = ['Ane', 'June', WITHHELD, 'Markel', NOT_FOUND];
/** A school's name of 148 characters, 139 of them unbroken. */
const LONG_SCHOOL = `Ikastola ${'Txikierdiberri'.repeat(9)}tx`;

let site: DemoSite;
let browser: Browser;
/** The file's tab, visit after visit (`newTab`). */
let tab: Page;
let schools: string[];

beforeAll(async () => {
  site = await startDemoSite({ scale: 0.1 });
  const { companies } = (await (await fetch(`${site.server.url}/api/companies`)).json()) as {
    companies: string[];
  };
  await site.fixture.insertParticipants([
    { name: `${WITHHELD} Garcia Lopez`, school: companies[0]!, year: 2023 },
    ...['Garcia Lopez', 'Perez Ruiz', 'Olano Lasa'].map((surnames) => ({
      name: `${WITHHELD} ${surnames}`,
      school: LONG_SCHOOL,
      year: 2024,
    })),
  ]);
  await site.server.follower.refresh();
  schools = [companies[0]!, LONG_SCHOOL, companies[1]!];
  browser = await launchChromium();
  tab = await newTab(browser);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

/** Opens a page at a width: status 200, its language, no script, no axe violation in either scheme, nothing past its edges. */
async function open(path: string, width: number, name: string, language: Language): Promise<Page> {
  const page = await openChecked(
    tab,
    site.server.url + path,
    width,
    language,
    screenshotsOf(tab, language, name, width),
  );
  const faults = await page.evaluate(() => {
    const outside: string[] = [];
    for (const chart of document.querySelectorAll('svg.chart')) {
      const box = chart.getBoundingClientRect();
      for (const text of chart.querySelectorAll('text')) {
        const own = text.getBoundingClientRect();
        if (own.left < box.left - 0.5 || own.right > box.right + 0.5) outside.push(text.textContent ?? '');
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, outside };
  });
  expect(faults).toEqual({ scrollWidth: width, outside: [] });
  return page;
}

/** The rows of the comparison's table, each cell's text. */
const tableOf = (page: Page) =>
  page
    .locator('#comparacion ~ * tbody tr, section[aria-labelledby="comparacion"] tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent)),
    );

function stored(sql: string, value: string): Map<string, number> {
  const db = new Database(site.fixture.path, { readonly: true });
  const rows = db.prepare(sql).all(value) as { year: number; n: number; children: number }[];
  db.close();
  return new Map(rows.filter((row) => row.children >= 3).map((row) => [String(row.year), row.n]));
}

describe.each(LANGUAGES)('%s', (language) => {
  const { texts } = LOCALES[language];
  const compare = texts.compare;

  describe.each([1280, 390])('at %i px', (width) => {
    it(
      'five names: one chart with its legend, the table, a count withheld, a name not found',
      async () => {
        const page = await open(
          comparisonPath(language, 'firstName', NAMES),
          width,
          'comparar-nombres',
          language,
        );
        expect(await page.locator('h1').textContent()).toBe(compare.firstName.title);
        const section = page.locator('section[aria-labelledby="comparacion"]');
        expect(await section.locator('svg[role="img"]').count()).toBe(1);
        expect(await section.locator('svg[role="img"] desc').textContent()).toContain('2021');
        expect(await section.locator('.legend li').allTextContents()).toEqual([
          'Ane',
          'June',
          WITHHELD,
          'Markel',
        ]);
        expect(await page.locator('ul.not-found li').allTextContents()).toEqual([NOT_FOUND]);
        const withheld = stored(
          `SELECT year, count(*) AS n, count(DISTINCT lower(name)) AS children
           FROM participants WHERE name LIKE ? GROUP BY year`,
          `${WITHHELD} %`,
        );
        const rows = await tableOf(page);
        expect(rows.length).toBeGreaterThan(3);
        for (const row of rows) {
          const count = withheld.get(row[0]!);
          // A shown count is followed by its share of the edition's participants.
          expect([row[0], row[3]!.split(' (')[0]]).toEqual([
            row[0],
            count === undefined ? texts.names.fewer(3) : String(count),
          ]);
          expect(row[3]!.includes('%')).toBe(count !== undefined);
        }
      },
      PAGE_TIMEOUT_MS,
    );

    it(
      'schools: their participants per edition are the store’s; a long name wraps',
      async () => {
        const page = await open(
          comparisonPath(language, 'school', schools),
          width,
          'comparar-companias',
          language,
        );
        expect(await page.locator('h1').textContent()).toBe(compare.school.title);
        const rows = await tableOf(page);
        expect(rows.length).toBeGreaterThan(3);
        expect(await page.locator('.legend li').allTextContents()).toEqual(schools);
        const counts = schools.map((school) =>
          stored(
            'SELECT year, count(*) AS n, 3 AS children FROM participants WHERE school = ? GROUP BY year',
            school,
          ),
        );
        for (const [year, ...cells] of rows)
          expect([year, ...cells.map((cell) => Number(cell!.split(' (')[0]!.replace('.', '')))]).toEqual([
            year,
            ...counts.map((byYear) => byYear.get(year!) ?? 0),
          ]);
      },
      PAGE_TIMEOUT_MS,
    );
  });
});

it.each(['es', 'eu'] as const)(
  'the form (%s) sends what is typed to an address that can be shared',
  async (language) => {
    const { paths, texts } = LOCALES[language];
    const page = await open(paths.compare.surname, 390, 'comparar-formulario', language);
    await page.getByLabel(texts.compare.surname.field(1)).fill('garcia');
    await page.getByLabel(texts.compare.surname.field(2)).fill('Lopez');
    await page.getByRole('button', { name: texts.compare.submit }).click();
    await page.waitForLoadState('load');
    expect(new URL(page.url()).searchParams.getAll('n')).toEqual(['garcia', 'Lopez', '', '', '']);
    expect(await page.locator('section[aria-labelledby="comparacion"] .legend li').allTextContents()).toEqual(
      ['Garcia', 'Lopez'],
    );
    const shared = await browser.newPage();
    await shared.goto(page.url(), { waitUntil: 'load' });
    expect(await shared.content()).toBe(await page.content());
    await shared.close();
  },
  PAGE_TIMEOUT_MS,
);
