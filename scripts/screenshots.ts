/**
 * The README's screenshots, made from the demo data a newcomer gets from `npm start`
 * (`npm run docs:screenshots`), so that they show what the site shows: the real server
 * over a fresh demo store, pages at 390 px in Debian's Chromium (playwright-core), the
 * top of each page written to docs/screenshots/: a year in Spanish and the same in Basque,
 * and a school.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { loadDemo } from '../src/cli/commands/demo.js';
import { DEFAULT_SERVER_SETTINGS, sqliteLocation } from '../src/config/index.js';
import { DEFAULT_DEMO_OPTIONS } from '../src/demo/index.js';
import { startServer } from '../src/server.js';
import { openReadStore } from '../src/store/open-store.js';
import { API_PATHS } from '../src/web/layout.js';
import { comparisonPath, LOCALES } from '../src/web/locale.js';
import { slugOf } from '../src/web/school-slugs.js';

const PAGE_PATHS = { ...LOCALES.es.paths, ...API_PATHS };
const BASQUE_PATHS = LOCALES.eu.paths;

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const OUT = fileURLToPath(new URL('../docs/screenshots/', import.meta.url));
const WIDTH = 390;
/** The top of a page: about two phone screens, enough to show what the page is. */
const MAX_HEIGHT = 1800;

/** The screenshots the README shows: file name → page. */
const SHOTS: Record<string, string> = {
  'estadisticas-2024-390.png': PAGE_PATHS.statistics('2024'),
  'eu-estatistikak-2024-390.png': BASQUE_PATHS.statistics('2024'),
  'compania-390.png': PAGE_PATHS.school(slugOf('Itsasbegi Ikastola')),
  'nombre-390.png': PAGE_PATHS.name('firstName', 'ane'),
  'comparar-nombres-390.png': comparisonPath('es', 'firstName', ['Ane', 'June', 'Markel']),
  'eu-txertatu-390.png': BASQUE_PATHS.embed('global-parte-hartzaileak-edizioz-edizio'),
};

const dir = mkdtempSync(join(tmpdir(), 'tamborrada-screenshots-'));
try {
  const location = sqliteLocation(join(dir, 'tamborrada.db'));
  await loadDemo(DEFAULT_DEMO_OPTIONS, location);
  const server = await startServer({
    openStore: () => openReadStore(location),
    settings: { ...DEFAULT_SERVER_SETTINGS, listen: { host: '127.0.0.1', port: 0 }, metrics: undefined },
    logger: false,
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox'] });
  try {
    const page = await browser.newPage({ viewport: { width: WIDTH, height: 844 }, colorScheme: 'light' });
    for (const [file, path] of Object.entries(SHOTS)) {
      const answer = await page.goto(server.url + path, { waitUntil: 'load' });
      if (answer?.status() !== 200) throw new Error(`${path} answered ${answer?.status()}`);
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      await page.screenshot({
        path: join(OUT, file),
        fullPage: true,
        clip: { x: 0, y: 0, width: WIDTH, height: Math.min(height, MAX_HEIGHT) },
      });
      console.log(`docs/screenshots/${file}: ${path} at ${WIDTH} px`);
    }
  } finally {
    await browser.close();
    await server.close();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
