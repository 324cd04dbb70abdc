import { createHash } from 'node:crypto';
import type { VNode } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { expect, it } from 'vitest';
import { textWidth } from '../../../src/web/charts/fitted-text.js';
import { LOCALES, LocaleContext } from '../../../src/web/locale.js';
import { Detail } from '../../../src/web/statistic-sections.js';
import { RankedBars } from '../../../src/web/charts/ranked-bars.js';
import { STANDALONE_POLICY, StandaloneChart, wrapText } from '../../../src/web/charts/standalone.js';
import {
  everyYear,
  MultiplesGrid,
  multiplesGridHeight,
  YearLines,
} from '../../../src/web/charts/year-lines.js';

it('ranked bars: one bar per item, lengths in proportion, a title and a description', () => {
  const svg = renderToString(
    <RankedBars
      id="c"
      title="Nombres"
      bars={[
        { label: 'Jon', value: 200, shown: '200' },
        { label: 'Ane', value: 100, shown: '100' },
        { label: 'Iker', value: 50, shown: '50' },
      ]}
    />,
  );
  const widths = [...svg.matchAll(/<rect [^>]*width="([\d.]+)%"/g)].map((match) => Number(match[1]));
  expect(widths).toHaveLength(3);
  expect(widths[0]! / widths[1]!).toBeCloseTo(2);
  expect(widths[1]! / widths[2]!).toBeCloseTo(2);
  expect(svg).toMatch(/^<svg [^>]*role="img" aria-labelledby="c-title c-desc"/);
  expect(svg).toContain('<title id="c-title">Nombres</title>');
  expect(svg).toMatch(/<desc id="c-desc">[^<]*de Jon a Iker/);
});

it('a chart says its values are in the table only where the table is beside it', () => {
  const chart = (
    <YearLines
      id="l"
      title="t"
      description="Lerroa."
      series={[{ label: 'x', points: [{ year: 2024, count: 3 }] }]}
    />
  );
  const inBasque = (page: VNode) =>
    /<desc id="l-desc">([^<]*)<\/desc>/.exec(
      renderToString(<LocaleContext.Provider value={LOCALES.eu}>{page}</LocaleContext.Provider>),
    )![1];
  const table = { columns: [{ label: 'Urtea' }], rows: [['2024']] };
  expect(inBasque(<Detail title="t" chart={chart} {...table} />)).toBe('Lerroa. Balioak taulan daude.');
  // Alone, as in its file and on its embeddable page: no table to speak of.
  expect(inBasque(chart)).toBe('Lerroa.');
});

it('a year without data breaks the line instead of joining its neighbours', () => {
  const points = [
    { year: 2019, count: 10 },
    { year: 2020, count: 12 },
    { year: 2022, count: 8 },
  ];
  expect(everyYear(points.map((point) => point.year))).toEqual([2019, 2020, 2021, 2022]);
  const svg = renderToString(
    <YearLines id="l" title="t" description="d" series={[{ label: 'x', points }]} />,
  );
  const path = /<path d="([^"]+)"/.exec(svg)![1]!;
  // Two pieces: 2019–2020, then 2022 alone.
  expect(path.match(/M/g)).toHaveLength(2);
  expect(svg.match(/<circle /g)).toHaveLength(3);
  expect(svg).toContain('class="no-data"');
});

it('a standalone file’s lines break at spaces to fit their width; a longer word keeps a line of its own', () => {
  expect(wrapText('Izen  ohikoenak (Edizio guztiak)', 18, 520, true)).toEqual([
    'Izen ohikoenak (Edizio guztiak)',
  ]);
  const lines = wrapText('Nombres más repetidos (Tamborrada Infantil 2024)', 18, 200, true);
  expect(lines.length).toBeGreaterThan(1);
  expect(lines.join(' ')).toBe('Nombres más repetidos (Tamborrada Infantil 2024)');
  for (const line of lines) expect(textWidth(line, 18, true)).toBeLessThanOrEqual(200);
  // An address too long for a line breaks after its `/` and `#`, each piece as long as fits.
  const address = 'https://tamborrada.example.org/estadisticas/global#totalParticipants';
  const pieces = wrapText(address, 12, 200);
  expect(pieces).toEqual([
    'https://',
    'tamborrada.example.org/',
    'estadisticas/global#',
    'totalParticipants',
  ]);
  for (const piece of pieces) expect(textWidth(piece, 12)).toBeLessThanOrEqual(200);
  // A piece longer than the line keeps a line of its own.
  expect(wrapText('averyveryverylongword', 12, 50)).toEqual(['averyveryverylongword']);
  expect(wrapText('  ', 12, 100)).toEqual([]);
});

it('a standalone chart: an SVG of its own, its title over the chart, its credits under it, its style inside', () => {
  const svg = renderToString(
    <StandaloneChart
      language="eu"
      title="Izen ohikoenak"
      chart={<rect class="bar" width="10" height="10" />}
      height={100}
      credits={['Iturria: Haur Danborrada datuetan', 'Datuen data: 2026-11-27']}
    />,
  );
  expect(svg).toMatch(
    /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" lang="eu" viewBox="0 0 400 (\d+)" width="400" height="\1"/,
  );
  expect(svg).toContain('<title id="standalone-title">Izen ohikoenak</title>');
  expect(svg).toContain(
    '<desc id="standalone-desc">Iturria: Haur Danborrada datuetan Datuen data: 2026-11-27</desc>',
  );
  expect(svg).toMatch(/<svg x="16" y="\d+" width="368" height="100"><rect class="bar"/);
  expect(svg).toMatch(/<tspan[^>]*>Datuen data: 2026-11-27<\/tspan>/);
  const style = /<style>(.*?)<\/style>/s.exec(svg)![1]!;
  // The hash the file's policy allows is the hash of this very stylesheet.
  expect(STANDALONE_POLICY).toContain(`'sha256-${createHash('sha256').update(style).digest('base64')}'`);
});

it('the grid of small charts in a file: a chart per series, three a row, its height as drawn', () => {
  const series = [1, 2, 3, 4].map((n) => ({
    label: `Compañía ${n}`,
    points: [
      { year: 2023, count: n },
      { year: 2024, count: n + 1 },
    ],
  }));
  const svg = renderToString(
    <MultiplesGrid id="g" series={series} describe={(one) => one.label} width={520} />,
  );
  expect(svg.match(/class="chart chart-multiple"/g)).toHaveLength(4);
  expect(svg).toContain(`height="${multiplesGridHeight(4, 520)}"`);
  expect(multiplesGridHeight(4, 520)).toBeGreaterThan(multiplesGridHeight(3, 520));
  expect(svg).toContain('<text id="g-4-title" class="multiple-name"');
});
