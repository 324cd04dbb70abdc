import { createContext, type ComponentChildren } from 'preact';
import { useContext } from 'preact/hooks';
import type { z } from 'zod';
import { PAGE_ORDER, statisticOf, type CategoryId, type StatisticView } from '../domain/categories.js';
import type { CategoryTexts, Texts } from './texts/es.js';
import { useLocale } from './locale.js';
import { sectionId } from './chart-names.js';
import { TableBesideContext } from './charts/chart-svg.js';
import { dotsHeight, EditionDots } from './charts/edition-dots.js';
import { barsHeight, RankedBars } from './charts/ranked-bars.js';
import { STANDALONE_CHART_WIDTH } from './charts/standalone.js';
import {
  everyYear,
  linesHeight,
  MultiplesGrid,
  multiplesGridHeight,
  SmallMultiples,
  YearLines,
  type YearSeries,
} from './charts/year-lines.js';
import { DataTable, type DataTableProps } from './data-table.js';
import { pageTable, yearCountsTable, type StatisticTable, type TableColumn } from './statistic-tables.js';
import { PUBLIC_DATA_SHAPES as SHAPES, type YearCount } from '../domain/answer-shapes.js';
import { editionsOf, orderedByChange, type Change } from '../domain/statistics/school-change.js';
import { DownloadLinks, DownloadsContext } from './open-data.js';
import { PersonName, SchoolContext, SchoolName } from './name-links.js';
import { Summary } from './summary.js';
import { parsed, totalOf, type StatisticRecord } from './year-statistics.js';

/** A category's words and chart id, the page's texts, a school's name in its language, the evolution table's order. */
type Shown = CategoryTexts & {
  category: CategoryId;
  id: string;
  texts: Texts;
  schoolName: (school: string) => string;
  order?: ChangeOrder;
};

/** The evolution table's order where its page offers one: by the change since edition `base` (`?desde=2018`), else its own. */
export interface ChangeOrder {
  base: number | undefined;
  /** The address of the page ordered from `base`, at the table. */
  pathFrom(base: number | undefined): string;
}

export const ChangeOrderContext = createContext<ChangeOrder | undefined>(undefined);

/** A chart as the page draws it and as its file does (`STANDALONE_CHART_WIDTH` wide); `missing`: years in red (no data). */
export interface Drawing {
  inline: ComponentChildren;
  standalone: ComponentChildren;
  height: number;
  missing: readonly number[];
}

const sameDrawing = (chart: ComponentChildren, height: number, missing: readonly number[] = []): Drawing => ({
  inline: chart,
  standalone: chart,
  height,
  missing,
});

/** The schools drawn in the evolution chart and the bars of a ranking's (the API's `public_data`); tables list all. */
const EVOLUTION_CHARTS = 6;
const CHART_BARS = 15;

/** What a section draws: the complete list where its text counts one, else what the API serves. */
function shownData(category: CategoryId, record: StatisticRecord): unknown {
  if (!statisticOf(category).complete || !Array.isArray(record.fullData)) return record.publicData;
  const served = Array.isArray(record.publicData) ? record.publicData.length : 0;
  return record.fullData.length >= served ? record.fullData : record.publicData;
}

/** A table (its caption made from `title`), its chart, how many rows the chart draws, what goes before it in its fold. */
type DetailProps = Omit<DataTableProps, 'caption'> & {
  title: string;
  chart?: ComponentChildren;
  drawn?: number;
  before?: ComponentChildren;
  open?: boolean;
};

/** A table under its chart: folded on a narrow screen (`<details>`, no script), side by side on a wide one. */
export function Detail({ title, chart, drawn, before, open = false, wide = false, ...table }: DetailProps) {
  const { texts } = useLocale();
  const data = <DataTable caption={texts.table.caption(title)} wide={wide} {...table} />;
  if (chart === undefined) return data;
  const note = drawn === undefined ? '' : texts.charts.shownSchools(drawn, table.rows.length);
  return (
    <div class={wide ? 'detail detail-wide' : 'detail'}>
      <div class="detail-chart">
        <TableBesideContext.Provider value={true}>{chart}</TableBesideContext.Provider>
        {note === '' ? null : <p class="note">{note}</p>}
      </div>
      <details class="detail-table" open={open}>
        <summary>{texts.table.show(table.rows.length)}</summary>
        {before}
        {data}
      </details>
    </div>
  );
}

/** A count in a table's cell, or the reason it has none (`missing`), marked as no data. */
export const countCell = (texts: Texts, count: number | undefined, missing: string) =>
  count === undefined ? <span class="no-data">{missing}</span> : texts.number(count);

