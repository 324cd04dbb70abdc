import { scaleLinear } from 'd3-scale';
import { webTexts } from '../copy.js';

export interface Bar {
  label: string;
  value: number;
  /** The value as the reader sees it (`1.487`, `16 caracteres`). */
  shown: string;
}

/** Height of one bar with its label line, in pixels. */
const ROW = 36;
/** The longest bar, in percent of the width: the rest keeps room for the value after it. */
const LONGEST = 76;

/**
 * Ranked horizontal bars, largest first: each label on its own line, the bar under it
 * and the value after the bar. The SVG has no viewBox: bar lengths are percentages of
 * its width and the text keeps its size, so the chart reads the same at 360 px and at
 * 1280 px.
 */
export function RankedBars({ id, title, bars }: { id: string; title: string; bars: readonly Bar[] }) {
  const largest = Math.max(0, ...bars.map((bar) => bar.value));
  const length = scaleLinear()
    .domain([0, largest || 1])
    .range([0, LONGEST]);
  return (
    <svg
      class="chart chart-bars"
      width="100%"
      height={bars.length * ROW}
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>
        {webTexts.charts.bars(bars.length, bars[0]?.label ?? '', bars.at(-1)?.label ?? '')}
      </desc>
      {bars.map((bar, i) => (
        <g transform={`translate(0 ${i * ROW})`}>
          <text class="bar-label" x="0" y="14">
            {bar.label}
          </text>
          <rect class="bar" x="0" y="20" height="12" rx="2" width={`${length(bar.value).toFixed(2)}%`} />
          <text class="bar-value" x={`${length(bar.value).toFixed(2)}%`} dx="6" y="31">
            {bar.shown}
          </text>
        </g>
      ))}
    </svg>
  );
}
