/**
 * A chart embedded on another site, in Debian's Chromium: a page served from another origin
 * (a school's site, say) holds the `<iframe>` code copied from beside a chart, at 390 and
 * 1280 px, in the light colour scheme and then the dark one, in Spanish and in Basque. The embedded
 * page renders (its title, its chart drawn, its credits), runs no script, scrolls no way
 * sideways, and neither it nor the page around it has an axe violation; a page that is not an
 * embed stays out of the same frame. Screenshots with `TEST_SCREENSHOTS=1`.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Browser, type Frame, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES, LOCALES, type Language } from '../../src/web/locale.js';
import { launchChromium, newTab, startVisit, violationsInBothSchemes } from '../support/chromium.js';
import { startDemoSite, type DemoSite } from '../support/demo-site.js';
import { saveScreenshot } from '../support/screenshots.js';

const PAGE_TIMEOUT_MS = 120_000;
const PUBLIC_URL = 'https://tamborrada.example.org';

let site: DemoSite;
let browser: Browser;
/** The file's tab, visit after visit (`newTab`). */
let tab: Page;
/** Another site: it answers `/` with the HTML it is given (`html`), whatever the path. */
let host: Server;
let hostOrigin: string;
let html = '';

beforeAll(async () => {
  site = await startDemoSite({ scale: 0.1, publicUrl: PUBLIC_URL });
  host = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve) => host.listen(0, 'localhost', resolve));
  hostOrigin = `http://localhost:${(host.address() as AddressInfo).port}`;
  browser = await launchChromium();
  tab = await newTab(browser);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => host?.close(resolve));
  await site?.close();
});

/** The `<iframe>` code beside the first chart of a page, pointing at the test server instead of `PUBLIC_URL`. */
async function frameCode(path: string): Promise<string> {
  const page = await (await fetch(site.server.url + path)).text();
  const code = /<pre class="snippet"><code>(.*?)<\/code><\/pre>/s.exec(page)![1]!;
  return code
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(PUBLIC_URL, new URL(site.server.url).origin);
}

/** The other site's page around `body`, in English, as a school's site might be. */
const hostPage = (body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Our school</title></head><body><main><h1>Our school at the festival</h1>${body}</main></body></html>`;

/** Opens the other site's page; the frame of the chart, once it has loaded. */
async function openHost(width: number): Promise<{ page: Page; frame: Frame }> {
  const page = tab;
  await startVisit(page, width);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(`${hostOrigin}/`, { waitUntil: 'load' });
  const frame = (await (await page.locator('iframe').elementHandle())!.contentFrame())!;
  // The code's `loading="lazy"` keeps the frame out of the page's load event: wait for its own.
  await frame.waitForURL((url) => url.protocol === 'http:', { waitUntil: 'load' });
  expect(errors).toEqual([]);
  return { page, frame };
}

describe.each(LANGUAGES)('a chart embedded on another site (%s)', (language: Language) => {
  const { paths, texts } = LOCALES[language];

  it.each([390, 1280])(
    'at %i px: the chart renders in the frame, with its title and credits, no script, no axe violation',
    async (width) => {
      html = hostPage(await frameCode(paths.statistics('2024')));
      const { page, frame } = await openHost(width);
      expect(new URL(frame.url()).pathname.startsWith(`${paths.embedsFolder}/`)).toBe(true);
      expect(await frame.locator('html').getAttribute('lang')).toBe(language);
      expect(await frame.locator('h1').textContent()).toContain(texts.categories.topNamesByYear.title);
      const chart = frame.locator('svg.chart[role="img"]');
      expect(await chart.count()).toBe(1);
      const box = (await chart.boundingBox())!;
      expect(box.width).toBeGreaterThan(200);
      expect(box.height).toBeGreaterThan(100);
      expect(await frame.locator('svg.chart rect.bar').count()).toBeGreaterThan(0);
      expect(await frame.locator('.credits').textContent()).toContain(texts.openData.licenceName);
      expect(await frame.locator('script').count()).toBe(0);
      const [scrollWidth, clientWidth] = await frame.evaluate(() => [
        document.documentElement.scrollWidth,
        document.documentElement.clientWidth,
      ]);
      expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
      // axe-core reads the frames of the page too.
      const shoot = (suffix: string) => saveScreenshot(page, `embed-${language}-${width}${suffix}`);
      expect(await violationsInBothSchemes(page, shoot)).toEqual([]);
    },
    PAGE_TIMEOUT_MS,
  );

  it.each([
    ['a ranking', paths.statistics('2024')],
    ['a line with 2021 in red', paths.statistics('global')],
    ['a name’s line', paths.name('firstName', 'ane')],
  ])(
    'the code of %s is as high as its page, which names the original work legibly',
    async (_kind, path) => {
      html = hostPage(await frameCode(path));
      const { page, frame } = await openHost(1280);
      const declared = Number(await page.locator('iframe').getAttribute('height'));
      // The page's content, not the frame's: a document is never shorter than its viewport.
      const content = await frame.evaluate(
        () => document.querySelector('main')!.getBoundingClientRect().bottom,
      );
      expect(Math.abs(declared - content), `${declared} for ${content}`).toBeLessThanOrEqual(4);
      const credits = frame.locator('.credits');
      expect(await credits.textContent()).toContain(texts.openData.originalWork);
      expect(parseFloat(await credits.evaluate((p) => getComputedStyle(p).fontSize))).toBeGreaterThanOrEqual(
        11,
      );
      await saveScreenshot(page, `embed-height-${language}-${path.split('/').at(-1)}`);
    },
    PAGE_TIMEOUT_MS,
  );

  it(
    'a chart’s SVG file shown 320 px wide: its credits, the original work among them, are 11 px or more',
    async () => {
      const file = /<a href="([^"]+\.svg)"/.exec(
        await (await fetch(site.server.url + paths.statistics('global'))).text(),
      )![1]!;
      await startVisit(tab, 320);
      await tab.goto(site.server.url + file, { waitUntil: 'load' });
      const [credit, sizes] = await tab.evaluate(() => {
        const svg = document.documentElement as unknown as SVGSVGElement;
        svg.setAttribute('width', '320');
        svg.removeAttribute('height');
        const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
        const credits = document.querySelector('.credits')!;
        const lines = [...credits.querySelectorAll('tspan')].map((line) => line.textContent);
        return [lines.join(' '), parseFloat(getComputedStyle(credits).fontSize) * scale];
      });
      expect(credit).toContain(texts.openData.originalWork);
      expect(credit).toContain(texts.openData.embed.noData([2021]));
      expect(sizes).toBeGreaterThanOrEqual(11);
      html = hostPage(`<img src="${site.server.url + file}" width="320" alt="">`);
      await tab.goto(`${hostOrigin}/`, { waitUntil: 'load' });
      await saveScreenshot(tab, `chart-file-${language}-320`);
    },
    PAGE_TIMEOUT_MS,
  );

  it(
    'a page that is not an embed stays out of the other site’s frame',
    async () => {
      const target = new URL(paths.statistics('2024'), site.server.url).href;
      html = hostPage(`<iframe src="${target}" title="page" width="100%" height="400"></iframe>`);
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${hostOrigin}/`, { waitUntil: 'load' });
      const frame = (await (await page.locator('iframe').elementHandle())!.contentFrame())!;
      // Chromium shows its error page in the frame instead of ours.
      expect(frame.url()).not.toBe(target);
      expect(await frame.locator('h1', { hasText: texts.statistics.yearTitle('2024') }).count()).toBe(0);
      await context.close();
    },
    PAGE_TIMEOUT_MS,
  );
});
