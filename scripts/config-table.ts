/**
 * Writes the README's configuration table from the list of settings (src/config), between
 * its two marker comments: `npm run docs:config`. A test fails when the two differ.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { format } from 'prettier';
import {
  CONFIGURATION_TABLE_END,
  CONFIGURATION_TABLE_START,
  configurationTable,
} from '../src/config/document.js';

const path = new URL('../README.md', import.meta.url);
const readme = readFileSync(path, 'utf8');
const start = readme.indexOf(CONFIGURATION_TABLE_START);
const end = readme.indexOf(CONFIGURATION_TABLE_END);
if (start < 0 || end < start) throw new Error('README.md lacks the configuration table markers');
const table = (
  await format(configurationTable(), { parser: 'markdown', proseWrap: 'preserve', printWidth: 110 })
).trim();
writeFileSync(
  path,
  `${readme.slice(0, start + CONFIGURATION_TABLE_START.length)}\n\n${table}\n\n${readme.slice(end)}`,
);
