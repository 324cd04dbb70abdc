/**
 * The accessibility check the page tests rely on can fail: on pages made to break a rule,
 * `violationsInBothSchemes` names the rule and the scheme, in the light scheme with every
 * rule (at 1280 px; the layout's rules at 390 px) and in the dark one with the colour rules.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchChromium, newTab, startVisit, violationsInBothSchemes } from '../support/chromium.js';

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

/** A one-pixel image. */
const IMAGE = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';

const rulesOf = (violations: string[]) => violations.map((violation) => violation.split(':')[0]);

it('finds an image without a text at 1280 px, where every rule is read', async () => {
  await startVisit(tab, 1280);
  await tab.setContent(page(`<img src="${IMAGE}">`));
  expect(rulesOf(await violationsInBothSchemes(tab))).toEqual(['light image-alt']);
});

it('finds an image without a text in a frame of the page', async () => {
  await startVisit(tab, 1280);
  const framed = `<!doctype html><html lang="es"><title>Marco</title><img src="${IMAGE}">`.replaceAll(
    '"',
    '&quot;',
  );
  await tab.setContent(page(`<iframe title="Marco" srcdoc="${framed}"></iframe>`));
  await tab.frames()[1]!.waitForLoadState('load');
  expect(rulesOf(await violationsInBothSchemes(tab))).toEqual(['light image-alt']);
});

it('finds text too faint in the dark scheme alone, and a shot of each scheme is taken', async () => {
  await startVisit(tab, 390);
  await tab.setContent(
    page(
      '<p>Texto</p>',
      '<style>@media (prefers-color-scheme: dark) { body { background: #111; color: #333; } }</style>',
    ),
  );
  const shots: string[] = [];
  const violations = await violationsInBothSchemes(tab, async (suffix) => {
    shots.push(`${suffix}: ${await tab.evaluate(() => getComputedStyle(document.body).color)}`);
  });
  expect(rulesOf(violations)).toEqual(['dark color-contrast']);
  expect(shots).toEqual([': rgb(0, 0, 0)', '-dark: rgb(51, 51, 51)']);
});
