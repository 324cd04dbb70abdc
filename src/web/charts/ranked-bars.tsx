import { scaleLinear } from 'd3-scale';
import { webTexts } from '../copy.js';
import { FittedText, INSET, NARROWEST_CHART, textWidth } from './fitted-text.js';

export interface Bar {
  label: string;
  value: number;
  /** The value as the reader sees it (`1.487`, `16 caracteres`). */
  shown: string;
}

/** Height of one bar with its label line, in pixels. */
const ROW = 42;
const BAR_TOP = 19;
const BAR_HEIGHT = 17;
/** The font sizes of the stylesheet (`.chart text`, `.bar-value`). */
const LABEL_FONT = 13;
const VALUE_FONT = 12;
/** Room between a bar's end and its value. */
const GAP = 6;

/**
 * Where a bar's value goes: after the bar while it fits there at the narrowest width,
 * else inside the bar's end (the longest bars are long enough to hold it).
 */
function valueInside(percent: number, shown: string): boolean {
  const room = ((100 - percent) / 100) * NARROWEST_CHART;
  return room < textWidth(shown, VALUE_FONT, true) + 2 * GAP;
}

/**
 * Ranked horizontal bars, largest first: each label on its own line (shortened to the
 * narrowest chart, whole in its `<title>`), the bar under it with its value. The SVG
 * has no viewBox: bar lengths are percentages of its width and the text keeps its size,
 * so the chart reads the same at 390 px and at 1280 px.
 */
export function RankedBars({ id, title, bars }: { id: string; title: string; bars: readonly Bar[] }) {
  const largest = Math.max(0, ...bars.map((bar) => bar.value));
  const length = scaleLinear()
    .domain([0, largest || 1])
    .range([0, 100]);
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
      {bars.map((bar, i) => {
        const percent = length(bar.value);
        const inside = valueInside(percent, bar.shown);
        return (
          <g transform={`translate(0 ${i * ROW})`}>
            <FittedText
              class="bar-label"
              x={INSET}
              y="14"
              text={bar.label}
              width={NARROWEST_CHART - INSET}
              fontSize={LABEL_FONT}
            />
            <rect class="bar" x="0" y={BAR_TOP} height={BAR_HEIGHT} rx="2" width={`${percent.toFixed(2)}%`} />
            <text
              class={inside ? 'bar-value bar-value-inside' : 'bar-value'}
              x={`${percent.toFixed(2)}%`}
              dx={inside ? -GAP : GAP}
              y={BAR_TOP + 13}
              text-anchor={inside ? 'end' : 'start'}
            >
              {bar.shown}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