/** Each row after its place in a competition ranking of its figure (the second value): 1, 2, 2, 4. */
function placed(values: StatisticTable['rows'], rows: ComponentChildren[][]) {
  return rows.map((row, i) => [values.findIndex((other) => other[1] === values[i]![1]) + 1, ...row]);
}

/** A table's value as the page shows it: figures grouped (`4.612`), schools and names linked to their pages. */
function cell(texts: Texts, column: TableColumn, value: string | number): ComponentChildren {
  if (column.school) return <SchoolName name={String(value)} />;
  if (column.name) return <PersonName kind={column.name} name={String(value)} />;
  return column.numeric && typeof value === 'number' ? texts.number(value) : value;
}

const pageRows = (texts: Texts, { columns, rows }: StatisticTable) =>
  rows.map((row) => row.map((value, i) => cell(texts, columns[i]!, value)));

/** Bars of a table's first `limit` rows (a name and its figure), each figure `shown` to the reader. */
const bars =
  (shown: (texts: Texts) => (value: number) => string, limit?: number) =>
  (table: StatisticTable, { id, title, texts, schoolName }: Shown): Drawing => {
    const rows = table.rows.slice(0, limit);
    const labelOf = (label: string) => (table.columns[0]?.school ? schoolName(label) : label);
    const chart = (
      <RankedBars
        id={id}
        title={title}
        bars={rows.map(([label, value]) => ({
          label: labelOf(String(label)),
          value: Number(value),
          shown: shown(texts)(Number(value)),
        }))}
      />
    );
    return sameDrawing(chart, barsHeight(rows.length));
  };

/** A statistic's data read for its kind: `undefined` for another shape (the section says so), `null` for no rows. */
type Read<T> = (data: unknown, shown: Shown) => T | null | undefined;

const listOf =
  <T,>(shape: z.ZodType<T[]>): Read<T[]> =>
  (data) => {
    const items = parsed(shape, data);
    return items?.length === 0 ? null : items;
  };

const tableOf: Read<StatisticTable> = (data, shown) => {
  const table = pageTable(statisticOf(shown.category), shown, data, shown.texts);
  return table?.rows.length === 0 ? null : table;
};

/** How a kind of statistic is shown: its section's content, and its chart (the same in its file) where it has one. */
interface Kind {
  section(data: unknown, shown: Shown): ComponentChildren | undefined;
  chart?(data: unknown, shown: Shown): Drawing | null | undefined;
}

type TableProps = Omit<DetailProps, 'title' | 'chart'>;

/** A kind shown as a table of its data, under its chart when it has one. */
function detailed<T>(
  read: Read<T>,
  table: (value: T, shown: Shown) => TableProps,
  chart?: (value: T, shown: Shown) => Drawing,
): Kind {
  const drawn = (data: unknown, shown: Shown) => {
    const value = read(data, shown);
    if (value === null || value === undefined) return value === null ? null : undefined;
    return { value, drawing: chart?.(value, shown) };
  };
  return {
    section: (data, shown) => {
      const made = drawn(data, shown);
      if (!made) return made;
      return <Detail title={shown.title} chart={made.drawing?.inline} {...table(made.value, shown)} />;
    },
    chart: chart && ((data, shown) => drawn(data, shown)?.drawing),
  };
}

/** A statistic's rows; a ranking's lead with their places, the chart drawing the first `CHART_BARS`. */
const tableRows =
  (ranking = false) =>
  (table: StatisticTable, { texts }: { texts: Texts }): TableProps => ({
    drawn: ranking ? Math.min(CHART_BARS, table.rows.length) : undefined,
    columns: ranking ? [{ label: texts.table.position, numeric: true }, ...table.columns] : table.columns,
    rows: ranking ? placed(table.rows, pageRows(texts, table)) : pageRows(texts, table),
    rowHeader: ranking ? 1 : 0,
  });

const yearWithCount = (texts: Texts) => (point: YearCount) => `${point.year} (${texts.number(point.count)})`;

interface ParticipantsByYearProps {
  id: string;
  title: string;
  points: readonly YearCount[];
}

/** Participants per edition as a line (`points` in year order). */
export function participantsDrawing({ id, title, points }: ParticipantsByYearProps, texts: Texts): Drawing {
  const withCount = yearWithCount(texts);
  const series: YearSeries[] = [{ label: texts.table.participants, points }];
  const busiest = points.reduce((best, point) => (point.count > best.count ? point : best));
  const withData = new Set(points.map((point) => point.year));
  const missing = everyYear([...withData]).filter((year) => !withData.has(year));
  const description = texts.charts.line(
    withCount(points[0]!),
    withCount(points.at(-1)!),
    withCount(busiest),
    missing,
  );
  const chart = <YearLines id={id} title={title} description={description} series={series} />;
  return sameDrawing(chart, linesHeight(STANDALONE_CHART_WIDTH), missing);
}

