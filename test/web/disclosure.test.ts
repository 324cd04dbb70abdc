/**
 * What the site publishes, taken as a whole, as someone who wants to know which rare
 * names were there would take it (DESIGN §5, docs/security.md "No count under k by
 * arithmetic" and "Published figures are final"):
 *
 * - every figure of a first name or surname, from every file that gives it (the API, the
 *   CSV files, each name's JSON, the comparisons), and every total and part they form, fed
 *   to an attacker's solver: no count of 1 to k−1 in an edition, nor a 0 told apart from
 *   them, comes out;
 * - the whole site crawled before and after a family's removal: not one published file
 *   differs, so the removal tells nobody whose it was.
 */
import Database from 'better-sqlite3';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteLocation } from '../../src/config/index.js';
import { readName } from '../../src/domain/statistics/tally.js';
import { removeParticipant } from '../../src/import/removals.js';
import { openWriteStore } from '../../src/store/open-store.js';
import { slugOf } from '../../src/web/school-slugs.js';
import { startDemoSite, type DemoSite } from '../support/demo-site.js';
import { disclosed, propagate, type Bounds, type LinearFact } from '../support/disclosure-solver.js';
import { bodyOf, crawlPublishedSite } from '../support/published-site.js';

const ORIGIN = 'https://tamborrada.example';
const K = 3;
const KINDS = [
  { kind: 'firstName', files: 'nombres', list: 'topNames' },
  { kind: 'surname', files: 'apellidos', list: 'topSurnames' },
] as const;

interface NameJson {
  kind: string;
  name: string;
  k: number;
  editions: ({ year: number; count: number } | { year: number; fewerThan: number })[];
}

/** A CSV file's rows by its header's names. */
const csvRows = (text: string) => parse(text, { bom: true, columns: true }) as Record<string, string>[];

/** The `name → count` of a list's CSV file. */
const csvCounts = (text: string): Map<string, number> =>
  new Map(csvRows(text).map((row) => [row.nombre ?? row.apellido!, Number(row.participantes)]));

/** What the attacker gathers from the crawled files. */
function gather(site: ReadonlyMap<string, string>) {
  const json = (path: string) => JSON.parse(bodyOf(site.get(path)!)) as unknown;
  const years = (json('/api/years') as { years: string[] }).years.filter((year) => year !== 'global').sort();
  const statistics = (year: string) =>
    (json(`/api/statistics?year=${year}`) as { statistics: Record<string, { public_data: unknown }[]> })
      .statistics;
  const participants = years.map(
    (year) => (statistics(year).totalParticipantsByYear![0]!.public_data as { count: number }[])[0]!.count,
  );
  const distinctNames = years.map((year) => statistics(year).namesDiversityByYear![0]!.public_data as number);
  const names = KINDS.map(({ files }) =>
    [...site.keys()]
      .filter((path) => path.startsWith(`/datos/${files}-`) && path.endsWith('.json'))
      .map((path) => json(path) as NameJson),
  );
  return { years, participants, distinctNames, names, statistics };
}

/**
 * The open data of a site as an attacker gathers it: the API's statistics of every year,
 * every list's CSV file, and every name's JSON file and comparison (addresses from the
 * sitemap's name pages).
 */
async function fetchOpenData(base: string): Promise<Map<string, string>> {
  const fetched = new Map<string, string>();
  const get = async (path: string) => {
    const answer = await fetch(base + path);
    const text = `${answer.status} ${answer.headers.get('content-type')}\n${await answer.text()}`;
    fetched.set(path, text);
    return bodyOf(text);
  };
  const years = (JSON.parse(await get('/api/years')) as { years: string[] }).years;
  const sitemap = await get('/sitemap.xml');
  const paths = years.map((year) => `/api/statistics?year=${year}`);
  for (const { files, list } of KINDS) {
    paths.push(`/datos/global-${list}.csv`);
    for (const year of years.filter((one) => one !== 'global'))
      paths.push(`/datos/${year}-${list}ByYear.csv`);
    paths.push(`/datos/${files}-por-edicion.csv`);
    for (const [, slug] of sitemap.matchAll(new RegExp(`/${files}/([^<]+)</loc>`, 'g')))
      paths.push(`/datos/${files}-${slug}.json`);
  }
  for (let i = 0; i < paths.length; i += 16) await Promise.all(paths.slice(i, i + 16).map(get));
  // Each name's comparison, as its page links it.
  const comparisons = KINDS.flatMap(({ files }) =>
    [...fetched.keys()]
      .filter((path) => path.startsWith(`/datos/${files}-`) && path.endsWith('.json'))
      .map(
        (path) =>
          `/comparar/${files}.json?n=${encodeURIComponent((JSON.parse(bodyOf(fetched.get(path)!)) as NameJson).name)}`,
      ),
  );
  for (let i = 0; i < comparisons.length; i += 16) await Promise.all(comparisons.slice(i, i + 16).map(get));
  return fetched;
}

