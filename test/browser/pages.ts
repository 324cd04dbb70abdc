/**
 * The pages in a real browser: Debian's Chromium (`apt-get install chromium`; `.ci/run`
 * installs it) driven by playwright-core, over a fifth of the demo data of `npm start` (the
 * same pages, shorter lists, a faster start) with a child of a 480-letter name in a school
 * of a very long name added to its last edition. For
 * `/`, a year, global, a 404 and a search (found, not found, invalid), in Spanish and in
 * Basque (`/eu`), at 1280 px and 390 px, each page read in the light colour scheme and then the dark one: the
 * page's language, its texts from that language's catalogue, no console error, no failed request,
 * no request leaving the server, the expected headings, tables and charts, no sideways
 * scroll, no chart text outside its chart, and no accessibility violation (axe-core).
 * A screenshot of each is saved with `TEST_SCREENSHOTS=1` (test/support/screenshots.ts). Every
 * wait is for an event (a response, an element, the load event), never a delay.
 */
import Database from 'better-sqlite3';
import type { Browser, Locator, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recompute } from '../../src/cli/commands/recompute.js';
import { sqliteLocation } from '../../src/config/index.js';
import { CATEGORY_IDS } from '../../src/domain/categories.js';
import { sectionId } from '../../src/web/chart-names.js';
import { LOCALES, type Language } from '../../src/web/locale.js';
import { launchChromium, newTab, startVisit, violationsInBothSchemes } from '../support/chromium.js';
import { startDemoSite, type DemoSite } from '../support/demo-site.js';
import { screenshotsOf } from '../support/screenshots.js';

const WIDTHS = [1280, 390] as const;
/**
 * Names no layout may let widen a page, in one edition: a 480-letter first name, a
 * 200-letter surname and a school of 295 unbroken letters, with enough children to
 * lead that edition's rankings (names, surnames, schools).
 */
const LONG_YEAR = 2024;
const LONG_FIRST_NAME = 'Mariasun'.repeat(60);
const LONG_SURNAME = 'Goikoetxea'.repeat(20);
const LONG_SCHOOL = `Ikastola ${'Txikierdiberri'.repeat(21)}t`;
const LONG_SCHOOL_CHILDREN = 260;
const FIRST_SURNAMES = ['Zubia', 'Lasa', 'Arana', 'Iriarte', 'Olano'];
/** A first name of the demo data with a page. */
const NAME_SLUG = 'adrian';
/** The child of the long names searched for. */
const LONG_CHILD = `${LONG_FIRST_NAME} Zubia ${LONG_SURNAME}`;
/** Loading and axe on a long page, on a busy 2-core machine. */
const PAGE_TIMEOUT_MS = 120_000;

let site: DemoSite;
let browser: Browser;
/** The tab of the visits, one after the other (`newTab`). */
let tab: Page;
let origin: string;
/** A child of the demo data, to be found by the search. */
let child: { name: string; school: string };
let years: string[];

