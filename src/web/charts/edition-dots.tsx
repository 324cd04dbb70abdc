import { FittedText, NARROWEST_CHART, textWidth } from './fitted-text.js';
import { ChartSvg } from './chart-svg.js';

/** An item, the editions it took part in, and what it adds up to as the reader sees it (`7 de 7`). */
interface DotRow {
  label: string;
  years: ReadonlySet<number>;
  shown: string;
}

/** Pixels: year line, row, fonts, dot radius, widest year column, room before a total. */
const SIZE = { header: 22, row: 34, labelFont: 13, yearFont: 11, dot: 6, widestColumn: 34, gap: 8 };

export const dotsHeight = (rows: number) => SIZE.header + rows * SIZE.row;

/** `years`: every year from the first to the last; `withData`: the years with data. */
interface EditionDotsProps {
  id: string;
  title: string;
  description: string;
  years: readonly number[];
  withData: ReadonlySet<number>;
  rows: readonly DotRow[];
}

/**
 * A row of dots per item over every edition: full where it took part, a ring where not, a dash for a year
 * without data; its label shortened (whole in its `<title>`) beside its total, all in the narrowest chart.
 */
export function EditionDots({ years, withData, rows, ...chart }: EditionDotsProps) {
  const column = Math.min(SIZE.widestColumn, Math.floor(NARROWEST_CHART / Math.max(1, years.length)));
  const labelEvery = Math.ceil((textWidth('2000', SIZE.yearFont) + 4) / column);
  const centre = (i: number) => i * column + column / 2;
  return (
    <ChartSvg class="chart chart-dots" width="100%" height={dotsHeight(rows.length)} {...chart}>
      <g class="axis">
        {years.map((year, i) =>
          i % labelEvery === 0 || i === years.length - 1 ? (
            <text
              class={withData.has(year) ? undefined : 'no-data'}
              x={centre(i)}
              y="12"
              text-anchor="middle"
            >
              {year}
            </text>
          ) : null,
        )}
      </g>
      {rows.map((row, r) => (
        <g transform={`translate(0 ${SIZE.header + r * SIZE.row})`}>
          <FittedText
            class="dot-label"
            y="12"
            text={row.label}
            fontSize={SIZE.labelFont}
            after={textWidth(row.shown, SIZE.labelFont, true) + SIZE.gap}
          />
          <text class="dot-total" x={NARROWEST_CHART} y="12" text-anchor="end">
            {row.shown}
          </text>
          {years.map((year, i) =>
            withData.has(year) ? (
              <circle
                class={row.years.has(year) ? 'dot' : 'dot dot-absent'}
                cx={centre(i)}
                cy="25"
                r={SIZE.dot}
              />
            ) : (
              <line class="dot-none" x1={centre(i) - 4} x2={centre(i) + 4} y1="25" y2="25" />
            ),
          )}
        </g>
      ))}
    </ChartSvg>
  );
}
