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

/** How a page is read: its colour scheme, and the language of its address. */
export interface Reading {
  language: Language;
  scheme: 'light' | 'dark';
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

/** Sets the width of a tab's window and its colour scheme, for the next visit. */
export async function readAs(page: Page, width: number, scheme: Reading['scheme']): Promise<void> {
  await page.setViewportSize({ width, height: 900 });
  await page.emulateMedia({ colorScheme: scheme });
}

/** Opens `url` in a tab at a width, read one way: status 200, its language, no script, no axe violation. */
export async function openChecked(page: Page, url: string, width: number, reading: Reading): Promise<Page> {
  await readAs(page, width, reading.scheme);
  const answer = await page.goto(url, { waitUntil: 'load' });
  expect(answer!.status()).toBe(200);
  expect(await page.locator('html').getAttribute('lang')).toBe(reading.language);
  expect(await page.locator('script:not([type="application/ld+json"])').count()).toBe(0);
  expect(await axeViolations(page)).toEqual([]);
  return page;
}