beforeAll(async () => {
  site = await startDemoSite({ scale: 0.2 });
  origin = new URL(site.server.url).origin;
  years = ((await (await fetch(`${origin}/api/years`)).json()) as { years: string[] }).years;
  await site.fixture.insertParticipants(
    Array.from({ length: LONG_SCHOOL_CHILDREN }, (_, i) => ({
      name: `${LONG_FIRST_NAME} ${FIRST_SURNAMES[i % FIRST_SURNAMES.length]!}${i < 5 ? '' : i} ${LONG_SURNAME}`,
      school: LONG_SCHOOL,
      year: LONG_YEAR,
    })),
  );
  await recompute(sqliteLocation(site.fixture.path));
  await site.server.follower.refresh();
  const db = new Database(site.fixture.path, { readonly: true });
  child = db.prepare('SELECT name, school FROM participants ORDER BY id LIMIT 1').get() as typeof child;
  db.close();
  browser = await launchChromium();
  tab = await newTab(browser);
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

/** Sends the search form of a language's search page, then waits for the answer's `ready` element. */
const searchFor =
  (language: Language, typed: () => { name: string; school: string }, ready: (page: Page) => Locator): Step =>
  async (page) => {
    const { texts, paths } = LOCALES[language];
    const { name, school } = typed();
    await page.goto(origin + paths.search, { waitUntil: 'load' });
    await page.getByLabel(texts.search.nameLabel).fill(name);
    await page.getByLabel(texts.search.companyLabel).selectOption(school);
    const answered = page.waitForResponse((response) => response.request().method() === 'POST');
    await page.getByRole('button', { name: texts.search.submit }).click();
    const status = (await answered).status();
    await ready(page).waitFor();
    await page.waitForLoadState('load');
    return status;
  };

/**
 * Runs a step in the file's tab at the given width, and checks what every page
 * must: its language (`lang`, and a link to the other language written in it), no
 * console error (but the browser's own line for the document's expected status), no
 * failed request, nothing asked of another origin, and no serious or critical
 * accessibility violation. Saves a screenshot of each scheme when asked (`screenshotsOf`), a Basque
 * page's name starting with `eu-`.
 */
async function visit(
  name: string,
  width: number,
  step: Step,
  expectedStatus: number,
  language: Language,
): Promise<Visit> {
  const page = tab;
  await startVisit(page, width);
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
  // A request cut short because its page was left (the browser's late favicon fetch when a
  // form is sent) is no fault a visitor sees; any other failure is.
  let documentsOpened = 0;
  const documentOf = new WeakMap<Request, number>();
  page.on('requestfailed', (request) => {
    const left = (documentOf.get(request) ?? documentsOpened) < documentsOpened;
    if (!(left && request.failure()?.errorText === 'net::ERR_ABORTED')) failed.push(request.url());
  });
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documentsOpened += 1;
    documentOf.set(request, documentsOpened);
    if (new URL(request.url()).origin !== origin) foreign.push(request.url());
  });
  page.on('response', (response) => {
    const isDocument = response.request().resourceType() === 'document';
    if (!isDocument && response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });

  const status = await step(page);
  expect(status).toBe(expectedStatus);
  const other = LOCALES[language].texts.otherLanguage;
  const languageLink = page.locator('header a.language');
  expect({
    page: await page.locator('html').getAttribute('lang'),
    link: await languageLink.getAttribute('hreflang'),
    label: await languageLink.textContent(),
  }).toEqual({ page: language, link: other.language, label: other.label });
  const violations = await violationsInBothSchemes(page, screenshotsOf(page, language, name, width));
  expect({ consoleErrors, failed, foreign, violations }).toEqual({
    consoleErrors: [],
    failed: [],
    foreign: [],
    violations: [],
  });
  expect(await layoutFaults(page)).toEqual({ scrollWidth: width, outside: [], header: [] });
  return { page, status };
}

/**
 * What a layout must never do: widen the page past the screen (its scroll width), draw a
 * chart's text past the chart's edges (a clipped label or value), or leave the header
 * ragged when it wraps (a navigation link alone on a line, the language link on a row
 * of its own).
 */
function layoutFaults(page: Page) {
  return page.evaluate(() => {
    const outside: string[] = [];
    for (const chart of document.querySelectorAll('svg.chart')) {
      const box = chart.getBoundingClientRect();
      for (const text of chart.querySelectorAll('text')) {
        const own = text.getBoundingClientRect();
        const inside =
          own.left >= box.left - 0.5 &&
          own.right <= box.right + 0.5 &&
          own.top >= box.top - 0.5 &&
          own.bottom <= box.bottom + 0.5;
        if (!inside)
          outside.push(`${chart.id || chart.getAttribute('aria-labelledby')}: ${text.textContent}`);
      }
    }
    const header: string[] = [];
    const linesOfNavigation = new Map<number, string[]>();
    for (const item of document.querySelectorAll('.site-header nav li')) {
      const top = Math.round(item.getBoundingClientRect().top);
      linesOfNavigation.set(top, [...(linesOfNavigation.get(top) ?? []), item.textContent ?? '']);
    }
    for (const line of linesOfNavigation.values()) {
      if (linesOfNavigation.size > 1 && line.length === 1) header.push(`alone on a line: ${line[0]}`);
    }
    const boxOf = (selector: string) =>
      document.querySelector(`.site-header ${selector}`)!.getBoundingClientRect();
    const language = boxOf('.language');
    const besides = (selector: string) => {
      const other = boxOf(selector);
      return language.top < other.bottom && other.top < language.bottom;
    };
    if (!besides('.brand') && !besides('nav')) header.push('the language link on a row of its own');
    return { scrollWidth: document.documentElement.scrollWidth, outside, header };
  });
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

/** Where a page's language link leads. */
const languageLinkOf = (page: Page) => page.locator('header a.language').getAttribute('href');

/**
 * The pages' visits in one language, each page in both colour schemes. Each language has
 * its own test file, which imports this module (and with it the site and the browser of
 * the hooks above), so that they run side by side.
 */
export function visitsIn(language: Language): void {
  const { texts, paths } = LOCALES[language];
  /** The same pages in the other language, where the language link leads. */
  const otherPaths = LOCALES[texts.otherLanguage.language].paths;
  describe.each(WIDTHS)(`at %i px, ${language}`, (width) => {
    it(
      'home: the festival, its figures, participants per edition, every year, the search, the API',
      async () => {
        const { page } = await visit('inicio', width, open(paths.home), 200, language);
        expect(await headings(page, 1)).toEqual([texts.home.title]);
        expect(await headings(page, 2)).toEqual([
          texts.figures.heading,
          texts.categories.totalParticipants.title,
          texts.home.yearsHeading,
          texts.home.searchHeading,
          texts.home.apiHeading,
        ]);
        await expectAccessibleCharts(page, 1);
        for (const year of years) {
          expect(await page.locator(`main a[href="${paths.statistics(year)}"]`).count()).toBe(1);
        }
        expect(await page.locator('a[href="/api/docs"]').count()).toBeGreaterThan(0);
        expect(await languageLinkOf(page)).toBe(otherPaths.home);
      },
      PAGE_TIMEOUT_MS,
    );

    it.each(['2024', 'global'])(
      'the page of %s: a section for every category, its chart and its table',
      async (year) => {
        const { page } = await visit(
          `estadisticas-${year}`,
          width,
          open(paths.statistics(year)),
          200,
          language,
        );
        const present = await categoriesOf(year);
        const titled = present.filter((category) => category !== 'intro' && category !== 'outro');
        expect(await headings(page, 2)).toEqual(
          expect.arrayContaining(titled.map((category) => texts.categories[category as 'intro'].title)),
        );
        expect(await page.locator('main section.statistic').count()).toBe(present.length);
        await expectAccessibleCharts(page, 3);
        // The first ranked name is the API's.
        const ranking = year === 'global' ? 'topNames' : 'topNamesByYear';
        const api = (await (
          await fetch(`${origin}/api/category?year=${year}&category=${ranking}`)
        ).json()) as {
          stats: { public_data: { name: string; count: number }[] }[];
        };
        const first = api.stats[0]!.public_data[0]!;
        const row = page.locator(`#${sectionId(language, ranking)} tbody tr`).first();
        expect(await row.locator('th').textContent()).toBe(first.name);
        expect(await languageLinkOf(page)).toBe(otherPaths.statistics(year));
      },
      PAGE_TIMEOUT_MS,
    );

    it(
      'an unknown year: the 404 page in the address’s language, with links to the real years',
      async () => {
        const { page } = await visit('no-encontrada', width, open(paths.statistics('1999')), 404, language);
        expect(await headings(page, 1)).toEqual([texts.notFound.title]);
        for (const year of years) {
          expect(await page.locator(`main a[href="${paths.statistics(year)}"]`).count()).toBe(1);
        }
      },
      PAGE_TIMEOUT_MS,
    );

    it(
      'a name’s page: its figures, its chart with its table, its schools, its data; the index leads to it',
      async () => {
        const { page } = await visit(
          'nombre',
          width,
          open(paths.name('firstName', NAME_SLUG)),
          200,
          language,
        );
        expect(await headings(page, 2)).toEqual([
          texts.figures.heading,
          texts.names.editionsHeading,
          texts.names.schoolsHeading,
        ]);
        await expectAccessibleCharts(page, 1);
        expect(await page.locator(`a[href="/datos/nombres-${NAME_SLUG}.csv"]`).count()).toBe(1);
        expect(await languageLinkOf(page)).toBe(otherPaths.name('firstName', NAME_SLUG));
        await page
          .getByRole('link', { name: texts.names.kinds.firstName.index, exact: true })
          .first()
          .click();
        await page.waitForLoadState('load');
        expect(page.url()).toBe(origin + paths.namesFolder.firstName);
      },
      PAGE_TIMEOUT_MS,
    );

    it(
      'the index of surnames: the lookup finds a name typed in capitals; the A–Z list',
      async () => {
        const { page } = await visit('apellidos', width, open(paths.namesFolder.surname), 200, language);
        expect(await headings(page, 1)).toEqual([texts.names.kinds.surname.index]);
        expect(await page.locator('.name-list a').count()).toBeGreaterThan(20);
        await page.getByLabel(texts.names.kinds.surname.kind, { exact: true }).fill('ETXEBERRIA');
        await page.getByRole('button', { name: texts.names.lookup }).click();
        await page.waitForURL(origin + paths.name('surname', 'etxeberria'));
        expect(await headings(page, 1)).toEqual(['Etxeberria']);
      },
      PAGE_TIMEOUT_MS,
    );

    it(
      'a name without a page: the lookup’s 404, the name typed kept in its form',
      async () => {
        const { page } = await visit(
          'nombre-sin-pagina',
          width,
          open(`${paths.namesFolder.firstName}?nombre=Xabadin`),
          404,
          language,
        );
        expect(await page.getByRole('status').textContent()).toBe(texts.names.notFound('Xabadin', 3));
        expect(await page.getByLabel(texts.names.kinds.firstName.kind, { exact: true }).inputValue()).toBe(
          'Xabadin',
        );
      },
      PAGE_TIMEOUT_MS,
    );

    // The long names lay out the same in either language: read once, in Spanish.
    if (language === 'es') {
      it(
        'the page of a 480-letter first name keeps to the screen',
        async () => {
          const path = paths.name('firstName', LONG_FIRST_NAME.toLowerCase());
          const { page } = await visit('nombre-largo', width, open(path), 200, language);
          expect(await headings(page, 1)).toEqual([LONG_FIRST_NAME]);
        },
        PAGE_TIMEOUT_MS,
      );
    }

    // Before any search. Basque only, to keep the run short: the Spanish form is read with
    // JavaScript off (languageFreeChecks), and in either language axe reads it in a refused answer.
    if (language === 'eu') {
      it(
        'the search page: the empty form',
        async () => {
          const { page } = await visit('buscar', width, open(paths.search), 200, language);
          expect(await headings(page, 1)).toEqual([texts.search.title]);
          expect(await page.getByLabel(texts.search.nameLabel).inputValue()).toBe('');
          expect(await languageLinkOf(page)).toBe(otherPaths.search);
        },
        PAGE_TIMEOUT_MS,
      );
    }

    /** A search: what is typed, in which school, the answer's status, and what the answer shows. */
    const searches: [
      string,
      () => { name: string; school: string },
      number,
      (page: Page) => Promise<void>,
    ][] = [
      [
        'buscar-encontrado',
        () => ({ name: child.name.toLowerCase(), school: child.school }),
        200,
        async (page) => {
          const rows = page.locator('section[aria-labelledby="resultados"] tbody tr');
          expect(await rows.count()).toBeGreaterThan(0);
          expect(await rows.first().locator('td').first().textContent()).toBe(child.name);
          expect(page.url()).toBe(origin + paths.search);
          expect(await languageLinkOf(page)).toBe(otherPaths.search);
        },
      ],
      [
        'buscar-sin-resultados',
        () => ({ name: 'Koldo Mitxelena Elissalde', school: child.school }),
        200,
        async (page) => expect(await page.getByRole('status').textContent()).toBe(texts.search.notFound),
      ],
      [
        'buscar-nombre-largo',
        () => ({ name: LONG_CHILD.toLowerCase(), school: LONG_SCHOOL }),
        200,
        async (page) => {
          const rows = page.locator('section[aria-labelledby="resultados"] tbody tr');
          expect(await rows.count()).toBe(1);
          expect(await rows.first().locator('td').first().textContent()).toBe(LONG_CHILD);
        },
      ],
      [
        'buscar-invalida',
        () => ({ name: 'Ane Garcia', school: child.school }),
        400,
        async (page) =>
          expect(await page.getByRole('alert').textContent()).toBe(texts.search.errors.nameTooShort),
      ],
    ];

    // The long names lay out the same in either language: read once, in Spanish.
    const searchesRead = searches.filter(([name]) => language === 'es' || name !== 'buscar-nombre-largo');

    it.each(searchesRead)(
      '%s: the search answers with the API’s rules, the name never in the address',
      async (name, typed, status, check) => {
        const answer = (page: Page) => page.locator(status === 200 ? '#resultados' : '[role="alert"]');
        const { page } = await visit(name, width, searchFor(language, typed, answer), status, language);
        await check(page);
      },
      PAGE_TIMEOUT_MS,
    );
  });
}

/** What does not depend on the language (in the Spanish file). */
export function languageFreeChecks(): void {
  describe.each(WIDTHS)('a ranking at %i px', (width) => {
    it(
      'shows its chart, with its table beside it on a wide screen and one tap away on a narrow one',
      async () => {
        const context = await browser.newContext({
          viewport: { width, height: 900 },
          javaScriptEnabled: false,
        });
        const page = await context.newPage();
        await page.goto(`${origin}/estadisticas/${LONG_YEAR}`, { waitUntil: 'load' });
        const ranking = page.locator('#topNamesByYear');
        await expect.poll(() => ranking.locator('svg.chart').isVisible()).toBe(true);
        const table = ranking.locator('table');
        const fold = ranking.locator('.detail-table > summary');
        if (width < 800) {
          expect(await table.isVisible()).toBe(false);
          await fold.click();
          expect(await table.isVisible()).toBe(true);
        } else {
          expect(await fold.isVisible()).toBe(false);
          expect(await table.isVisible()).toBe(true);
        }
        // The long name leads the ranking: shortened in the chart, whole in its title and the table.
        const label = ranking.locator('svg text.bar-label').first();
        expect(await label.locator('title').textContent()).toBe(LONG_FIRST_NAME);
        const shown = await label.evaluate((text) => text.firstChild?.textContent ?? '');
        expect(shown).toMatch(/^Mariasun(Mariasun)+M?a?r?i?a?s?u?n?…$/);
        expect(shown.length).toBeLessThan(LONG_FIRST_NAME.length);
        expect(await table.locator('tbody th').first().textContent()).toBe(LONG_FIRST_NAME);
        await context.close();
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
}