describe('what the demo site publishes, taken together', () => {
  let demo: DemoSite;
  let before: Map<string, string>;
  let gathered: ReturnType<typeof gather>;

  beforeAll(async () => {
    demo = await startDemoSite({ publicUrl: ORIGIN });
    before = await fetchOpenData(demo.server.url);
    gathered = gather(before);
  }, 300_000);

  afterAll(async () => {
    await demo?.close();
  });

  it('the solver recovers a withheld count where a published total adds every edition (so the checks below can fail)', () => {
    // A name with 5 and "fewer than 3" in two editions, and a total of 6 over both.
    const unknowns = new Map<string, Bounds>([['Xabi 2025', { lo: 0, hi: K - 1 }]]);
    const facts: LinearFact[] = [{ terms: ['Xabi 2025'], total: 6 - 5 }];
    expect(disclosed(propagate(unknowns, facts), ['Xabi 2025'])).toEqual(['Xabi 2025 = 1']);
    // Through a chain: an edition's participants minus its listed names, when one name is left.
    const chain = new Map<string, Bounds>([
      ['Ane 2024', { lo: 0, hi: K - 1 }],
      ['Jon 2024', { lo: 0, hi: K - 1 }],
    ]);
    const sums: LinearFact[] = [
      { terms: ['Ane 2024', 'Jon 2024'], total: 4 },
      { terms: ['Ane 2024'], total: 2 },
    ];
    expect(disclosed(propagate(chain, sums), ['Ane 2024', 'Jon 2024'])).toEqual([
      'Ane 2024 = 2',
      'Jon 2024 = 2',
    ]);
  });

  it('every figure of a name agrees across the files that give it, and its total adds its published editions', () => {
    const { years, names } = gathered;
    let checked = 0;
    KINDS.forEach(({ list, files }, kind) => {
      const global = csvCounts(bodyOf(before.get(`/datos/global-${list}.csv`)!));
      const byName = new Map(names[kind]!.map((fact) => [fact.name, fact]));
      // Every name a list gives has a page, and the list's count is its page's.
      for (const year of years) {
        for (const [name, count] of csvCounts(bodyOf(before.get(`/datos/${year}-${list}ByYear.csv`)!))) {
          const edition = byName.get(name)?.editions.find((candidate) => candidate.year === Number(year));
          expect(edition, `${name} ${year}`).toEqual(expect.objectContaining({ count }));
          checked++;
        }
      }
      // The long file gives each name's published editions, as its JSON file does, and no other:
      // it adds no fact to those the solver below is given.
      const long = csvRows(bodyOf(before.get(`/datos/${files}-por-edicion.csv`)!));
      const published = names[kind]!.flatMap((fact) =>
        fact.editions.flatMap((e) => ('count' in e ? [`${e.year} ${fact.name} ${e.count}`] : [])),
      );
      expect(
        long.map((row) => `${row.edicion} ${row.nombre ?? row.apellido} ${row.participantes}`).sort(),
      ).toEqual(published.sort());
      checked += long.length;
      // A total minus its shown parts leaves nothing: the total adds the published editions only.
      for (const [name, total] of global) {
        const shown = byName.get(name)!.editions.reduce((sum, e) => sum + ('count' in e ? e.count : 0), 0);
        expect(total - shown, `${name}: its total minus its published editions`).toBe(0);
        checked++;
      }
      // The comparisons give a name's page's figures.
      for (const fact of names[kind]!) {
        const query = `n=${encodeURIComponent(fact.name)}`;
        const path = [...before.keys()].find(
          (candidate) => candidate.startsWith(`/comparar/${files}.json?`) && candidate.endsWith(`?${query}`),
        );
        if (path === undefined) continue;
        const compared = JSON.parse(bodyOf(before.get(path)!)) as {
          series: { name: string; counts: (number | null)[] }[];
        };
        const series = compared.series.find((candidate) => candidate.name === fact.name);
        expect(series?.counts, path).toEqual(fact.editions.map((e) => ('count' in e ? e.count : null)));
        checked++;
      }
    });
    expect(checked).toBeGreaterThan(1000);
  });

  it('no withheld count of a name in an edition can be worked out from all of it, nor told apart from 0', () => {
    const { years, participants, distinctNames, names } = gathered;
    const unknowns = new Map<string, Bounds>();
    const withheld: string[] = [];
    const facts: LinearFact[] = [];
    names.forEach((facts, kind) => {
      for (const fact of facts)
        for (const edition of fact.editions)
          if ('fewerThan' in edition) {
            const id = `${KINDS[kind]!.kind} ${fact.name} ${edition.year}`;
            unknowns.set(id, { lo: 0, hi: edition.fewerThan - 1 });
            withheld.push(id);
          }
    });
    expect(withheld.length).toBeGreaterThan(100);
    // Each edition's children, one first name each: the participants are the sum of every
    // first name's count, the published ones, the withheld ones of names with a page, and
    // the names without one (as many as the distinct names not listed, each under k).
    years.forEach((year, e) => {
      const firstNames = names[0]!;
      const shown = firstNames.flatMap((fact) =>
        fact.editions.filter((edition) => edition.year === Number(year) && 'count' in edition),
      );
      const shownSum = shown.reduce((sum, edition) => sum + ('count' in edition ? edition.count : 0), 0);
      const unlisted = distinctNames[e]! - shown.length;
      const others = `names without a page ${year}`;
      unknowns.set(others, { lo: 0, hi: (K - 1) * unlisted });
      const terms = firstNames.flatMap((fact) =>
        fact.editions.some((edition) => edition.year === Number(year) && 'fewerThan' in edition)
          ? [`firstName ${fact.name} ${year}`]
          : [],
      );
      facts.push({ terms: [...terms, others], total: participants[e]! - shownSum });
    });
    expect(disclosed(propagate(unknowns, facts), withheld)).toEqual([]);
  });
});

