import { renderToString } from 'preact-render-to-string';
import { expect, it } from 'vitest';
import { RankedBars } from '../../../src/web/charts/ranked-bars.js';
import { everyYear, YearLines } from '../../../src/web/charts/year-lines.js';

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
