import { scaleLinear } from 'd3-scale';
import { line } from 'd3-shape';
import { formatNumber } from '../../domain/spanish-words.js';
import type { YearCount } from '../../domain/answer-shapes.js';

export interface YearSeries {
  label: string;
  points: readonly YearCount[];
}

const WIDTH = 360;
const HEIGHT = 220;
const MARGIN = { top: 12, right: 20, bottom: 28, left: 48 };
/** Past this many years, every other year is labelled. */
const LABELLED_YEARS = 12;

interface Slot {
  year: number;
  count: number | undefined;
}

/** Every year from the first to the last of `years`, those without data included. */
export function everyYear(years: readonly number[]): number[] {
  if (years.length === 0) return [];
  const first = Math.min(...years);
  const last = Math.max(...years);
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}

/** Every year from the first to the last of the series; those without data break the line. */
export function yearRange(series: readonly YearSeries[]): number[] {
  return everyYear(series.flatMap((one) => one.points.map((point) => point.year)));
}

/**
 * One line per series over the years, drawn on the server (d3-scale and d3-shape make
 * the path data; no DOM). A year without data (2021: the festival was cancelled) leaves
 * a gap instead of a line across it. The SVG scales with its box (viewBox); colours and
 * dashes come from the stylesheet (`series-1`, `series-2`, …).
 */
/** The editions of the series and the horizontal scale over them (one edition alone is centred). */
export function yearAxis(series: readonly YearSeries[], range: [number, number]) {
  const years = yearRange(series);
  const first = years[0] ?? 0;
  const last = years.at(-1) ?? 0;
  const x = scaleLinear()
    .domain(first === last ? [first - 1, last + 1] : [first, last])
    .range(range);
  return { years, first, last, x };
}

export function YearLines({
  id,
  title,
  description,
  series,
  fromZero = true,
}: {
  id: string;
  title: string;
  description: string;
  series: readonly YearSeries[];
  /** The vertical axis starts at 0; else at the smallest value, to tell close lines apart. */
  fromZero?: boolean;
}) {
  const { years, x } = yearAxis(series, [MARGIN.left, WIDTH - MARGIN.right]);
  const counts = series.flatMap((one) => one.points.map((point) => point.count));
  const largest = Math.max(1, ...counts);
  const y = scaleLinear()
    .domain([fromZero ? 0 : Math.min(largest - 1, ...counts), largest])
    .nice(4)
    .range([HEIGHT - MARGIN.bottom, MARGIN.top]);
  const withData = new Set(series.flatMap((one) => one.points.map((point) => point.year)));
  const path = line<Slot>()
    .defined((slot) => slot.count !== undefined)
    .x((slot) => x(slot.year))
    .y((slot) => y(slot.count!));
  const step = years.length > LABELLED_YEARS ? 2 : 1;

  return (
    <svg
      class="chart chart-lines"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{description}</desc>
      <g class="axis">
        {y.ticks(4).map((tick) => (
          <g>
            <line class="grid" x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={y(tick)} y2={y(tick)} />
            <text x={MARGIN.left - 6} y={y(tick)} dy="0.32em" text-anchor="end">
              {formatNumber(tick)}
            </text>
          </g>
        ))}
        {years
          .filter((_, i) => i % step === 0)
          .map((year) => (
            <text
              class={withData.has(year) ? undefined : 'no-data'}
              x={x(year)}
              y={HEIGHT - MARGIN.bottom + 18}
              text-anchor="middle"
            >
              {year}
            </text>
          ))}
      </g>
      {series.map((one, i) => {
        const counts = new Map(one.points.map((point) => [point.year, point.count]));
        const slots = years.map((year) => ({ year, count: counts.get(year) }));
        return (
          <g class={`series series-${i + 1}`}>
            <path d={path(slots) ?? ''} />
            {one.points.map((point) => (
              <circle cx={x(point.year)} cy={y(point.count)} r="3.5">
                <title>{`${one.label}, ${point.year}: ${formatNumber(point.count)}`}</title>
              </circle>
            ))}
          </g>
        );
      })}
    </svg>
  );
}
