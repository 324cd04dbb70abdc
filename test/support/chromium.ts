import { existsSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
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

/** The rules of axe-core that read colours: all a dark colour scheme changes (site.css changes only colours). */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * The page's accessibility violations (`rule: where, …`), by axe-core. In the page's own
 * frames (axe's legacy mode, which spares the extra page its default mode opens for its
 * last step: half the time) unless `otherOrigins`, for a page holding another origin's
 * frame; only `rules` when given.
 */
export async function axeViolations(
  page: Page,
  { rules, otherOrigins = false }: { rules?: string[]; otherOrigins?: boolean } = {},
): Promise<string[]> {
  let axe = new AxeBuilder({ page }).setLegacyMode(!otherOrigins).options({ resultTypes: ['violations'] });
  if (rules) axe = axe.withRules(rules);
  const { violations } = await axe.analyze();
  return violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

/**
 * One page for a test file's visits, one after the other: each new page costs Chromium a
 * renderer process (about half a second), and the pages keep no state between visits
 * (no script, no cookie).
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
 * scheme: in the light one by every rule, then, the page left as it is (site.css changes
 * only colours, so nothing else moves), in the dark one by the colour rules. `shoot` is
 * called in each scheme with the suffix of its screenshot (`''`, `'-dark'`). `otherOrigins`
 * as for `axeViolations`.
 */
export async function violationsInBothSchemes(
  page: Page,
  shoot: (suffix: '' | '-dark') => Promise<void> = async () => {},
  { otherOrigins = false }: { otherOrigins?: boolean } = {},
): Promise<string[]> {
  await page.emulateMedia({ colorScheme: 'light' });
  const light = await axeViolations(page, { otherOrigins });
  await shoot('');
  await page.emulateMedia({ colorScheme: 'dark' });
  const dark = await axeViolations(page, { rules: COLOUR_RULES, otherOrigins });
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
