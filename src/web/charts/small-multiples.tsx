import { scaleLinear } from 'd3-scale';
import { line } from 'd3-shape';
import { formatNumber } from '../../domain/spanish-words.js';
import type { YearCount } from '../../domain/answer-shapes.js';
import { yearAxis, type YearSeries } from './year-lines.js';

const WIDTH = 160;
const HEIGHT = 96;
const MARGIN = { top: 8, right: 10, bottom: 20, left: 34 };

interface Slot {
  year: number;
  count: number | undefined;
}

/**
 * One small line chart per series, side by side, on the same scales from 0: each line
 * stands alone (no overlapping dashes to tell apart) and their heights compare. Each
 * chart's name is HTML above it, so a long name wraps; a year without data leaves a gap.
 */
export function SmallMultiples({
  id,
  series,
  describe,
}: {
  id: string;
  series: readonly YearSeries[];
  /** The description of one series' chart. */
  describe: (series: YearSeries) => string;
}) {
  const { years, first, last, x } = yearAxis(series, [MARGIN.left, WIDTH - MARGIN.right]);
  const largest = Math.max(1, ...series.flatMap((one) => one.points.map((point) => point.count)));
  const y = scaleLinear()
    .domain([0, largest])
    .nice(2)
    .range([HEIGHT - MARGIN.bottom, MARGIN.top]);
  const top = y.domain()[1]!;
  const path = line<Slot>()
    .defined((slot) => slot.count !== undefined)
    .x((slot) => x(slot.year))
    .y((slot) => y(slot.count!));
  return (
    <ul class="multiples">
      {series.map((one, i) => {
        const counts = new Map(one.points.map((point: YearCount) => [point.year, point.count]));
        const slots = years.map((year) => ({ year, count: counts.get(year) }));
        const chartId = `${id}-${i + 1}`;
        return (
          <li>
            <p class="multiple-name" id={`${chartId}-title`}>
              {one.label}
            </p>
            <svg
              class="chart chart-multiple"
              viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
              role="img"
              aria-labelledby={`${chartId}-title ${chartId}-desc`}
            >
              <title>{one.label}</title>
              <desc id={`${chartId}-desc`}>{describe(one)}</desc>
              <g class="axis">
                {[0, top].map((tick) => (
                  <g>
                    <line class="grid" x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={y(tick)} y2={y(tick)} />
                    <text x={MARGIN.left - 4} y={y(tick)} dy="0.32em" text-anchor="end">
                      {formatNumber(tick)}
                    </text>
                  </g>
                ))}
                {[first, last].map((year, end) => (
                  <text x={x(year)} y={HEIGHT - 4} text-anchor={end === 0 ? 'start' : 'end'}>
                    {year}
                  </text>
                ))}
              </g>
              <g class="series series-1">
                <path d={path(slots) ?? ''} />
                {one.points.map((point) => (
                  <circle cx={x(point.year)} cy={y(point.count)} r="3">
                    <title>{`${point.year}: ${formatNumber(point.count)}`}</title>
                  </circle>
                ))}
              </g>
            </svg>
          </li>
        );
      })}
    </ul>
  );
}
