/**
 * The comparisons: up to five first names, surnames or schools at an
 * address that can be shared (`/comparar/nombres?n=Ane&n=June`, Basque under
 * `/eu/alderatu`), each edition's counts equal to the store's, a count under k withheld
 * and a name under k answered byte for byte as one never seen (page, CSV and JSON), the
 * first five of more, bad input answered and never logged, the school pages' link, and
 * no comparison in the sitemap.
 */
import { Writable } from 'node:stream';
import Database from 'better-sqlite3';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CACHE } from '../../src/answer/answer.js';
import { comparisonDataPath, comparisonPath, LOCALES, type Language } from '../../src/web/locale.js';
import { MAX_TYPED_LENGTH } from '../../src/web/pages/compare-page.js';
import { CSV_CONTENT_TYPE } from '../../src/web/open-data.js';
import { slugOf } from '../../src/web/school-slugs.js';
import { es } from '../../src/web/texts/es.js';
import { eu } from '../../src/web/texts/eu.js';
import type { RunningServer } from '../../src/server.js';
import { drawn } from '../support/preview.js';
import { startTestServer } from '../support/server.js';
import { startDemoSite, type DemoSite } from '../support/demo-site.js';

const PUBLIC_URL = 'https://tamborrada.example.org';
/** Fictional first names of two children (under k = 3), and of none: the same length. */
const UNDER_K = 'Itziartxo';
const NEVER_SEEN = 'Itziartxa';
/** Four children in all, three of them in 2024: a count in 2024, none shown in 2023. */
const WITHHELD_IN_2023 = 'Amalurtxo';
const TEXTS = { es, eu };

let site: DemoSite;
let school: string;
let otherSchool: string;

beforeAll(async () => {
  site = await startDemoSite({ scale: 0.1, publicUrl: PUBLIC_URL });
  const { companies } = (await (await get('/api/companies')).json()) as { companies: string[] };
  [school, otherSchool] = companies as [string, string];
  await site.fixture.insertParticipants([
    { name: `${UNDER_K} Garcia Lopez`, school, year: 2024 },
    { name: `${UNDER_K} Perez Ruiz`, school, year: 2023 },
    { name: `${WITHHELD_IN_2023} Garcia Lopez`, school, year: 2023 },
    ...['Garcia Lopez', 'Perez Ruiz', 'Olano Lasa'].map((surnames) => ({
      name: `${WITHHELD_IN_2023} ${surnames}`,
      school: otherSchool,
      year: 2024,
    })),
  ]);
  await site.server.follower.refresh();
});