const participantsTable = (points: readonly YearCount[], texts: Texts) =>
  tableRows()(yearCountsTable(points, texts), { texts });

/** Participants per edition: a line and its table (the global page, the home page and a school's page). */
export function ParticipantsByYear(props: ParticipantsByYearProps) {
  const { texts } = useLocale();
  const chart = participantsDrawing(props, texts).inline;
  return <Detail title={props.title} chart={chart} {...participantsTable(props.points, texts)} />;
}

function figureSection(data: unknown, { texts }: Shown) {
  // totalParticipantsByYear: `[{year, count}]`, one item.
  const points = parsed(SHAPES.yearCounts, data);
  const value = parsed(SHAPES.figure, data) ?? (points?.length ? totalOf(points) : undefined);
  return value === undefined ? undefined : <p class="figure-value">{texts.number(value)}</p>;
}

type School<K extends 'evolution' | 'constant'> = z.infer<(typeof SHAPES)[K]>[number];

/** The first schools' participants per edition, a small chart each. */
function evolutionDrawing(
  schools: readonly School<'evolution'>[],
  { id, texts, schoolName }: Shown,
): Drawing {
  const series = schools
    .slice(0, EVOLUTION_CHARTS)
    .map((school) => ({ label: schoolName(school.school), points: school.years }));
  const describe = (school: YearSeries) =>
    texts.charts.schoolLine(school.label, school.points.map(yearWithCount(texts)));
  const width = STANDALONE_CHART_WIDTH;
  return {
    inline: <SmallMultiples id={id} series={series} describe={describe} />,
    standalone: <MultiplesGrid id={id} series={series} describe={describe} width={width} />,
    height: multiplesGridHeight(series.length, width),
    missing: [],
  };
}

/** Links that order the evolution table by the change since each edition but the last, or back to its own order. */
function ChangeLinks({ order, years }: { order: ChangeOrder; years: readonly number[] }) {
  const { texts } = useLocale();
  const words = texts.table.change;
  const choices: { label: string; base: number | undefined }[] = [
    ...years.slice(0, -1).map((year) => ({ label: String(year), base: year })),
    { label: words.pageOrder, base: undefined },
  ];
  return (
    <>
      <p>
        {words.orderBy}:{' '}
        {choices.map(({ label, base }, i) => (
          <>
            {i === 0 ? null : ', '}
            {base === order.base ? (
              <strong aria-current="true">{label}</strong>
            ) : (
              <a href={order.pathFrom(base)}>{label}</a>
            )}
          </>
        ))}
      </p>
      {order.base === undefined ? null : <p class="note">{words.ordered(order.base, years.at(-1)!)}</p>}
    </>
  );
}

/** A change's two cells: the change, and its share of the base (none where the base is 0). */
const changeCells = (texts: Texts, { change, share }: Change) => [
  texts.table.change.value(change),
  share === undefined ? (
    <span class="no-data">{texts.table.missingYear}</span>
  ) : (
    texts.table.change.share(share)
  ),
];

function evolutionTable(schools: School<'evolution'>[], { texts, order }: Shown): TableProps {
  const years = editionsOf(schools);
  const base = order?.base;
  const words = texts.table.change;
  const rows =
    base === undefined
      ? schools.map((school) => ({ school, change: undefined }))
      : orderedByChange(schools, base);
  const changeColumns =
    base === undefined
      ? []
      : [words.column(base, years.at(-1)!), words.shareColumn(base, years.at(-1)!)].map((label) => ({
          label,
          numeric: true,
        }));
  return {
    wide: true,
    drawn: Math.min(EVOLUTION_CHARTS, schools.length),
    open: base !== undefined,
    before: order && <ChangeLinks order={order} years={years} />,
    columns: [
      { label: texts.table.school },
      ...years.map((year) => ({ label: String(year), numeric: true })),
      { label: texts.table.total, numeric: true },
      ...changeColumns,
    ],
    rows: rows.map(({ school, change }) => {
      const counts = new Map(school.years.map((point) => [point.year, point.count]));
      return [
        <SchoolName name={school.school} />,
        ...years.map((year) => countCell(texts, counts.get(year), texts.table.missingYear)),
        texts.number(school.total),
        ...(change === undefined ? [] : changeCells(texts, change)),
      ];
    }),
  };
}

