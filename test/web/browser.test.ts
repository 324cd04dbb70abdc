/**
 * The pages in a real browser: Debian's Chromium (`apt-get install chromium`; `.ci/run`
 * installs it) driven by playwright-core, over the demo data of `npm start`. For `/`, a
 * year, global, a 404 and a search (found, not found, invalid), at 1280 px and 390 px:
 * no console error, no failed request, no request leaving the server, the expected
 * headings, tables and charts, and no serious or critical accessibility violation
 * (axe-core). A screenshot of each is saved in test-artifacts/screenshots/ (git-ignored).
 * Every wait is for an event (a response, an element, the load event), never a delay.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { AxeBuilder } from '@axe-core/playwright';
import Database from 'better-sqlite3';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_IDS } from '../../src/domain/categories.js';
import { apiErrors } from '../../src/domain/api-messages.js';
import { webTexts } from '../../src/web/copy.js';
import { startDemoSite, type DemoSite } from './support.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** No first-run work and no network of its own: every request a page makes is one we can see. */
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const WIDTHS = [1280, 390] as const;
const SCREENSHOTS = fileURLToPath(new URL('../../test-artifacts/screenshots/', import.meta.url));
/** Loading, axe and a full-page screenshot of a long page, on a busy 2-core machine. */
const PAGE_TIMEOUT_MS = 120_000;

let site: DemoSite;
let browser: Browser;
let origin: string;
/** A child of the demo data, to be found by the search. */
let child: { name: string; school: string };
let years: string[];

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`No Chromium at ${CHROMIUM}: apt-get install chromium (or set CHROMIUM_PATH)`);
  }
  mkdirSync(SCREENSHOTS, { recursive: true });
  site = await startDemoSite();
  origin = new URL(site.server.url).origin;
  const db = new Database(site.fixture.path, { readonly: true });
  child = db.prepare('SELECT name, school FROM participants ORDER BY id LIMIT 1').get() as typeof child;
  db.close();
  years = ((await (await fetch(`${origin}/api/years`)).json()) as { years: string[] }).years;
  // Playwright gives each launch a fresh, temporary profile (--user-data-dir).
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

/** The categories a year has, as the API answers them. */
async function categoriesOf(year: string): Promise<string[]> {
  const present: string[] = [];
  for (const category of CATEGORY_IDS) {
    const answer = await fetch(`${origin}/api/category?year=${year}&category=${category}`);
    if (answer.status === 200) present.push(category);
  }
  return present;
}

interface Visit {
  page: Page;
  /** The status of the page's document. */
  status: number;
}

/** What a user does on a page: open it, or fill in a form and send it. */
type Step = (page: Page) => Promise<number>;

const open =
  (path: string): Step =>
  async (page) =>
    (await page.goto(origin + path, { waitUntil: 'load' }))!.status();

/** Sends the search form of /buscar, then waits for the answer's `ready` element. */
const searchFor =
  (name: string, school: () => string, ready: (page: Page) => Locator): Step =>
  async (page) => {
    await page.goto(`${origin}/buscar`, { waitUntil: 'load' });
    await page.getByLabel(webTexts.search.nameLabel).fill(name);
    await page.getByLabel(webTexts.search.companyLabel).selectOption(school());
    const answered = page.waitForResponse((response) => response.request().method() === 'POST');
    await page.getByRole('button', { name: webTexts.search.submit }).click();
    const status = (await answered).status();
    await ready(page).waitFor();
    await page.waitForLoadState('load');
    return status;
  };

/**
 * Runs a step in a fresh browser context of the given width, and checks what every page
 * must: no console error (but the browser's own line for the document's expected
 * status), no failed request, nothing asked of another origin, and no serious or
 * critical accessibility violation. Saves a screenshot.
 */
async function visit(name: string, width: number, step: Step, expectedStatus: number): Promise<Visit> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  const failed: string[] = [];
  const foreign: string[] = [];
  const documentStatusLine = `the server responded with a status of ${expectedStatus}`;
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const isDocument = message.location().url.split('#')[0] === page.url();
    if (isDocument && message.text().includes(documentStatusLine)) return;
    consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  page.on('requestfailed', (request) => failed.push(request.url()));
  page.on('request', (request) => {
    if (new URL(request.url()).origin !== origin) foreign.push(request.url());
  });
  page.on('response', (response) => {
    const isDocument = response.request().resourceType() === 'document';
    if (!isDocument && response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });

  const status = await step(page);
  expect(status).toBe(expectedStatus);
  const axe = await new AxeBuilder({ page }).analyze();
  const serious = axe.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  await page.screenshot({ path: `${SCREENSHOTS}${name}-${width}.png`, fullPage: true });
  expect({ consoleErrors, failed, foreign, serious }).toEqual({
    consoleErrors: [],
    failed: [],
    foreign: [],
    serious: [],
  });
  return { page, status };
}

const headings = (page: Page, level: number) => page.getByRole('heading', { level }).allTextContents();

