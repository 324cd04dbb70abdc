import { FittedText, INSET, NARROWEST_CHART, textWidth } from './fitted-text.js';

export interface DotRow {
  label: string;
  /** The editions it took part in. */
  years: ReadonlySet<number>;
  /** What the row adds up to, as the reader sees it (`7 de 7`). */
  shown: string;
}

const HEADER = 22;
const ROW = 34;
const LABEL_FONT = 13;
const YEAR_FONT = 11;
const DOT_RADIUS = 6;
/** The widest column of a year; narrower when there are many years. */
const WIDEST_COLUMN = 34;
const GAP = 8;

/**
 * One row of dots per item over every edition from the first to the last: a full dot
 * where it took part, a ring where it did not, a dash for a year without data (the
 * cancelled 2021). The label line holds the item (shortened, whole in its `<title>`)
 * and its total; the dots fit the narrowest chart whatever the number of years.
 */
export function EditionDots({
  id,
  title,
  description,
  years,
  withData,
  rows,
}: {
  id: string;
  title: string;
  description: string;
  /** Every year from the first to the last. */
  years: readonly number[];
  /** The years the festival has data for. */
  withData: ReadonlySet<number>;
  rows: readonly DotRow[];
}) {
  const column = Math.min(WIDEST_COLUMN, Math.floor(NARROWEST_CHART / Math.max(1, years.length)));
  const yearLabel = textWidth('2000', YEAR_FONT) + 4;
  const labelEvery = Math.ceil(yearLabel / column);
  const centre = (i: number) => i * column + column / 2;
  return (
    <svg
      class="chart chart-dots"
      width="100%"
      height={HEADER + rows.length * ROW}
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{description}</desc>
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
      {rows.map((row, r) => {
        const labelRoom = NARROWEST_CHART - INSET - textWidth(row.shown, LABEL_FONT, true) - GAP;
        return (
          <g transform={`translate(0 ${HEADER + r * ROW})`}>
            <FittedText
              class="dot-label"
              x={INSET}
              y="12"
              text={row.label}
              width={labelRoom}
              fontSize={LABEL_FONT}
            />
            <text class="dot-total" x={NARROWEST_CHART} y="12" text-anchor="end">
              {row.shown}
            </text>
            {years.map((year, i) =>
              !withData.has(year) ? (
                <line class="dot-none" x1={centre(i) - 4} x2={centre(i) + 4} y1="25" y2="25" />
              ) : (
                <circle
                  class={row.years.has(year) ? 'dot' : 'dot dot-absent'}
                  cx={centre(i)}
                  cy="25"
                  r={DOT_RADIUS}
                />
              ),
            )}
          </g>
        );
      })}
    </svg>
  );
}
