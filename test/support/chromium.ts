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

/** Opens `url` at a width, read one way: status 200, its language, no script, no axe violation. */
export async function openChecked(
  browser: Browser,
  url: string,
  width: number,
  reading: Reading,
): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: reading.scheme });
  const page = await context.newPage();
  const answer = await page.goto(url, { waitUntil: 'load' });
  expect(answer!.status()).toBe(200);
  expect(await page.locator('html').getAttribute('lang')).toBe(reading.language);
  expect(await page.locator('script:not([type="application/ld+json"])').count()).toBe(0);
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);
  return page;
}
