import { scaleLinear } from 'd3-scale';
import { line, symbol, symbolCross, symbolDiamond, symbolSquare, symbolTriangle } from 'd3-shape';
import { useLocale } from '../locale.js';
import type { YearCount } from '../../domain/answer-shapes.js';
import { FittedText, NARROWEST_CHART } from './fitted-text.js';
import { ChartSvg } from './chart-svg.js';

export interface YearSeries {
  label: string;
  points: readonly YearCount[];
}

/** Past this many years, every other year is labelled. */
const LABELLED_YEARS = 12;

/** Every year from the first to the last of `years`, those without data included. */
export function everyYear(years: readonly number[]): number[] {
  if (years.length === 0) return [];
  const first = Math.min(...years);
  return Array.from({ length: Math.max(...years) - first + 1 }, (_, i) => first + i);
}

/** Pixels of a chart's box: size, margins, the room before a figure, the dots' radius; and how many figures. */
const BOXES = {
  large: { width: 360, height: 220, top: 12, right: 20, bottom: 28, left: 48, gap: 6, radius: 3.5, ticks: 4 },
  small: { width: 160, height: 96, top: 8, right: 10, bottom: 20, left: 34, gap: 4, radius: 3, ticks: 2 },
};

const yearsWithData = (series: readonly YearSeries[], editions?: readonly number[]) =>
  editions ?? series.flatMap((one) => one.points.map((point) => point.year));

/** The scales over every year with data (one edition alone centred) and the counts from 0, rounded up. */
function frame(
  series: readonly YearSeries[],
  box: (typeof BOXES)[keyof typeof BOXES],
  editions?: readonly number[],
) {
  const years = everyYear(yearsWithData(series, editions));
  const first = years[0] ?? 0;
  const last = years.at(-1) ?? 0;
  const x = scaleLinear()
    .domain(first === last ? [first - 1, last + 1] : [first, last])
    .range([box.left, box.width - box.right]);
  // From 0 to the largest value (shares are under 1); 1 when there is none.
  const largest = Math.max(0, ...series.flatMap((one) => one.points.map((point) => point.count))) || 1;
  const y = scaleLinear()
    .domain([0, largest])
    .range([box.height - box.bottom, box.top])
    .nice(box.ticks);
  return { ...box, years, first, last, x, y };
}

type Frame = ReturnType<typeof frame>;

/** Grid lines across the chart, each with its figure on the left. */
function ValueTicks({ ticks, frame: { y, left, width, right, gap }, format }: TicksProps) {
  return ticks.map((tick) => (
    <g>
      <line class="grid" x1={left} x2={width - right} y1={y(tick)} y2={y(tick)} />
      <text x={left - gap} y={y(tick)} dy="0.32em" text-anchor="end">
        {format(tick)}
      </text>
    </g>
  ));
}

type TicksProps = { ticks: number[]; frame: Frame; format: (value: number) => string };

interface SeriesLineProps {
  one: YearSeries;
  index: number;
  frame: Frame;
  pointTitle: (point: YearCount) => string;
}

/** Beyond the first series (dots), each its own shape: the lines are told apart without colour. */
const SHAPES = [symbolSquare, symbolTriangle, symbolDiamond, symbolCross];

type MarkerProps = { index: number; x: number; y: number; radius: number; title?: string };

/** The mark of a point of the `index`th series (from 1). */
function Marker({ index, x, y, radius, title }: MarkerProps) {
  const titled = title === undefined ? null : <title>{title}</title>;
  if (index === 1)
    return (
      <circle cx={x} cy={y} r={radius}>
        {titled}
      </circle>
    );
  const shape = SHAPES[(index - 2) % SHAPES.length]!;
  return (
    <path
      class="marker"
      d={symbol(shape, Math.PI * radius * radius * 1.3)()!}
      transform={`translate(${x},${y})`}
    >
      {titled}
    </path>
  );
}

/** A series' line, broken where a year has no data, and a mark with its figure at each point. */
function SeriesLine({ one, index, frame: { years, x, y, radius }, pointTitle }: SeriesLineProps) {
  const counts = new Map(one.points.map((point) => [point.year, point.count]));
  const path = line<number>()
    .defined((year) => counts.has(year))
    .x((year) => x(year))
    .y((year) => y(counts.get(year)!));
  return (
    <g class={`series series-${index}`}>
      <path d={path(years) ?? ''} />
      {one.points.map((point) => (
        <Marker
          index={index}
          x={x(point.year)}
          y={y(point.count)}
          radius={radius}
          title={pointTitle(point)}
        />
      ))}
    </g>
  );
}

/**
 * `editions`: the years with data, when a series may lack a point in one (a count withheld);
 * `format`: how a value is written (a share as `1,2 %`), a count's figure by default.
 */
interface YearLinesProps {
  id: string;
  title: string;
  description: string;
  series: readonly YearSeries[];
  editions?: readonly number[];
  format?: (value: number) => string;
}

