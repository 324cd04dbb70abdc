import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Language } from '../../src/web/locale.js';

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

/** Debian's Chromium (or `CHROMIUM_PATH`), headless; Playwright gives each launch a fresh, temporary profile. */
export function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`No Chromium at ${CHROMIUM}: apt-get install chromium (or set CHROMIUM_PATH)`);
  }
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
}

/**
 * axe-core, put by `axeViolations` in every frame of the page it reads, answering the
 * frames of any origin: an embed's host page reads the frame of our page inside it.
 */
const AXE_SCRIPT = `${readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')}
;axe.configure({ allowedOrigins: ['<unsafe_all_origins>'] });`;

/** The rules of axe-core that read colours: all a dark colour scheme changes (site.css changes only colours). */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** The width at which a page is read by every rule: the widest the tests use, every table unfolded. */
const EVERY_RULE_WIDTH = 1280;
/**
 * The rules that read a page as it is laid out at its width: colours (of text over what
 * it overlaps), target sizes, scrolling, and the tables' fold, shown on a narrow screen
 * only. The other rules read the document, which is the same at every width (the pages
 * have no script): they run once, at `EVERY_RULE_WIDTH`; about half of axe's time.
 */
const LAYOUT_RULES = [...COLOUR_RULES, 'target-size', 'scrollable-region-focusable', 'summary-name'];

/**
 * The page's accessibility violations (`rule: where, …`), by axe-core, in the page and its
 * frames; only `rules` when given. axe-core is put in a document once, at its first check:
 * sending its 500 KB for each check, as `@axe-core/playwright` does (four times per visit),
 * took most of a small page's visit; putting it in every document (about:blank, a form
 * before it is sent) cost Chromium about 40 ms of CPU each.
 */
export async function axeViolations(page: Page, { rules }: { rules?: string[] } = {}): Promise<string[]> {
  for (const frame of page.frames())
    if (!(await frame.evaluate(() => 'axe' in window))) await frame.evaluate(AXE_SCRIPT);
  return page.evaluate(async (rules) => {
    type Violation = { id: string; nodes: { target: string[] }[] };
    type Axe = { run(context: Document, options: object): Promise<{ violations: Violation[] }> };
    const options = rules ? { runOnly: { type: 'rule', values: rules } } : {};
    const { violations } = await (window as unknown as { axe: Axe }).axe.run(document, {
      resultTypes: ['violations'],
      ...options,
    });
    return violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  }, rules);
}

/**
 * One page for a test file's visits, one after the other: each new page costs Chromium a
 * renderer process (about half a second), and the pages keep no state between visits
 * (no script, no cookie). axe-core, once a check has put it in a document, adds no
 * element and makes no request.
 */
export async function newTab(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

/**
 * Readies a tab for a visit at a width, in the light colour scheme: the last visit's
 * listeners go with it, and what it still had in flight (its icon, say) ends before the
 * next one's listeners are set.
 */
export async function startVisit(page: Page, width: number): Promise<void> {
  page.removeAllListeners();
  await page.goto('about:blank');
  await page.setViewportSize({ width, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
}

/**
 * The page's accessibility violations in both colour schemes, each named after its
 * scheme: in the light one by every rule (at a narrower width than `EVERY_RULE_WIDTH`,
 * by the layout's rules), then, the page left as it is (site.css changes only colours,
 * so nothing else moves), in the dark one by the colour rules. `shoot` is called in each
 * scheme with the suffix of its screenshot (`''`, `'-dark'`).
 */
export async function violationsInBothSchemes(
  page: Page,
  shoot: (suffix: '' | '-dark') => Promise<void> = async () => {},
): Promise<string[]> {
  await page.emulateMedia({ colorScheme: 'light' });
  const everyRule = page.viewportSize()!.width >= EVERY_RULE_WIDTH;
  const light = await axeViolations(page, everyRule ? {} : { rules: LAYOUT_RULES });
  await shoot('');
  await page.emulateMedia({ colorScheme: 'dark' });
  const dark = await axeViolations(page, { rules: COLOUR_RULES });
  await shoot('-dark');
  await page.emulateMedia({ colorScheme: 'light' });
  return [...light.map((violation) => `light ${violation}`), ...dark.map((violation) => `dark ${violation}`)];
}

/**
 * Opens `url` in a tab at a width: status 200, the page's language, no script, no axe
 * violation in either colour scheme; `shoot` as for `violationsInBothSchemes`.
 */
export async function openChecked(
  page: Page,
  url: string,
  width: number,
  language: Language,
  shoot?: (suffix: '' | '-dark') => Promise<void>,
): Promise<Page> {
  await startVisit(page, width);
  const answer = await page.goto(url, { waitUntil: 'load' });
  expect(answer!.status()).toBe(200);
  expect(await page.locator('html').getAttribute('lang')).toBe(language);
  expect(await page.locator('script:not([type="application/ld+json"])').count()).toBe(0);
  expect(await violationsInBothSchemes(page, shoot)).toEqual([]);
  return page;
}
