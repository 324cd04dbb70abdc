/**
 * The small-count rule from the outside (DESIGN §5): a participant list with rare names
 * imported by the real CLI under the default `k = 3`, then everything the service
 * publishes read back — every category of the API for every year and `global`, the
 * `full_data` kept in the store, every page, every CSV file, the text of every preview
 * image — names no first name, surname or school's name that fewer than 3 children bear
 * in its scope. `status` shows the value in force, and `recompute` with another value
 * changes the lists.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteLocation } from '../../src/config/index.js';
import { CATEGORY_IDS } from '../../src/domain/categories.js';
import { openReadStore } from '../../src/store/open-store.js';
import { slugOf } from '../../src/web/school-slugs.js';
import { cardSvg } from '../../src/web/preview-card.js';
import { createSite } from '../../src/web/site.js';
import { runCli } from '../support/cli.js';
import { drawn } from '../support/preview.js';
import {
  childrenByScope,
  namesUnderK,
  NEVER_PUBLISHED,
  RARE_FESTIVAL,
  rareFestivalCsv,
} from '../support/rare-names.js';
import { startTestServer, type TestServer } from '../support/server.js';

const SCOPES = childrenByScope(RARE_FESTIVAL);
let dir: string;
let db: string;
let server: TestServer;

const cli = (...args: string[]) => runCli([...args, '--db', db]);
const json = async (path: string) => (await server.get(path)).body as Record<string, unknown>;
const words = (text: string) => NEVER_PUBLISHED.filter((word) => new RegExp(`\\b${word}\\b`, 'i').test(text));

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tamborrada-small-counts-'));
  db = join(dir, 'store.db');
  const file = join(dir, 'participantes.csv');
  writeFileSync(file, rareFestivalCsv());
  const imported = await runCli(['import', file, '--db', db, '--create']);
  expect(imported.stderr).toBe('');
  expect(imported.code).toBe(0);
  server = await startTestServer(() => openReadStore(sqliteLocation(db)));
});

afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Every list the API serves: each category of each year, `global` included. */
async function servedLists() {
  const lists: { year: string; category: string; data: unknown; summary: string }[] = [];
  for (const year of (await json('/api/years')).years as string[]) {
    for (const category of CATEGORY_IDS) {
      const answer = await server.get(`/api/category?year=${year}&category=${category}`);
      if (answer.status === 404) continue;
      for (const stat of (answer.body as { stats: { public_data: unknown; summary: string }[] }).stats)
        lists.push({ year, category, data: stat.public_data, summary: stat.summary });
    }
    const whole = await server.get(`/api/statistics?year=${year}`);
    expect(words(whole.text), `/api/statistics?year=${year}`).toEqual([]);
  }
  return lists;
}

