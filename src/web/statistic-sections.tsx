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
import { SectionDownloads } from './open-data.js';
import { PersonName, SchoolContext, SchoolName } from './name-links.js';
import { Summary } from './summary.js';
import { parsed, totalOf, type StatisticRecord } from './year-statistics.js';

/** A category, its words (and every text of the page's language), the id of its chart, and a school's name in that language. */
type Shown = CategoryTexts & {
  category: CategoryId;
  id: string;
  texts: Texts;
  schoolName: (school: string) => string;
  /** How the evolution table may be ordered, where its page offers it. */
  order?: ChangeOrder;
};

/**
 * The evolution table's order on a page that offers one: by the change in participants since
 * edition `base` (from the address, `?desde=2018`), or the statistic's own when none.
 */
export interface ChangeOrder {
  base: number | undefined;
  /** The address of the page ordered from `base`, at the table; none: in its own order. */
  pathFrom(base: number | undefined): string;
}

export const ChangeOrderContext = createContext<ChangeOrder | undefined>(undefined);

/** A section's content from its data, or `undefined` when the data has an unexpected shape. */
type View = (data: unknown, shown: Shown) => ComponentChildren | undefined;

/** A chart drawn the same on the page and in its file; `missing`, the years it draws in red (no data). */
export const sameDrawing = (chart: ComponentChildren, height: number, missing: readonly number[] = []) => ({
  inline: chart,
  standalone: chart,
  height,
  missing,
});

/** A chart as the page draws it, and as its standalone file does: `STANDALONE_CHART_WIDTH` wide, `height` high. */
export type Drawing = ReturnType<typeof sameDrawing>;

/** The schools drawn in the evolution chart, one small chart each; the table lists them all. */
const EVOLUTION_CHARTS = 6;
/** The bars of a ranking's chart (the API's `public_data`); its table lists them all. */
const CHART_BARS = 15;

/** What a section draws: the complete list where its text counts one, else what the API serves. */
function shownData(category: CategoryId, record: StatisticRecord): unknown {
  if (!statisticOf(category).complete || !Array.isArray(record.fullData)) return record.publicData;
  const served = Array.isArray(record.publicData) ? record.publicData.length : 0;
  return record.fullData.length >= served ? record.fullData : record.publicData;
}

