/**
 * What a school or a newspaper reuses of the charts, over HTTP on the demo data, in both
 * languages: beside each chart a citation with the data's date, links to its SVG file and its
 * embeddable page, and the code of an `<iframe>`; each SVG a standalone XML file that carries
 * its title, source, licence and date; each embeddable page framable by any site, no other.
 */
import Database from 'better-sqlite3';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GLOBAL_YEAR } from '../../src/domain/categories.js';
import { chartName, type ChartKey } from '../../src/web/chart-names.js';
import { LANGUAGES, LOCALES, type Language } from '../../src/web/locale.js';
import { slugOf } from '../../src/web/school-slugs.js';
import { startDemoSite, type DemoSite } from '../support/demo-site.js';

const PUBLIC_URL = 'https://tamborrada.example.org';
let site: DemoSite;
/** The day the demo's statistics were computed, as the store says. */
let computedOn: string;
let years: string[];
let school: string;

beforeAll(async () => {
  site = await startDemoSite({ scale: 0.1, publicUrl: PUBLIC_URL });
  years = ((await (await get('/api/years')).json()) as { years: string[] }).years;
  const { companies } = (await (await get('/api/companies')).json()) as { companies: string[] };
  school = slugOf(companies[0]!);
  const store = new Database(site.fixture.path, { readonly: true });
  const { day } = store.prepare('SELECT substr(max(created_at), 1, 10) AS day FROM statistics').get() as {
    day: string;
  };
  store.close();
  computedOn = day;
});

afterAll(async () => {
  await site?.close();
});

const get = (path: string) => fetch(site.server.url + path);

/** The text of an HTML fragment, its tags dropped and its entities read. */
const plain = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

interface ChartOnPage {
  citation: string;
  svg: string;
  embed: string;
  code: string;
}

/** The charts a page offers for reuse, in the order it shows them. */
async function chartsOn(path: string): Promise<ChartOnPage[]> {
  const html = await (await get(path)).text();
  return [...html.matchAll(/<div class="chart-reuse">(.*?)<\/div>/gs)].map(([, block]) => ({
    citation: plain(/<p class="citation">(.*?)<\/p>/s.exec(block!)![1]!),
    svg: /<a href="([^"]+\.svg)"/.exec(block!)![1]!,
    embed: /<a href="([^"]+)">[^<]*<\/a><\/p>/.exec(block!)![1]!,
    code: plain(/<code>(.*?)<\/code>/s.exec(block!)![1]!),
  }));
}

/** Every page with a chart in a language: each year, all editions, the home page, a school. */
const pagesIn = (language: Language) => {
  const paths = LOCALES[language].paths;
  return [paths.home, ...years.map((year) => paths.statistics(year)), paths.school(school)];
};

const byPath = (paths: string[]) => [...new Set(paths)];