/** A row of dots per school over every edition. */
function constantDrawing(
  schools: readonly School<'constant'>[],
  { id, title, texts, schoolName }: Shown,
): Drawing {
  const withData = new Set(schools.flatMap((school) => school.yearsActive.map((point) => point.year)));
  const editions = everyYear([...withData]);
  const missing = editions.filter((year) => !withData.has(year));
  const chart = (
    <EditionDots
      id={id}
      title={title}
      description={texts.charts.dots(schools.length, withData.size, missing)}
      years={editions}
      withData={withData}
      rows={schools.map((school) => ({
        label: schoolName(school.school),
        years: new Set(school.yearsActive.map((point) => point.year)),
        shown: texts.charts.editionsOf(school.yearsActive.length, withData.size),
      }))}
    />
  );
  return sameDrawing(chart, dotsHeight(schools.length), missing);
}

const constantTable = (schools: School<'constant'>[], { item, count, texts }: Shown): TableProps => ({
  wide: true,
  columns: [
    { label: item! },
    { label: count!, numeric: true },
    { label: texts.table.participants, numeric: true },
    { label: texts.table.years },
  ],
  rows: schools.map((school) => [
    <SchoolName name={school.school} />,
    school.yearsActive.length,
    texts.number(totalOf(school.yearsActive)),
    school.yearsActive.map((point) => point.year).join(', '),
  ]),
});

const yearCounts: Read<YearCount[]> = (data, shown) =>
  listOf(SHAPES.yearCounts)(data, shown)?.sort((a, b) => a.year - b.year);

/** How each kind of statistic is shown (its kind: `src/domain/categories.ts`); `null` for a text (intro, outro). */
const KINDS: Readonly<Record<StatisticView, Kind | null>> = {
  text: null,
  figure: { section: figureSection },
  series: detailed(
    yearCounts,
    (points, { texts }) => participantsTable(points, texts),
    (points, shown) => participantsDrawing({ ...shown, points }, shown.texts),
  ),
  ranking: detailed(
    tableOf,
    tableRows(true),
    bars((texts) => texts.number, CHART_BARS),
  ),
  list: detailed(tableOf, tableRows()),
  lengths: detailed(
    tableOf,
    tableRows(),
    bars((texts) => texts.charts.characters),
  ),
  evolution: detailed(listOf(SHAPES.evolution), evolutionTable, evolutionDrawing),
  constant: detailed(listOf(SHAPES.constant), constantTable, constantDrawing),
};

const shownOf = (category: CategoryId, texts: Texts, schoolName: (school: string) => string): Shown => ({
  ...texts.categories[category],
  category,
  id: `${category}-chart`,
  texts,
  schoolName,
});

/** A statistic's chart (its section's) and its title, when it has one and data of the expected shape. */
export function statisticChart(
  category: CategoryId,
  record: StatisticRecord,
  texts: Texts,
  schoolName: (school: string) => string,
) {
  const shown = shownOf(category, texts, schoolName);
  const drawing = KINDS[statisticOf(category).view]?.chart?.(shownData(category, record), shown);
  return drawing ? { title: shown.title, drawing } : undefined;
}

/** One statistic: a text is its summary; a figure's number goes before the summary, a detail's chart after. */
function Section({ category, record }: { category: CategoryId; record: StatisticRecord }) {
  const { texts, language } = useLocale();
  const schoolName = useContext(SchoolContext).name;
  const order = useContext(ChangeOrderContext);
  const download = useContext(DownloadsContext)(category);
  const shown = { ...shownOf(category, texts, schoolName), order };
  const { view } = statisticOf(category);
  const kind = KINDS[view];
  if (kind === null) {
    return (
      <section id={sectionId(language, category)} class="statistic statistic-text" aria-label={shown.title}>
        <Summary record={record} />
      </section>
    );
  }
  const content = kind.section(shownData(category, record), shown);
  const body = content === undefined ? <p class="note">{texts.statistics.unreadable}</p> : content;
  const isFigure = view === 'figure';
  return (
    <section
      id={sectionId(language, category)}
      class={`statistic statistic-${isFigure ? 'figure' : 'detail'}`}
      aria-labelledby={`${category}-heading`}
    >
      <h2 id={`${category}-heading`}>{shown.title}</h2>
      {isFigure ? body : null}
      <Summary record={record} />
      {isFigure ? null : body}
      {download && <DownloadLinks download={download} />}
    </section>
  );
}

/** Every statistic of a year as a section: intro, the big numbers side by side, the details, outro. */
export function StatisticSections({ records }: { records: ReadonlyMap<CategoryId, StatisticRecord> }) {
  const present = PAGE_ORDER.filter((category) => records.has(category));
  const section = (category: CategoryId) => <Section category={category} record={records.get(category)!} />;
  const isFigure = (category: CategoryId) => statisticOf(category).view === 'figure';
  const figures = present.filter(isFigure);
  return (
    <>
      {present.filter((category) => category === 'intro').map(section)}
      {figures.length === 0 ? null : <div class="figures">{figures.map(section)}</div>}
      {present.filter((category) => category !== 'intro' && !isFigure(category)).map(section)}
    </>
  );
}