/** Every page, with the CSV files and preview images it links to. */
async function site() {
  const companies = (await json('/api/companies')).companies as string[];
  const years = (await json('/api/years')).years as string[];
  const paths = ['/', '/acerca', '/buscar', ...years.map((year) => `/estadisticas/${year}`)];
  paths.push(...companies.map((school) => `/companias/${slugOf(school)}`));
  const pages = new Map<string, string>();
  const files = new Set<string>();
  for (const path of paths) {
    const page = await server.get(path);
    expect([path, page.status]).toEqual([path, 200]);
    pages.set(path, page.text);
    for (const [, file] of page.text.matchAll(/href="(\/datos\/[^"]+)"/g)) files.add(file!);
    for (const [, image] of page.text.matchAll(/content="[^"]*(\/vista-previa\/[^"]+\.png)"/g))
      files.add(image!);
  }
  return { pages, files };
}

describe('the small-count rule, k = 3 by default', () => {
  it('`status` shows the value in force', async () => {
    const status = await cli('status');
    expect(status.stdout).toMatch(
      /^small-count rule: k = 3, no list names a name that fewer than 3 children bear/m,
    );
  });

  it('no list of the API, in any category of any year or global, names a name fewer than 3 children bear there', async () => {
    const lists = await servedLists();
    expect(lists.length).toBeGreaterThan(40);
    for (const { year, category, data, summary } of lists) {
      expect(namesUnderK(SCOPES, 3, year, category, data), `${year}/${category}`).toEqual([]);
      expect(words(JSON.stringify(data) + summary), `${year}/${category}`).toEqual([]);
    }
    // A name of the series, not of a year where one child bears it.
    const topNames = (year: string) =>
      lists.find((list) => list.year === year && list.category.startsWith('topNames'))!;
    expect(JSON.stringify(topNames('global').data)).toContain('"Ane"');
    expect(JSON.stringify(topNames('2025').data)).not.toContain('"Ane"');
  });

  it('nor does any `full_data` kept in the store', () => {
    const store = new Database(db, { readonly: true });
    try {
      const rows = store
        .prepare('SELECT category, year, public_data, full_data, summary FROM statistics')
        .all() as {
        category: string;
        year: string;
        public_data: string | null;
        full_data: string | null;
        summary: string;
      }[];
      expect(rows.length).toBeGreaterThan(40);
      for (const row of rows) {
        const full = row.full_data === null ? null : (JSON.parse(row.full_data) as unknown);
        expect(namesUnderK(SCOPES, 3, row.year, row.category, full), `${row.year}/${row.category}`).toEqual(
          [],
        );
        expect(
          words(`${row.public_data} ${row.full_data} ${row.summary}`),
          `${row.year}/${row.category}`,
        ).toEqual([]);
      }
    } finally {
      store.close();
    }
  });

  it('nor any page, CSV file or preview image; a school with one child shows no name', async () => {
    const { pages, files } = await site();
    for (const [path, html] of pages) expect(words(html), path).toEqual([]);
    expect(pages.get('/estadisticas/2025')).not.toMatch(/\bAne\b/);
    expect(pages.get('/companias/ikastola-bakarra')).not.toContain('Nombre más frecuente</th>');
    const csvFiles = [...files].filter((file) => file.endsWith('.csv'));
    expect(csvFiles).toEqual(expect.arrayContaining(['/datos/companias-ikastola-bakarra-nombres.csv']));
    expect(csvFiles.length).toBeGreaterThan(30);
    for (const file of files) {
      const answer = await drawn(() => server.get(file));
      expect([file, answer.status]).toEqual([file, 200]);
      if (file.endsWith('.csv')) expect(words(answer.text), file).toEqual([]);
    }
    expect(
      (await server.get('/datos/companias-ikastola-bakarra-nombres.csv')).text.trim().split('\r\n'),
    ).toHaveLength(1);
    // The text of every preview image: the cards the server draws, one per page and language.
    const { state } = server.follower;
    if (state.kind !== 'ready') throw new Error('no read model');
    const published = createSite({ publicUrl: server.url });
    const cards = await published.cardsOf(state.model);
    published.close();
    expect(cards.size).toBeGreaterThanOrEqual(2 * pages.size);
    for (const card of cards.values()) expect(words(cardSvg(card))).toEqual([]);
  });
});

describe('changing the value', () => {
  it('takes effect at `recompute`, is kept by the commands that only recompute, and `status` shows it', async () => {
    const everyName = await cli('recompute', '--min-published-count', '1');
    expect(everyName.stdout).toMatch(/under the small-count rule k = 1/);
    await server.sync();
    const global = (await json('/api/category?year=global&category=topNames')).stats as {
      public_data: unknown;
    }[];
    expect(global[0]!.public_data).toContainEqual({ name: 'Lorea', count: 3 });
    expect((await server.get('/companias/ikastola-bakarra')).text).toContain('Ekhiotz');

    // Another write that recomputes keeps the value in force.
    expect((await cli('year', 'unpublish', '2023')).code).toBe(0);
    expect((await cli('year', 'publish', '2023')).code).toBe(0);
    expect((await cli('status')).stdout).toMatch(/^small-count rule: k = 1, every name is listed/m);

    const back = await runCli(['recompute', '--db', db], { MIN_PUBLISHED_COUNT: '3' });
    expect(back.stdout).toMatch(/under the small-count rule k = 3/);
    await server.sync();
    expect(words((await server.get('/estadisticas/global')).text)).toEqual([]);
    expect((await cli('status')).stdout).toMatch(/^small-count rule: k = 3/m);
  });

  it('a value that is not a positive integer is refused before anything is written', async () => {
    const refused = await cli('recompute', '--min-published-count', '0');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--min-published-count');
    expect((await cli('status')).stdout).toMatch(/^small-count rule: k = 3/m);
  });

  it('a store whose statistics no version of ours computed has none recorded; its next recompute applies 3', async () => {
    const other = join(dir, 'other.db');
    expect((await runCli(['migrate', '--db', other])).code).toBe(0);
    expect((await runCli(['status', '--db', other])).stdout).toMatch(
      /^small-count rule: none recorded \(no statistics computed by this version\); the next import or recompute applies k = 3 unless MIN_PUBLISHED_COUNT is set$/m,
    );
  });
});
