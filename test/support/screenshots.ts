import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import type { Language } from '../../src/web/locale.js';

const FOLDER = fileURLToPath(new URL('../../test-artifacts/screenshots/', import.meta.url));

/**
 * Saves a full-page screenshot of what a browser test saw, in test-artifacts/screenshots/
 * (git-ignored), when `TEST_SCREENSHOTS=1`: they are for a person to look at, no test
 * reads them, and drawing and encoding every long page took a good part of the browser
 * tests' time.
 */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  if (process.env.TEST_SCREENSHOTS !== '1') return;
  mkdirSync(FOLDER, { recursive: true });
  await page.screenshot({ path: `${FOLDER}${name}.png`, fullPage: true });
}

/**
 * What saves the screenshots of one visit, given each one's suffix (`''`, `'-dark'`): named
 * `{name}-{width}{suffix}`, a Basque page's name starting with `eu-`.
 */
export const screenshotsOf =
  (page: Page, language: Language, name: string, width: number) =>
  (suffix: string): Promise<void> =>
    saveScreenshot(page, `${language === 'es' ? '' : `${language}-`}${name}-${width}${suffix}`);