/** One line per series over the years, broken at a year without data; the SVG scales with its box. */
export function YearLines({ id, title, description, series, editions, format }: YearLinesProps) {
  const formatNumber = format ?? useLocale().texts.number;
  const chart = frame(series, BOXES.large, editions);
  const withData = new Set(yearsWithData(series, editions));
  const step = chart.years.length > LABELLED_YEARS ? 2 : 1;
  return (
    <ChartSvg class="chart chart-lines" viewBox="0 0 360 220" id={id} title={title} description={description}>
      <g class="axis">
        <ValueTicks ticks={chart.y.ticks(chart.ticks)} frame={chart} format={formatNumber} />
        {chart.years
          .filter((_, i) => i % step === 0)
          .map((year) => (
            <text
              class={withData.has(year) ? undefined : 'no-data'}
              x={chart.x(year)}
              y={210}
              text-anchor="middle"
            >
              {year}
            </text>
          ))}
      </g>
      {series.map((one, i) => (
        <SeriesLine
          one={one}
          index={i + 1}
          frame={chart}
          pointTitle={(point) => `${one.label}, ${point.year}: ${formatNumber(point.count)}`}
        />
      ))}
    </ChartSvg>
  );
}

/** The key to the lines of a chart of several series: each name beside its line's colour, dashes and mark. */
export function SeriesLegend({ series }: { series: readonly YearSeries[] }) {
  return (
    <ul class="legend">
      {series.map((one, i) => (
        <li>
          <svg class="swatch" viewBox="0 0 28 12" width="28" height="12" aria-hidden="true">
            <g class={`series series-${i + 1}`}>
              <path d="M1 6H27" />
              <Marker index={i + 1} x={14} y={6} radius={3.5} />
            </g>
          </svg>
          {one.label}
        </li>
      ))}
    </ul>
  );
}

const ratio = (box: { width: number; height: number }) => box.height / box.width;

/** The height of the lines' chart drawn `width` pixels wide (it keeps its proportions). */
export const linesHeight = (width: number) => width * ratio(BOXES.large);

interface SmallMultiplesProps {
  id: string;
  series: readonly YearSeries[];
  describe: (series: YearSeries) => string;
}

/** One series' small chart, named by the element `${id}-title` beside it; every one on the same scales. */
function SmallChart({
  id,
  one,
  frame: chart,
  describe,
}: { id: string; one: YearSeries; frame: Frame } & Pick<SmallMultiplesProps, 'describe'>) {
  const formatNumber = useLocale().texts.number;
  return (
    <ChartSvg
      class="chart chart-multiple"
      viewBox="0 0 160 96"
      id={id}
      title={one.label}
      description={describe(one)}
    >
      <g class="axis">
        <ValueTicks ticks={[0, chart.y.domain()[1]!]} frame={chart} format={formatNumber} />
        {[chart.first, chart.last].map((year, end) => (
          <text x={chart.x(year)} y={92} text-anchor={end === 0 ? 'start' : 'end'}>
            {year}
          </text>
        ))}
      </g>
      <SeriesLine
        one={one}
        index={1}
        frame={chart}
        pointTitle={(point) => `${point.year}: ${formatNumber(point.count)}`}
      />
    </ChartSvg>
  );
}

/** One small chart per series, on the same scales from 0, its name in HTML above it so that it wraps. */
export function SmallMultiples({ id, series, describe }: SmallMultiplesProps) {
  const chart = frame(series, BOXES.small);
  return (
    <ul class="multiples">
      {series.map((one, i) => (
        <li>
          <p class="multiple-name" id={`${id}-${i + 1}-title`}>
            {one.label}
          </p>
          <SmallChart id={`${id}-${i + 1}`} one={one} frame={chart} describe={describe} />
        </li>
      ))}
    </ul>
  );
}

/** The small charts in one SVG (a chart's standalone file): `columns` a row, each under its name. */
const GRID = { columns: 3, gap: 20, name: 20, nameFont: 13 };

/** A grid cell's width and height when the grid is `width` pixels wide. */
function gridCell(width: number) {
  const cell = (width - (GRID.columns - 1) * GRID.gap) / GRID.columns;
  return { cell, height: GRID.name + ratio(BOXES.small) * cell };
}

/** The height of the grid of `count` small charts drawn `width` pixels wide. */
export function multiplesGridHeight(count: number, width: number): number {
  const rows = Math.ceil(count / GRID.columns);
  return rows * gridCell(width).height + (rows - 1) * GRID.gap;
}

/** The small charts of `SmallMultiples` in one SVG `width` pixels wide, their names cut to fit (whole in their `<title>`). */
export function MultiplesGrid({ id, series, describe, width }: SmallMultiplesProps & { width: number }) {
  const chart = frame(series, BOXES.small);
  const { cell, height } = gridCell(width);
  return (
    <svg class="chart" width={width} height={multiplesGridHeight(series.length, width)}>
      {series.map((one, i) => {
        const x = (i % GRID.columns) * (cell + GRID.gap);
        const y = Math.floor(i / GRID.columns) * (height + GRID.gap);
        return (
          <g transform={`translate(${x} ${y})`}>
            <FittedText
              id={`${id}-${i + 1}-title`}
              class="multiple-name"
              y="14"
              text={one.label}
              fontSize={GRID.nameFont}
              after={NARROWEST_CHART - cell}
            />
            <svg y={GRID.name} width={cell} height={height - GRID.name}>
              <SmallChart id={`${id}-${i + 1}`} one={one} frame={chart} describe={describe} />
            </svg>
          </g>
        );
      })}
    </svg>
  );
}
