import { scaleLinear } from 'd3-scale';
import { useLocale } from '../locale.js';
import { FittedText, NARROWEST_CHART, textWidth } from './fitted-text.js';
import { ChartSvg } from './chart-svg.js';

/** `shown`: the value as the reader sees it (`1.487`, `16 caracteres`). */
interface Bar {
  label: string;
  value: number;
  shown: string;
}

/** Pixels: a bar with its label line, the bar in it, the stylesheet's fonts, the room after a bar. */
const SIZE = { row: 42, barTop: 19, barHeight: 17, labelFont: 13, valueFont: 12, gap: 6 };

export const barsHeight = (count: number) => count * SIZE.row;

/**
 * Ranked bars, each label on its own line (shortened, whole in its `<title>`), the value after the bar or
 * inside its end. No viewBox: lengths are percentages and the text keeps its size at any width.
 */
export function RankedBars({ bars, ...chart }: { id: string; title: string; bars: readonly Bar[] }) {
  const { texts } = useLocale();
  const length = scaleLinear()
    .domain([0, Math.max(0, ...bars.map((bar) => bar.value)) || 1])
    .range([0, 100]);
  return (
    <ChartSvg
      class="chart chart-bars"
      width="100%"
      height={barsHeight(bars.length)}
      {...chart}
      description={texts.charts.bars(bars.length, bars[0]?.label ?? '', bars.at(-1)?.label ?? '')}
    >
      {bars.map((bar, i) => {
        const percent = length(bar.value);
        const room = ((100 - percent) / 100) * NARROWEST_CHART;
        const inside = room < textWidth(bar.shown, SIZE.valueFont, true) + 2 * SIZE.gap;
        return (
          <g transform={`translate(0 ${i * SIZE.row})`}>
            <FittedText class="bar-label" y="14" text={bar.label} fontSize={SIZE.labelFont} after={0} />
            <rect
              class="bar"
              x="0"
              y={SIZE.barTop}
              height={SIZE.barHeight}
              rx="2"
              width={`${percent.toFixed(2)}%`}
            />
            <text
              class={inside ? 'bar-value bar-value-inside' : 'bar-value'}
              x={`${percent.toFixed(2)}%`}
              dx={inside ? -SIZE.gap : SIZE.gap}
              y={SIZE.barTop + 13}
              text-anchor={inside ? 'end' : 'start'}
            >
              {bar.shown}
            </text>
          </g>
        );
      })}
    </ChartSvg>
  );
}