/** A table's props (its caption made from `title`), its chart, and how many of its rows the chart draws. */
type DetailProps = Omit<DataTableProps, 'caption'> & {
  title: string;
  chart?: ComponentChildren;
  drawn?: number;
  /** What goes before the table, inside its fold (links that order it); `open`: unfolded. */
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

/** What `render` makes of data of one shape: `undefined` for another shape (a section says so), `null` for an empty list. */
const shaped =
  <T, R>(shape: z.ZodType<T[]>, render: (items: T[], shown: Shown) => R) =>
  (data: unknown, shown: Shown): R | null | undefined => {
    const items = parsed(shape, data);
    return items?.length === 0 ? null : items && render(items, shown);
  };

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

type TableChart = (table: StatisticTable, shown: Shown) => Drawing;

/** What `render` makes of a statistic's table, like `shaped`: `undefined` for another shape, `null` for no rows. */
const tabled =
  <R,>(render: (table: StatisticTable, shown: Shown) => R) =>
  (data: unknown, shown: Shown): R | null | undefined => {
    const table = pageTable(statisticOf(shown.category), shown, data, shown.texts);
    return table?.rows.length === 0 ? null : table && render(table, shown);
  };

/** A statistic's table, under a chart of its rows when it has one; a ranking's rows lead with their places. */
const tableView = (chart?: TableChart, ranking = false): View =>
  tabled((table, shown) => {
    const { texts } = shown;
    return (
      <Detail
        title={shown.title}
        chart={chart?.(table, shown).inline}
        drawn={ranking ? Math.min(CHART_BARS, table.rows.length) : undefined}
        columns={ranking ? [{ label: texts.table.position, numeric: true }, ...table.columns] : table.columns}
        rows={ranking ? placed(table.rows, pageRows(texts, table)) : pageRows(texts, table)}
        rowHeader={ranking ? 1 : 0}
      />
    );
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

/** Participants per edition: a line and its table (the global page, the home page and a school's page). */
export function ParticipantsByYear(props: ParticipantsByYearProps) {
  const { texts } = useLocale();
  const table = yearCountsTable(props.points, texts);
  return (
    <Detail
      title={props.title}
      chart={participantsDrawing(props, texts).inline}
      columns={table.columns}
      rows={pageRows(texts, table)}
    />
  );
}

const inYearOrder = (points: readonly YearCount[]) => [...points].sort((a, b) => a.year - b.year);

const seriesView = shaped(SHAPES.yearCounts, (points, { id, title }) => (
  <ParticipantsByYear id={id} title={title} points={inYearOrder(points)} />
));

function figureView(data: unknown, { texts }: Shown) {
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

const evolutionView = shaped(SHAPES.evolution, (schools, shown) => {
  const { title, texts, order } = shown;
  const drawn = schools.slice(0, EVOLUTION_CHARTS);
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
  return (
    <Detail
      wide
      title={title}
      chart={evolutionDrawing(schools, shown).inline}
      drawn={drawn.length}
      open={base !== undefined}
      before={order && <ChangeLinks order={order} years={years} />}
      columns={[
        { label: texts.table.school },
        ...years.map((year) => ({ label: String(year), numeric: true })),
        { label: texts.table.total, numeric: true },
        ...changeColumns,
      ]}
      rows={rows.map(({ school, change }) => {
        const counts = new Map(school.years.map((point) => [point.year, point.count]));
        return [
          <SchoolName name={school.school} />,
          ...years.map((year) => countCell(texts, counts.get(year), texts.table.missingYear)),
          texts.number(school.total),
          ...(change === undefined ? [] : changeCells(texts, change)),
        ];
      })}
    />
  );
});

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

const constantView = shaped(SHAPES.constant, (schools, shown) => {
  const { title, item, count, texts } = shown;
  return (
    <Detail
      wide
      title={title}
      chart={constantDrawing(schools, shown).inline}
      columns={[
        { label: item! },
        { label: count!, numeric: true },
        { label: texts.table.participants, numeric: true },
        { label: texts.table.years },
      ]}
      rows={schools.map((school) => [
        <SchoolName name={school.school} />,
        school.yearsActive.length,
        texts.number(totalOf(school.yearsActive)),
        school.yearsActive.map((point) => point.year).join(', '),
      ])}
    />
  );
});

const rankingBars = bars((texts) => texts.number, CHART_BARS);
const lengthBars = bars((texts) => texts.charts.characters);

/** How each kind of statistic is drawn (its kind: `src/domain/categories.ts`); `null` for a text (intro, outro). */
const VIEWS: Readonly<Record<StatisticView, View | null>> = {
  text: null,
  figure: figureView,
  series: seriesView,
  ranking: tableView(rankingBars, true),
  list: tableView(),
  lengths: tableView(lengthBars),
  evolution: evolutionView,
  constant: constantView,
};

/** The chart of each kind of statistic that has one: the same as its section's (none for an empty list). */
const CHARTS: Partial<Record<StatisticView, (data: unknown, shown: Shown) => Drawing | null | undefined>> = {
  series: shaped(SHAPES.yearCounts, (points, shown) =>
    participantsDrawing({ ...shown, points: inYearOrder(points) }, shown.texts),
  ),
  ranking: tabled(rankingBars),
  lengths: tabled(lengthBars),
  evolution: shaped(SHAPES.evolution, evolutionDrawing),
  constant: shaped(SHAPES.constant, constantDrawing),
};

/** A statistic's chart (its section's) and its title, when it has one and data of the expected shape; schools by `schoolName`. */
export function statisticChart(
  category: CategoryId,
  record: StatisticRecord,
  texts: Texts,
  schoolName: (school: string) => string,
) {
  const words = texts.categories[category];
  const shown: Shown = { ...words, category, id: chartId(category), texts, schoolName };
  const drawing = CHARTS[statisticOf(category).view]?.(shownData(category, record), shown);
  return drawing ? { title: words.title, drawing } : undefined;
}

const chartId = (category: CategoryId) => `${category}-chart`;

/** One statistic: a text is its summary; a figure's number goes before the summary, a detail's chart after. */
function Section({ category, record }: { category: CategoryId; record: StatisticRecord }) {
  const { texts, language } = useLocale();
  const schoolName = useContext(SchoolContext).name;
  const order = useContext(ChangeOrderContext);
  const words: CategoryTexts = texts.categories[category];
  const view = VIEWS[statisticOf(category).view];
  if (view === null) {
    return (
      <section id={sectionId(language, category)} class="statistic statistic-text" aria-label={words.title}>
        <Summary record={record} />
      </section>
    );
  }
  const content = view(shownData(category, record), {
    ...words,
    category,
    id: chartId(category),
    texts,
    schoolName,
    order,
  });
  const body = content === undefined ? <p class="note">{texts.statistics.unreadable}</p> : content;
  const isFigure = view === figureView;
  return (
    <section
      id={sectionId(language, category)}
      class={`statistic statistic-${isFigure ? 'figure' : 'detail'}`}
      aria-labelledby={`${category}-heading`}
    >
      <h2 id={`${category}-heading`}>{words.title}</h2>
      {isFigure ? body : null}
      <Summary record={record} />
      {isFigure ? null : body}
      <SectionDownloads category={category} />
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
