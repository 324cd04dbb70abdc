/**
 * Complete lists: where a text speaks of every school (or counts them), the page's table
 * lists them all, from the store's `full_data`, while the API's `public_data` keeps its
 * 15; and every count a text gives is the number of rows shown. Counted on the demo data
 * of `npm start`, against the store itself.
 */
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATISTICS, type Statistic } from '../../src/domain/categories.js';
import { startDemoSite, type DemoSite } from '../support/demo-site.js';

const COMPLETE_LISTS = (STATISTICS as readonly Statistic[]).filter((statistic) => statistic.complete);

let site: DemoSite;
let years: string[];
/** `full_data` lengths in the store, by year then category. */
const stored = new Map<string, Map<string, number>>();

beforeAll(async () => {
  site = await startDemoSite();
  years = ((await (await fetch(`${site.server.url}/api/years`)).json()) as { years: string[] }).years;
  const db = new Database(site.fixture.path, { readonly: true });
  const rows = db
    .prepare(
      'SELECT year, category, json_array_length(full_data) AS length FROM statistics WHERE full_data IS NOT NULL',
    )
    .all() as { year: string | number; category: string; length: number | null }[];
  db.close();
  for (const row of rows) {
    if (row.length === null) continue;
    const year = String(row.year);
    if (!stored.has(year)) stored.set(year, new Map());
    stored.get(year)!.set(row.category, row.length);
  }
}, 120_000);

afterAll(async () => {
  await site?.close();
});

/** The HTML of one statistic's section. */
function section(page: string, category: string): string | undefined {
  const start = page.indexOf(`<section id="${category}"`);
  if (start < 0) return undefined;
  return page.slice(start, page.indexOf('</section>', start));
}

/** The rows of the section's table body. */
function tableRows(html: string): string[] {
  const body = html.slice(html.indexOf('<tbody>'), html.indexOf('</tbody>'));
  return body.split('<tr>').slice(1);
}

/** The summary of a section, its **figures** marked again. */
function summaryOf(html: string): string {
  const match = /<p class="summary">(.*?)<\/p>/s.exec(html);
  return (match?.[1] ?? '').replaceAll('<strong>', '**').replaceAll('</strong>', '**');
}

/** The number a summary gives before a word (`**42** compañías`); thousands grouped with `.`. */
function countBefore(summary: string, words: RegExp): number | undefined {
  const match = new RegExp(`\\*\\*([\\d.]+)\\*\\* ${words.source}`).exec(summary);
  return match ? Number(match[1]!.replaceAll('.', '')) : undefined;
}

describe('every page', () => {
  it('lists the whole of full_data where a list is complete, and the API keeps 15', async () => {
    let checked = 0;
    for (const year of years) {
      const page = await (await fetch(`${site.server.url}/estadisticas/${year}`)).text();
      for (const { id: category } of COMPLETE_LISTS) {
        const html = section(page, category);
        const length = stored.get(year)?.get(category);
        if (html === undefined || length === undefined || length === 0) continue;
        expect([year, category, tableRows(html).length]).toEqual([year, category, length]);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(20);
    const api = (await (
      await fetch(`${site.server.url}/api/category?year=global&category=topSchools`)
    ).json()) as { stats: { public_data: unknown[] }[] };
    expect(api.stats[0]!.public_data).toHaveLength(15);
    expect(stored.get('global')!.get('topSchools')).toBeGreaterThan(15);
  });

  it('shows as many schools as each text counts', async () => {
    for (const year of years) {
      const page = await (await fetch(`${site.server.url}/estadisticas/${year}`)).text();
      const isGlobal = year === 'global';
      const ranking = section(page, isGlobal ? 'topSchools' : 'topSchoolsByYear')!;
      const schools = tableRows(ranking).length;
      // `42 compañías sumaron…`, `…de 46 compañías`
      expect([year, countBefore(summaryOf(section(page, 'intro')!), /compañías/)]).toEqual([year, schools]);
      // `…de cada una de las 42 compañías`, or under the small-count rule `…de 36 de las 42
      // compañías`: the schools listed, of all of them.
      const common = section(page, isGlobal ? 'commonNameBySchool' : 'commonNameBySchoolByYear')!;
      const listed = tableRows(common).length;
      const some = /de \*\*(\d+)\*\* de las \*\*(\d+)\*\* compañías/.exec(summaryOf(common));
      const counted = some
        ? [Number(some[1]), Number(some[2])]
        : [listed, countBefore(summaryOf(common), /compañías/)];
      expect([year, ...counted]).toEqual([year, listed, schools]);
      const newSchools = section(page, 'newSchoolsByYear');
      const newCount =
        newSchools === undefined ? undefined : countBefore(summaryOf(newSchools), /compañías?/);
      if (newSchools !== undefined && newCount !== undefined)
        expect(tableRows(newSchools)).toHaveLength(newCount);
      if (!isGlobal) continue;
      const evolution = section(page, 'schoolsEvolution')!;
      expect(countBefore(summaryOf(evolution), /compañías han participado/)).toBe(schools);
      expect(tableRows(evolution)).toHaveLength(schools);
      // `34 compañías han estado en todas ellas`: the rows with every edition.
      const constant = section(page, 'mostConstantSchools')!;
      const editions = countBefore(summaryOf(constant), /ediciones con datos/)!;
      const always = tableRows(constant).filter(
        (row) => /<td class="num">(\d+)<\/td>/.exec(row)?.[1] === String(editions),
      );
      expect(countBefore(summaryOf(constant), /compañías han estado en todas/)).toBe(always.length);
      expect(tableRows(constant)).toHaveLength(schools);
    }
  });
});