describe('a family’s removal, seen by someone who keeps snapshots of the whole site', () => {
  let demo: DemoSite;
  /** The child a family asks to remove: its first name's count in its edition is exactly k. */
  let child: { name: string; school: string; year: number; slugs: string[] };
  const crawl = () =>
    crawlPublishedSite(demo.server.url, {
      publicOrigin: ORIGIN,
      // The images of every page the child's names, school and editions have (where a change would show).
      previews: (path) => child.slugs.some((slug) => path === `/vista-previa/${slug}.png`),
    });

  beforeAll(async () => {
    // A small demo (a twentieth of the children, over a thousand files): crawled twice.
    demo = await startDemoSite({ publicUrl: ORIGIN, scale: 0.05 });
    const db = new Database(demo.fixture.path, { readonly: true });
    const rows = db.prepare('SELECT name, school, year FROM participants').all() as (typeof child)[];
    db.close();
    const perCell = new Map<string, number>();
    for (const row of rows) {
      const key = `${readName(row.name).firstKey} ${row.year}`;
      perCell.set(key, (perCell.get(key) ?? 0) + 1);
    }
    const found = rows.find((row) => perCell.get(`${readName(row.name).firstKey} ${row.year}`) === K)!;
    const { firstName, surnames } = readName(found.name);
    child = {
      ...found,
      slugs: [
        `nombres-${slugOf(firstName)}`,
        ...surnames.map((surname) => `apellidos-${slugOf(surname)}`),
        `companias-${slugOf(found.school)}`,
        'inicio',
        'estadisticas-global',
        `estadisticas-${found.year}`,
      ],
    };
  }, 300_000);

  afterAll(async () => {
    await demo?.close();
  });

  it('changes not one published file: the whole site is the same before and after', async () => {
    const before = await crawl();
    const store = await openWriteStore(sqliteLocation(demo.fixture.path), 'write');
    try {
      const report = await removeParticipant(store, { name: child.name, school: child.school });
      expect(report.records).toBeGreaterThan(0);
    } finally {
      await store.close();
    }
    await demo.server.sync();
    const search = await demo.server.get(
      `/api/participants?name=${encodeURIComponent(child.name)}&company=${encodeURIComponent(child.school)}`,
    );
    expect(search.status).toBe(500); // the child has left the search at once
    const after = await crawl();
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    const changed = [...before].filter(([path, bytes]) => after.get(path) !== bytes).map(([path]) => path);
    expect(changed).toEqual([]);
    // The crawl reached every kind of file, the child's own pages among them.
    expect(before.size).toBeGreaterThan(1000);
    for (const slug of child.slugs)
      expect(before.get(`/vista-previa/${slug}.png`), slug).toMatch(/^200 image\/png/);
  }, 600_000);
});