/** Every chart is an image with a title and a description, and has its table beside it. */
async function expectAccessibleCharts(page: Page, atLeast: number) {
  const charts = page.locator('svg[role="img"]');
  expect(await charts.count()).toBeGreaterThanOrEqual(atLeast);
  for (const chart of await charts.all()) {
    expect((await chart.locator('title').first().textContent())?.trim()).not.toBe('');
    expect((await chart.locator('desc').textContent())?.trim()).not.toBe('');
    expect(await chart.locator('xpath=ancestor::section[1]//table').count()).toBe(1);
  }
}

describe.each(WIDTHS)('at %i px', (width) => {
  it(
    '/: the festival, its figures, participants per edition, every year, the search, the API',
    async () => {
      const { page } = await visit('inicio', width, open('/'), 200);
      expect(await headings(page, 1)).toEqual([webTexts.home.title]);
      expect(await headings(page, 2)).toEqual([
        webTexts.home.figuresHeading,
        webTexts.home.chartHeading,
        webTexts.home.yearsHeading,
        webTexts.home.searchHeading,
        webTexts.home.apiHeading,
      ]);
      await expectAccessibleCharts(page, 1);
      for (const year of years) {
        expect(await page.locator(`main a[href="/estadisticas/${year}"]`).count()).toBe(1);
      }
      expect(await page.locator('a[href="/api/docs"]').count()).toBeGreaterThan(0);
      await page.context().close();
    },
    PAGE_TIMEOUT_MS,
  );

  it.each(['2024', 'global'])(
    '/estadisticas/%s: a section for every category, its chart and its table',
    async (year) => {
      const { page } = await visit(`estadisticas-${year}`, width, open(`/estadisticas/${year}`), 200);
      const present = await categoriesOf(year);
      const titled = present.filter((category) => category !== 'intro' && category !== 'outro');
      expect(await headings(page, 2)).toEqual(
        expect.arrayContaining(titled.map((category) => webTexts.categories[category as 'intro'].title)),
      );
      expect(await page.locator('main section.statistic').count()).toBe(present.length);
      await expectAccessibleCharts(page, 3);
      // The first ranked name is the API's.
      const ranking = year === 'global' ? 'topNames' : 'topNamesByYear';
      const api = (await (await fetch(`${origin}/api/category?year=${year}&category=${ranking}`)).json()) as {
        stats: { public_data: { name: string; count: number }[] }[];
      };
      const first = api.stats[0]!.public_data[0]!;
      const row = page.locator(`#${ranking} tbody tr`).first();
      expect(await row.locator('th').textContent()).toBe(first.name);
      await page.context().close();
    },
    PAGE_TIMEOUT_MS,
  );

  it(
    'an unknown year: the Spanish 404 page, with links to the real years',
    async () => {
      const { page } = await visit('no-encontrada', width, open('/estadisticas/1999'), 404);
      expect(await headings(page, 1)).toEqual([webTexts.notFound.title]);
      for (const year of years) {
        expect(await page.locator(`main a[href="/estadisticas/${year}"]`).count()).toBe(1);
      }
      await page.context().close();
    },
    PAGE_TIMEOUT_MS,
  );

  /** A search: what is typed, the answer's status, and what the answer shows. */
  const searches: [string, () => string, number, (page: Page) => Promise<void>][] = [
    [
      'buscar-encontrado',
      () => child.name.toLowerCase(),
      200,
      async (page) => {
        const rows = page.locator('section[aria-labelledby="resultados"] tbody tr');
        expect(await rows.count()).toBeGreaterThan(0);
        expect(await rows.first().locator('td').first().textContent()).toBe(child.name);
        expect(page.url()).toBe(`${origin}/buscar`);
      },
    ],
    [
      'buscar-sin-resultados',
      () => 'Koldo Mitxelena Elissalde',
      200,
      async (page) => expect(await page.getByRole('status').textContent()).toBe(webTexts.search.notFound),
    ],
    [
      'buscar-invalida',
      () => 'Ane Garcia',
      400,
      async (page) => expect(await page.getByRole('alert').textContent()).toBe(apiErrors.nameTooShort.text),
    ],
  ];

  it.each(searches)(
    '%s: the search answers with the API’s rules, the name never in the address',
    async (name, typed, status, check) => {
      const answer = (page: Page) => page.locator(status === 200 ? '#resultados' : '[role="alert"]');
      const { page } = await visit(
        name,
        width,
        searchFor(typed(), () => child.school, answer),
        status,
      );
      await check(page);
      await page.context().close();
    },
    PAGE_TIMEOUT_MS,
  );
});

it(
  'reads the same with JavaScript off: the pages have no script',
  async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    for (const path of ['/', '/estadisticas/global', '/buscar']) {
      await page.goto(origin + path, { waitUntil: 'load' });
      // JSON-LD is data for search engines, never run.
      expect(await page.locator('script:not([type="application/ld+json"])').count()).toBe(0);
      expect(await page.locator('h1').count()).toBe(1);
    }
    expect(await page.locator('svg[role="img"]').count()).toBe(0);
    await page.goto(`${origin}/estadisticas/global`, { waitUntil: 'load' });
    expect(await page.locator('svg[role="img"]').count()).toBeGreaterThan(3);
    expect(await page.locator('table').count()).toBeGreaterThan(3);
    expect(scripts).toEqual([]);
    await context.close();
  },
  PAGE_TIMEOUT_MS,
);