afterAll(async () => {
  await site?.close();
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(site.server.url + path, { headers, redirect: 'manual' });
const text = async (path: string) => (await get(path)).text();

/** A table's body rows, each cell's text (tags dropped). */
function tableRows(html: string): string[][] {
  const body = /<tbody>([\s\S]*?)<\/tbody>/.exec(html)?.[1] ?? '';
  return [...body.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((row) =>
    [...row[1]!.matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((cell) => cell[1]!.replace(/<[^>]+>/g, '')),
  );
}

/** Each edition's records of a first name, where at least 3 distinct children bore it (plain SQL). */
function storedFirstName(name: string): Map<number, number> {
  const db = new Database(site.fixture.path, { readonly: true });
  const rows = db
    .prepare(
      `SELECT year, count(*) AS records, count(DISTINCT lower(name)) AS children
       FROM participants WHERE name LIKE ? GROUP BY year`,
    )
    .all(`${name} %`) as { year: number; records: number; children: number }[];
  db.close();
  return new Map(rows.filter((row) => row.children >= 3).map((row) => [row.year, row.records]));
}

/** A first name's count in an edition's complete ranking (its CSV file), when listed. */
async function rankedCount(year: string, name: string): Promise<number | undefined> {
  const csv = await text(`/datos/${year}-topNamesByYear.csv`);
  const line = csv.split('\r\n').find((row) => row.startsWith(`${year},${name},`));
  return line === undefined ? undefined : Number(line.split(',')[2]);
}

/** Each edition's participants in the store: what a count's share is of. */
function storedParticipants(): Map<number, number> {
  const db = new Database(site.fixture.path, { readonly: true });
  const rows = db.prepare('SELECT year, count(*) AS n FROM participants GROUP BY year').all() as {
    year: number;
    n: number;
  }[];
  db.close();
  return new Map(rows.map((row) => [row.year, row.n]));
}

function storedSchool(name: string): Map<number, number> {
  const db = new Database(site.fixture.path, { readonly: true });
  const rows = db
    .prepare('SELECT year, count(*) AS n FROM participants WHERE school = ? GROUP BY year')
    .all(name) as { year: number; n: number }[];
  db.close();
  return new Map(rows.map((row) => [row.year, row.n]));
}

describe.each(['es', 'eu'] as const)('in %s', (language: Language) => {
  const { paths } = LOCALES[language];
  const texts = TEXTS[language].compare;
  /** A table's cell: the count and its share of the edition's participants, or "fewer than k". */
  const shownWithShare = (count: number | undefined, participants: number) =>
    count === undefined
      ? TEXTS[language].names.fewer(3)
      : `${TEXTS[language].number(count)} (${TEXTS[language].names.percent(count / participants)})`;

  it('each kind without names: the form, five labelled fields sent by GET to the same address', async () => {
    for (const kind of ['firstName', 'surname', 'school'] as const) {
      const answer = await get(paths.compare[kind]);
      expect([answer.status, answer.headers.get('cache-control')]).toEqual([200, CACHE.revalidate]);
      const html = await answer.text();
      expect(html).toContain(`<form class="search-form" method="get" action="${paths.compare[kind]}">`);
      for (let place = 1; place <= 5; place++) {
        expect(html).toContain(`<label for="compare-${place}">${texts[kind].field(place)}</label>`);
        expect(html).toMatch(new RegExp(`<input id="compare-${place}" name="n" type="text"`));
      }
      expect(html).not.toContain('<table');
      // Its preview card, in the language's folder.
      const image = /<meta property="og:image" content="([^"]+)"/.exec(html)![1]!.slice(PUBLIC_URL.length);
      const preview = await drawn(() => get(image));
      expect([image, preview.status, preview.headers.get('content-type')]).toEqual([image, 200, 'image/png']);
      // Empty fields, as the form sends them, answer the same form.
      expect(await text(`${paths.compare[kind]}?n=&n=+&n=`)).toBe(html);
    }
  });

  it('the shared address: names as typed compared as written, under the canonical address in both languages', async () => {
    const typed = await get(
      comparisonPath(language, 'firstName', ['ane', ` ${WITHHELD_IN_2023.toUpperCase()} `]),
    );
    expect([typed.status, typed.headers.get('cache-control')]).toEqual([200, CACHE.revalidate]);
    const html = await typed.text();
    const canonical = comparisonPath(language, 'firstName', ['Ane', WITHHELD_IN_2023]);
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}${canonical.replace(/&/g, '&amp;')}"/>`);
    const other = language === 'es' ? 'eu' : 'es';
    const otherPath = comparisonPath(other, 'firstName', ['Ane', WITHHELD_IN_2023]);
    expect(html).toContain(`href="${otherPath.replace(/&/g, '&amp;')}" hreflang="${other}"`);
    // The canonical address answers the same page, revalidated by its ETag.
    const shared = await get(canonical);
    expect(await shared.text()).toBe(html);
    const etag = shared.headers.get('etag')!;
    expect((await get(canonical, { 'if-none-match': etag })).status).toBe(304);
    // The form holds what is compared, to change it.
    expect(html).toContain(
      `id="compare-1" name="n" type="text" autocomplete="off" spellcheck="false" maxlength="${MAX_TYPED_LENGTH}" value="Ane"`,
    );
    expect(html).toContain(`value="${WITHHELD_IN_2023}"`);
  });

  it('each edition’s count is the store’s (and the statistics’) with its share, one under k withheld', async () => {
    const html = await text(comparisonPath(language, 'firstName', [WITHHELD_IN_2023, 'Ane']));
    const stored = storedFirstName(WITHHELD_IN_2023);
    expect(stored).toEqual(new Map([[2024, 3]]));
    const rows = tableRows(html);
    expect(rows.length).toBeGreaterThan(3);
    const participants = storedParticipants();
    for (const [year, withheld, ane] of rows) {
      expect([year, withheld, ane]).toEqual([
        year,
        shownWithShare(stored.get(Number(year)), participants.get(Number(year))!),
        shownWithShare(await rankedCount(year!, 'Ane'), participants.get(Number(year))!),
      ]);
    }
    expect(html).toContain(texts.withheldText(3));
    // One chart with its legend.
    expect(html.match(/<svg class="chart chart-lines"/g)).toHaveLength(1);
    expect(html).toMatch(
      new RegExp(`<ul class="legend"><li>.*?</svg>${WITHHELD_IN_2023}</li><li>.*?</svg>Ane</li></ul>`),
    );
    const items = [WITHHELD_IN_2023, 'Ane'];
    for (const format of ['csv', 'json'] as const) {
      expect(html).toContain(
        `href="${comparisonDataPath('firstName', format, items).replace(/&/g, '&amp;')}"`,
      );
    }
    expect(html).toContain('rel="license"');
  });

  it('schools: each edition’s participants are the store’s, 0 where none; a school’s name folded like a name', async () => {
    const html = await text(comparisonPath(language, 'school', [school.toUpperCase(), otherSchool]));
    const stored = [storedSchool(school), storedSchool(otherSchool)];
    const rows = tableRows(html);
    expect(rows.length).toBeGreaterThan(3);
    const participants = storedParticipants();
    for (const [year, ...counts] of rows)
      expect([year, ...counts]).toEqual([
        year,
        ...stored.map((byYear) =>
          shownWithShare(byYear.get(Number(year)) ?? 0, participants.get(Number(year))!),
        ),
      ]);
    expect(html).toContain(`<th scope="col" class="num">${school}</th>`);
  });

  it('a school’s page links to a comparison starting with it', async () => {
    const html = await text(paths.school(slugOf(school)));
    const link = comparisonPath(language, 'school', [school]).replace(/&/g, '&amp;');
    expect(html).toContain(`<a href="${link}">${TEXTS[language].school.compare}</a>`);
    expect(await text(comparisonPath(language, 'school', [school]))).toContain(`value="${school}"`);
  });

  it('a name’s page links to a comparison starting with it', async () => {
    const html = await text(paths.name('firstName', 'ane'));
    const link = comparisonPath(language, 'firstName', ['Ane']);
    expect(html).toContain(`<a href="${link}">${TEXTS[language].names.compare}</a>`);
    expect(await text(link)).toContain('value="Ane"');
  });

  it('a name under k answers as a name never seen, byte for byte but for the name: page, CSV and JSON', async () => {
    const answers = async (name: string) => {
      const items = ['Ane', name, 'June'];
      const paths = [
        comparisonPath(language, 'firstName', items),
        comparisonDataPath('firstName', 'csv', items),
        comparisonDataPath('firstName', 'json', items),
      ];
      return Promise.all(
        paths.map(async (path) => {
          const answer = await get(path);
          const headers = Object.fromEntries(answer.headers);
          delete headers.etag;
          delete headers.date;
          delete headers['content-length'];
          return { status: answer.status, headers, body: (await answer.text()).replaceAll(name, '¤') };
        }),
      );
    };
    const [underK, neverSeen] = await Promise.all([answers(UNDER_K), answers(NEVER_SEEN)]);
    expect(underK).toEqual(neverSeen);
    expect(underK[0]!.body).toContain('<li>¤</li>');
    expect(underK[0]!.body).toContain(texts.namesNotFound(3));
  });

  it('more than five: the first five, and the page says so', async () => {
    const asked = ['Ane', 'June', 'Markel', 'Ane', UNDER_K, 'Garazi', 'Nora', 'Jon'];
    const html = await text(comparisonPath(language, 'firstName', asked));
    expect(html).toContain(texts.tooMany);
    const csv = await text(comparisonDataPath('firstName', 'csv', asked));
    expect(
      new Set(
        csv
          .split('\r\n')
          .slice(1, -1)
          .map((line) => line.split(',')[0]),
      ),
    ).toEqual(new Set(['Ane', 'June', 'Markel', 'Garazi']));
    expect(html).not.toContain('Nora');
    expect(await text(comparisonPath(language, 'firstName', asked.slice(0, 5)))).not.toContain(texts.tooMany);
  });

  it('a field longer than a name can be: 400 with the form and why, nothing typed shown', async () => {
    const long = 'Ane'.repeat(60);
    const answer = await get(comparisonPath(language, 'surname', ['Garcia', long]));
    expect([answer.status, answer.headers.get('cache-control')]).toEqual([400, CACHE.none]);
    const html = await answer.text();
    expect(html).toContain(`<p class="error" role="alert">${texts.tooLong(MAX_TYPED_LENGTH)}</p>`);
    expect(html).not.toContain(long);
    const data = await get(comparisonDataPath('surname', 'json', [long]));
    expect([data.status, await data.json()]).toEqual([400, { error: es.compare.tooLong(MAX_TYPED_LENGTH) }]);
  });
});

describe('the data files', () => {
  const items = ['June', WITHHELD_IN_2023, NEVER_SEEN];

  it('CSV: a row per name and edition, the count empty where withheld, revalidated by its ETag', async () => {
    const answer = await get(comparisonDataPath('firstName', 'csv', items));
    expect([answer.status, answer.headers.get('content-type'), answer.headers.get('cache-control')]).toEqual([
      200,
      CSV_CONTENT_TYPE,
      CACHE.revalidate,
    ]);
    expect(
      (
        await get(comparisonDataPath('firstName', 'csv', items), {
          'if-none-match': answer.headers.get('etag')!,
        })
      ).status,
    ).toBe(304);
    const lines = (await answer.text()).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('nombre,edicion,participantes,porcentaje');
    const participants = storedParticipants();
    const perCent = (count: number, year: number) =>
      Math.round((count / participants.get(year)!) * 10_000) / 100;
    const withheld = lines.filter((line) => line.startsWith(`${WITHHELD_IN_2023},`));
    expect(withheld).toContain(`${WITHHELD_IN_2023},2024,3,${perCent(3, 2024)}`);
    expect(withheld).toContain(`${WITHHELD_IN_2023},2023,,`);
    const june = storedFirstName('June');
    for (const line of lines.filter((line) => line.startsWith('June,'))) {
      const [, year, count, share] = line.split(',');
      const stored = june.get(Number(year));
      expect([year, count, share]).toEqual([
        year,
        String(stored ?? ''),
        stored === undefined ? '' : String(perCent(stored, Number(year))),
      ]);
    }
    expect(lines.some((line) => line.includes(NEVER_SEEN))).toBe(false);
  });

  it('JSON: the editions, each name’s counts (null where withheld) and what was not found', async () => {
    const answer = await get(comparisonDataPath('firstName', 'json', items));
    expect([answer.status, answer.headers.get('content-type'), answer.headers.get('cache-control')]).toEqual([
      200,
      'application/json; charset=utf-8',
      CACHE.revalidate,
    ]);
    const data = (await answer.json()) as {
      editions: number[];
      series: { name: string; counts: (number | null)[]; shares: (number | null)[] }[];
      notFound: string[];
      tooMany: boolean;
    };
    const years = ((await (await get('/api/years')).json()) as { years: string[] }).years;
    expect(data.editions).toEqual(
      years
        .filter((year) => year !== 'global')
        .map(Number)
        .sort(),
    );
    expect(data.series.map((one) => one.name)).toEqual(['June', WITHHELD_IN_2023]);
    expect(data.series[1]!.counts).toEqual(data.editions.map((year) => (year === 2024 ? 3 : null)));
    const in2024 = storedParticipants().get(2024)!;
    expect(data.series[1]!.shares).toEqual(data.editions.map((year) => (year === 2024 ? 3 / in2024 : null)));
    expect([data.notFound, data.tooMany]).toEqual([[NEVER_SEEN], false]);
    // Without names: nothing compared.
    expect(await (await get(comparisonDataPath('school', 'json', []))).json()).toEqual({
      editions: data.editions,
      series: [],
      notFound: [],
      tooMany: false,
    });
  });
});

describe('odd input', () => {
  it.each([
    ['markup', '?n=%3Cscript%3Ealert(1)%3C%2Fscript%3E&n=Ane'],
    ['control characters', '?n=A%00n%01e&n=%0AJune%09'],
    ['escapes that do not decode', '?n=%E0%A4%A&n=%FF&n=%'],
    ['prototype keys', '?__proto__=x&constructor=y&n=__proto__&n=toString'],
    ['other parameters only', '?name=Ane&n'],
    ['a thousand fields', `?${'n=Ane&'.repeat(500)}${'n=Jon&'.repeat(500)}`],
  ])('%s: a page, never an error', async (_case, query) => {
    for (const path of ['/comparar/nombres', '/eu/alderatu/abizenak', '/comparar/companias']) {
      const answer = await get(path + query);
      expect([path, answer.status]).toEqual([path, 200]);
      const html = await answer.text();
      expect(html).not.toContain('<script>');
      expect(html).not.toContain('\u0000');
    }
    for (const file of ['/comparar/nombres.csv', '/comparar/apellidos.json']) {
      expect([file, (await get(file + query)).status]).toEqual([file, 200]);
    }
  });

  it('an address past the server’s limit: 414', async () => {
    expect((await get(`/comparar/nombres?${'n=Ane&'.repeat(2000)}`)).status).toBe(414);
  });

  it('a comparison is in no sitemap', async () => {
    const sitemap = await text('/sitemap.xml');
    expect(sitemap).not.toContain('/comparar');
    expect(sitemap).not.toContain('/alderatu');
  });
});

describe('what is typed never reaches a log', () => {
  let server: RunningServer;
  const lines: string[] = [];

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    server = await startTestServer(() => site.fixture.openReadStore(), {
      pollIntervalMs: 60_000,
      webPages: true,
      logger: pino({ level: 'info' }, sink),
    });
  });

  afterAll(async () => {
    await server?.close();
  });

  it('the URL of a comparison is logged without its names', async () => {
    const paths = [
      comparisonPath('es', 'firstName', ['Ane', UNDER_K]),
      comparisonPath('eu', 'surname', [UNDER_K]),
      comparisonDataPath('school', 'csv', [UNDER_K]),
      comparisonPath('es', 'firstName', [UNDER_K.repeat(20)]),
    ];
    for (const path of paths) await (await fetch(server.url + path)).arrayBuffer();
    for (let i = 0; i < 100 && lines.filter((line) => line.includes('"request"')).length < paths.length; i++)
      await new Promise((resolve) => setTimeout(resolve, 10));
    const logged = lines.map((line) => JSON.parse(line) as { msg: string; url?: string });
    expect(logged.filter((line) => line.msg === 'request').map((line) => line.url)).toEqual([
      '/comparar/nombres?[redacted]',
      '/eu/alderatu/abizenak?[redacted]',
      '/comparar/companias.csv?[redacted]',
      '/comparar/nombres?[redacted]',
    ]);
    expect(lines.join('\n')).not.toContain(UNDER_K);
  });
});