describe.each(LANGUAGES)('the charts’ files and embeddable pages (%s)', (language) => {
  const { texts, paths } = LOCALES[language];
  const embed = texts.openData.embed;

  it('beside every chart: a citation with the site, the chart, its address and the data’s date; its file, its page, the code', async () => {
    let charts = 0;
    for (const page of pagesIn(language)) {
      for (const chart of await chartsOn(page)) {
        charts++;
        expect(chart.citation).toMatch(
          new RegExp(`^${embed.cite} ${texts.siteName}, «[^»]+», ${PUBLIC_URL}/`),
        );
        expect(chart.citation).toContain(computedOn);
        expect(chart.svg.startsWith(`${paths.chartsFolder}/`)).toBe(true);
        expect(chart.embed.startsWith(`${paths.embedsFolder}/`)).toBe(true);
        expect(chart.code).toMatch(
          new RegExp(`^<iframe src="${PUBLIC_URL}${chart.embed}" title="[^"]+" width="392" height="\\d+"`),
        );
      }
    }
    // Every year's page draws several charts; the home page and a school's one each.
    expect(charts).toBeGreaterThan(years.length * 3);
    expect(await chartsOn(paths.school(school))).toHaveLength(1);
  });

  it('every chart’s SVG: well-formed XML, standalone, its title, source, licence and date inside it, no script', async () => {
    const svgs = byPath(
      (await Promise.all(pagesIn(language).map(chartsOn))).flat().map((chart) => chart.svg),
    );
    const named = (key: ChartKey) => paths.chart(chartName(language, key));
    expect(svgs).toContain(named({ chart: 'statistic', year: GLOBAL_YEAR, category: 'totalParticipants' }));
    expect(svgs).toContain(named({ chart: 'school', slug: school }));
    const parser = new XMLParser({ ignoreAttributes: false, preserveOrder: false });
    for (const path of svgs) {
      const answer = await get(path);
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
      // Cached like the CSV files: revalidated by its ETag.
      expect(answer.headers.get('cache-control')).toBe('no-cache');
      expect(answer.headers.get('etag')).toBeTruthy();
      const policy = answer.headers.get('content-security-policy')!;
      expect(policy).toMatch(
        /^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'; frame-ancestors 'none'$/,
      );
      const xml = await answer.text();
      expect(XMLValidator.validate(xml), path).toBe(true);
      expect(xml).not.toMatch(/<script|\bon[a-z]+=|href="(?!https?:)|<link|@import|url\(/i);
      const svg = parser.parse(xml).svg;
      expect(svg['@_xmlns']).toBe('http://www.w3.org/2000/svg');
      expect(svg['@_viewBox']).toMatch(/^0 0 \d+ \d+$/);
      expect(svg['@_lang']).toBe(language);
      expect(svg.style).toContain('--card: #ffffff');
      // Visible: the title, then under the chart the source, the licence and the date.
      const visible = xml.replace(/<(title|desc|style)[^>]*>.*?<\/\1>/gs, '');
      const text = plain(visible.replace(/<\/tspan>/g, ' '));
      expect(text).toContain(svg.title['#text']);
      expect(text).toContain(`${embed.source} ${texts.siteName}, ${PUBLIC_URL}/`);
      expect(text).toContain(`${texts.openData.originalWork}`);
      expect(text).toContain(texts.openData.licenceName);
      // An address too long for a line is broken after a `/`.
      expect(text.replace(/\s/g, '')).toContain(texts.openData.licenceUrl);
      expect(text).toContain(embed.date(computedOn));
      expect(svg.desc['#text']).toContain(embed.date(computedOn));
    }
  });

  it('every embeddable page: any site may frame it; the chart, its title, source, licence and date, no script', async () => {
    const embeds = byPath(
      (await Promise.all(pagesIn(language).map(chartsOn))).flat().map((chart) => chart.embed),
    );
    for (const path of embeds) {
      const answer = await get(path);
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const policy = answer.headers.get('content-security-policy')!;
      expect(policy).toMatch(/; frame-ancestors \*$/);
      expect(policy).not.toContain('script');
      expect(answer.headers.get('x-frame-options')).toBeNull();
      const html = await answer.text();
      expect(html).toContain(`<html lang="${language}">`);
      expect(html).not.toMatch(/<script|\bon[a-z]+=/i);
      // The landmark is named by the title: the host page has a main landmark of its own.
      expect(html).toMatch(
        /<main aria-labelledby="embed-title"><h1 id="embed-title">[^<]+<\/h1>(<svg class="chart|<ul class="multiples")/,
      );
      const credits = plain(/<p class="credits">(.*?)<\/p>/s.exec(html)![1]!);
      expect(credits).toContain(`${embed.source} ${texts.siteName}`);
      expect(credits).toContain(texts.openData.originalWork);
      expect(credits).toContain(texts.openData.licenceName);
      expect(credits).toContain(embed.date(computedOn));
      expect(html).toContain(`href="${texts.openData.licenceUrl}" rel="license"`);
      expect(html).toContain('<meta name="robots" content="noindex"/>');
    }
  });

  it('a chart with a year in red says, on it, that the festival was not held that year', async () => {
    const name = chartName(language, {
      chart: 'statistic',
      year: GLOBAL_YEAR,
      category: 'totalParticipants',
    });
    const note = embed.noData([2021]);
    const svg = await (await get(paths.chart(name))).text();
    expect(
      plain(svg.replace(/<(title|desc|style)[^>]*>.*?<\/\1>/gs, '').replace(/<\/tspan>/g, ' ')),
    ).toContain(note);
    const html = await (await get(paths.embed(name))).text();
    expect(plain(/<p class="chart-note">(.*?)<\/p>/s.exec(html)![1]!)).toBe(note);
    // A chart without a red year has no note.
    const school = await (
      await get(
        paths.embed(chartName(language, { chart: 'statistic', year: '2024', category: 'topNamesByYear' })),
      )
    ).text();
    expect(school).not.toContain('chart-note');
  });

  it('a name’s chart is titled with the name and the festival', async () => {
    const name = chartName(language, { chart: 'name', kind: 'firstName', slug: 'ane' });
    const html = await (await get(paths.embed(name))).text();
    expect(html, name).toContain(
      `<h1 id="embed-title">${texts.names.chartTitle(texts.names.kinds.firstName.kind, 'Ane')}</h1>`,
    );
    expect(texts.names.chartTitle('', '')).toContain(
      language === 'es' ? 'Tamborrada Infantil' : 'Haur Danborrada',
    );
  });

  it('an unknown chart: the 404 page, which no site may frame', async () => {
    for (const path of [
      paths.chart('2024-nothing'),
      paths.embed('2024-nothing'),
      paths.embed('companias-x-nombres'),
    ]) {
      const answer = await get(path);
      expect(answer.status, path).toBe(404);
      expect(answer.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'$/);
    }
  });
});

it('the Basque charts have Basque names and cite Basque anchors; the Spanish names they had lead to them', async () => {
  const { paths } = LOCALES.eu;
  const charts = (await Promise.all(pagesIn('eu').map(chartsOn))).flat();
  expect(charts.map((chart) => chart.svg)).toContain(
    '/eu/grafikoak/global-parte-hartzaileak-edizioz-edizio.svg',
  );
  expect(charts.map((chart) => chart.embed)).toContain(`/eu/txertatu/konpainiak-${school}-parte-hartzaileak`);
  expect(charts.map((chart) => chart.citation)).toEqual(
    expect.arrayContaining([expect.stringContaining(`${PUBLIC_URL}/eu/estatistikak/2024#izen-ohikoenak,`)]),
  );
  for (const chart of charts) expect(chart.citation).not.toMatch(/#[a-z]+[A-Z]/);
  const moved = [
    ['/eu/grafikoak/2024-topNamesByYear.svg', '/eu/grafikoak/2024-izen-ohikoenak.svg'],
    ['/eu/txertatu/global-totalParticipants', '/eu/txertatu/global-parte-hartzaileak-edizioz-edizio'],
    [`/eu/txertatu/companias-${school}-participantes`, `/eu/txertatu/konpainiak-${school}-parte-hartzaileak`],
    [paths.embed(`companias-${school}-participantes`), paths.embed(`konpainiak-${school}-parte-hartzaileak`)],
  ];
  for (const [old, now] of moved) {
    const answer = await fetch(site.server.url + old, { redirect: 'manual' });
    expect([old, answer.status, answer.headers.get('location')]).toEqual([old, 301, now]);
  }
  // The Spanish addresses are the Spanish pages', as they were; an unknown old name is no chart.
  expect((await get('/graficos/2024-topNamesByYear.svg')).status).toBe(200);
  expect((await get('/eu/grafikoak/2024-nothing.svg')).status).toBe(404);
  expect((await get('/eu/grafikoak/2024-topNamesByYear')).status).toBe(404);
});

it('the pages that are not embeds keep refusing every frame, in both languages', async () => {
  for (const language of LANGUAGES) {
    for (const path of [
      ...pagesIn(language),
      LOCALES[language].paths.search,
      LOCALES[language].paths.about,
    ]) {
      const policy = (await get(path)).headers.get('content-security-policy');
      expect(policy, path).toMatch(/frame-ancestors 'none'$/);
    }
  }
});

it('the sitemap lists no chart file nor embeddable page', async () => {
  const sitemap = await (await get('/sitemap.xml')).text();
  for (const language of LANGUAGES) {
    const { chartsFolder, embedsFolder } = LOCALES[language].paths;
    expect(sitemap).not.toContain(PUBLIC_URL + chartsFolder);
    expect(sitemap).not.toContain(PUBLIC_URL + embedsFolder);
  }
});
