/**
 * Every setting is documented, from the one list: the README's configuration table is
 * that list (regenerate it with `npm run docs:config`), and nothing outside src/config
 * reads an environment variable by name.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import {
  CONFIGURATION_HEADER,
  CONFIGURATION_TABLE_END,
  CONFIGURATION_TABLE_START,
  settingCells,
} from '../../scripts/config-table.js';
import { SETTINGS } from '../../src/config/index.js';

const ROOT = new URL('../../', import.meta.url).pathname;

function readmeTable(): string[][] {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const start = readme.indexOf(CONFIGURATION_TABLE_START);
  const end = readme.indexOf(CONFIGURATION_TABLE_END);
  expect(start, 'the README has the table markers').toBeGreaterThan(-1);
  return readme
    .slice(start + CONFIGURATION_TABLE_START.length, end)
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|\s*-/.test(line))
    .map((line) =>
      line
        .slice(1, -1)
        .split(' | ')
        .map((cell) => cell.trim()),
    );
}

it('the README lists every setting, as src/config/settings.ts says (npm run docs:config)', () => {
  expect(readmeTable()).toEqual([[...CONFIGURATION_HEADER], ...Object.values(SETTINGS).map(settingCells)]);
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(dir, entry.name)]
        : [],
  );
}

it('no code outside src/config reads a variable by name', () => {
  const readers = sourceFiles(join(ROOT, 'src'))
    .filter((file) => !file.includes('/src/config/'))
    .flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/process\.env\.([A-Z_]+)|process\.env\[['"]([A-Z_]+)/g)].map(
        (match) => `${file.slice(ROOT.length)}: ${match[1] ?? match[2]}`,
      ),
    );
  expect(readers).toEqual([]);
});
