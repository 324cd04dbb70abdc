/**
 * The accessibility check the page tests rely on can fail: on pages made to break a rule,
 * `axeViolations` names the rule, in the light scheme with every rule and in the dark one
 * with the colour rules alone (what the dark files read).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { axeViolations, COLOUR_RULES, launchChromium, newTab, readAs } from '../support/chromium.js';

let browser: Browser;
let tab: Page;

beforeAll(async () => {
  browser = await launchChromium();
  tab = await newTab(browser);
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

const page = (body: string, head = '') =>
  `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Prueba</title>${head}</head><body><main><h1>Prueba</h1>${body}</main></body></html>`;

it('finds an image without a text', async () => {
  await readAs(tab, 390, 'light');
  await tab.setContent(page('<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">'));
  expect((await axeViolations(tab)).map((violation) => violation.split(':')[0])).toEqual(['image-alt']);
});

it('finds, with the colour rules alone, text too faint on the dark scheme only', async () => {
  const faintInTheDark = page(
    '<p>Texto</p>',
    '<style>@media (prefers-color-scheme: dark) { body { background: #111; color: #333; } }</style>',
  );
  await readAs(tab, 390, 'light');
  await tab.setContent(faintInTheDark);
  expect(await axeViolations(tab, { rules: COLOUR_RULES })).toEqual([]);
  await readAs(tab, 390, 'dark');
  await tab.setContent(faintInTheDark);
  expect(
    (await axeViolations(tab, { rules: COLOUR_RULES })).map((violation) => violation.split(':')[0]),
  ).toEqual(['color-contrast']);
});
