import type { ComponentChildren } from 'preact';
import type { z } from 'zod';
import type { CategoryId } from '../domain/categories.js';
import { formatNumber } from '../domain/spanish-words.js';
import { webTexts, type CategoryTexts } from './copy.js';
import { EditionDots } from './charts/edition-dots.js';
import { RankedBars, type Bar } from './charts/ranked-bars.js';
import { everyYear, SmallMultiples, YearLines, yearRange, type YearSeries } from './charts/year-lines.js';
import { DataTable, type Column } from './data-table.js';
import { PUBLIC_DATA_SHAPES as SHAPES, type YearCount } from '../domain/answer-shapes.js';
import { SectionDownloads } from './open-data.js';
import { SchoolName } from './school-links.js';
import { Summary } from './summary.js';
import { parsed, totalOf, type StatisticRecord } from './year-statistics.js';

const texts = webTexts;

/** A category's words, and the id of its chart. */
type Shown = CategoryTexts & { id: string };

/** What a view makes of a row's `public_data`: its content, or `undefined` when the shape is not the expected one. */
type View = (data: unknown, shown: Shown) => ComponentChildren | undefined;

/** The schools drawn in the evolution chart, one small chart each; the table lists them all. */
const EVOLUTION_CHARTS = 6;
/** The bars of a ranking's chart (the API's `public_data`); its table lists them all. */
const CHART_BARS = 15;

/**
 * The categories whose summaries speak of every item or count them (every school, the
 * new names): the page lists the whole of `full_data`, so that every figure of a text
 * is what the table shows. The others show `public_data`, as the API.
 */
export const COMPLETE_LISTS: ReadonlySet<CategoryId> = new Set<CategoryId>([
  'topSchoolsByYear',
  'topSchools',
  'commonNameBySchoolByYear',
  'commonNameBySchool',
  'newNamesByYear',
  'newSchoolsByYear',
  'schoolsEvolution',
  'mostConstantSchools',
]);

/** What a section draws: the complete list where its text counts one, else what the API serves. */
function shownData(category: CategoryId, record: StatisticRecord): unknown {
  if (!COMPLETE_LISTS.has(category) || !Array.isArray(record.fullData)) return record.publicData;
  const served = Array.isArray(record.publicData) ? record.publicData.length : 0;
  return record.fullData.length >= served ? record.fullData : record.publicData;
}

/**
 * A section's table, under its chart when it has one: on a narrow screen the table is
 * folded under the chart, one tap away (`<details>`, no script); on a wide one the
 * stylesheet shows both side by side. `drawn`: how many of the rows the chart draws.
 */
function Detail({
  title,
  chart,
  drawn,
  wide = false,
  ...table
}: {
  title: string;
  chart?: ComponentChildren;
  drawn?: number;
  wide?: boolean;
  columns: readonly Column[];
  rows: readonly (readonly ComponentChildren[])[];
  rowHeader?: number;
}) {
  const data = <DataTable caption={texts.table.caption(title)} wide={wide} {...table} />;
  if (chart === undefined) return data;
  const note = drawn === undefined ? '' : texts.charts.shownSchools(drawn, table.rows.length);
  return (
    <div class={wide ? 'detail detail-wide' : 'detail'}>
      <div class="detail-chart">
        {chart}
        {note === '' ? null : <p class="note">{note}</p>}
      </div>
      <details class="detail-table">
        <summary>{texts.table.show(table.rows.length)}</summary>
        {data}
      </details>
    </div>
  );
}

const number = formatNumber;

/** Competition ranking: equal counts share a place (1, 2, 2, 4). */
function places(items: readonly { count: number }[]): number[] {
  return items.map((item) => items.findIndex((other) => other.count === item.count) + 1);
}

/**
 * A view of one shape: `undefined` when the data has another one (shown by its summary
 * and a note), nothing for an empty list (its summary says so).
 */
function shaped<T>(shape: z.ZodType<T[]>, render: (items: T[], shown: Shown) => ComponentChildren): View {
  return (data, shown) => {
    const items = parsed(shape, data);
    return items?.length === 0 ? null : items && render(items, shown);
  };
}

/** A ranking; `label` shows an item's name in the table (a school links to its page). */
const ranked = (label: (name: string) => ComponentChildren) =>
  shaped(SHAPES.ranked, (items, { id, title, item, count }) => {
    const place = places(items);
    const drawn = items.slice(0, CHART_BARS);
    const bars = drawn.map((entry) => ({
      label: entry.name,
      value: entry.count,
      shown: number(entry.count),
    }));
    return (
      <Detail
        title={title}
        chart={<RankedBars id={id} title={title} bars={bars} />}
        drawn={drawn.length}
        columns={[
          { label: texts.table.position, numeric: true },
          { label: item! },
          { label: count!, numeric: true },
        ]}
        rows={items.map((entry, i) => [place[i], label(entry.name), number(entry.count)])}
        rowHeader={1}
      />
    );
  });

/** `2019 (4.781)` */
const yearWithCount = (point: YearCount) => `${point.year} (${number(point.count)})`;

/** Participants per edition: a line and its table (the global page, the home page and a school's page). */
export function ParticipantsByYear({
  id,
  title,
  points,
}: {
  id: string;
  title: string;
  points: readonly YearCount[];
}) {
  const series: YearSeries[] = [{ label: texts.table.participants, points }];
  const busiest = points.reduce((best, point) => (point.count > best.count ? point : best));
  const withData = new Set(points.map((point) => point.year));
  const missing = yearRange(series).filter((year) => !withData.has(year));
  const description = texts.charts.line(
    yearWithCount(points[0]!),
    yearWithCount(points.at(-1)!),
    yearWithCount(busiest),
    missing,
  );
  return (
    <Detail
      title={title}
      chart={<YearLines id={id} title={title} description={description} series={series} />}
      columns={[
        { label: texts.table.year, short: true },
        { label: texts.table.participants, numeric: true },
      ]}
      rows={points.map((point) => [point.year, number(point.count)])}
    />
  );
}

const seriesView = shaped(SHAPES.yearCounts, (points, { id, title }) => (
  <ParticipantsByYear id={id} title={title} points={[...points].sort((a, b) => a.year - b.year)} />
));

function figureView(data: unknown) {
  // totalParticipantsByYear: `[{year, count}]`, one item.
  const points = parsed(SHAPES.yearCounts, data);
  const value = parsed(SHAPES.figure, data) ?? (points?.length ? totalOf(points) : undefined);
  return value === undefined ? undefined : <p class="figure-value">{number(value)}</p>;
}

/** A list without figures (new names, new schools): a table of one column, no chart. */
const listView = <T,>(shape: z.ZodType<T[]>, text: (item: T) => ComponentChildren) =>
  shaped(shape, (items, { title, item }) => (
    <Detail title={title} columns={[{ label: item! }]} rows={items.map((entry) => [text(entry)])} />
  ));

/** Characters as a reader counts them (spaces included, as DESIGN §3 orders them). */
const characters = (name: string) => [...name].length;

const longestNamesView = shaped(SHAPES.names, (names, { id, title, item, count }) => {
  const bars: Bar[] = names.map((name) => ({
    label: name,
    value: characters(name),
    shown: texts.charts.characters(characters(name)),
  }));
  return (
    <Detail
      title={title}
      chart={<RankedBars id={id} title={title} bars={bars} />}
      columns={[{ label: item! }, { label: count!, numeric: true }]}
      rows={bars.map((bar) => [bar.label, bar.value])}
    />
  );
});

const nameBySchoolView = shaped(SHAPES.nameBySchool, (items, { title }) => (
  <Detail
    title={title}
    columns={[{ label: texts.table.school }, { label: texts.table.commonName }]}
    rows={items.map((item) => [<SchoolName name={item.school} />, item.name])}
  />
));

const evolutionView = shaped(SHAPES.evolution, (schools, { id, title }) => {
  const drawn = schools.slice(0, EVOLUTION_CHARTS);
  const years = [...new Set(schools.flatMap((school) => school.years.map((point) => point.year)))].sort(
    (a, b) => a - b,
  );
  const cell = (count: number | undefined) =>
    count === undefined ? <span class="no-data">{texts.table.missingYear}</span> : number(count);
  return (
    <Detail
      wide
      title={title}
      chart={
        <SmallMultiples
          id={id}
          series={drawn.map((school) => ({ label: school.school, points: school.years }))}
          describe={(school) => texts.charts.schoolLine(school.label, school.points.map(yearWithCount))}
        />
      }
      drawn={drawn.length}
      columns={[
        { label: texts.table.school },
        ...years.map((year) => ({ label: String(year), numeric: true })),
        { label: texts.table.total, numeric: true },
      ]}
      rows={schools.map((school) => {
        const counts = new Map(school.years.map((point) => [point.year, point.count]));
        return [
          <SchoolName name={school.school} />,
          ...years.map((year) => cell(counts.get(year))),
          number(school.total),
        ];
      })}
    />
  );
});

const constantView = shaped(SHAPES.constant, (schools, { id, title, item, count }) => {
  const withData = new Set(schools.flatMap((school) => school.yearsActive.map((point) => point.year)));
  const editions = everyYear([...withData]);
  const missing = editions.filter((year) => !withData.has(year));
  return (
    <Detail
      wide
      title={title}
      chart={
        <EditionDots
          id={id}
          title={title}
          description={texts.charts.dots(schools.length, withData.size, missing)}
          years={editions}
          withData={withData}
          rows={schools.map((school) => ({
            label: school.school,
            years: new Set(school.yearsActive.map((point) => point.year)),
            shown: texts.charts.editionsOf(school.yearsActive.length, withData.size),
          }))}
        />
      }
      columns={[
        { label: item! },
        { label: count!, numeric: true },
        { label: texts.table.participants, numeric: true },
        { label: texts.table.years },
      ]}
      rows={schools.map((school) => [
        <SchoolName name={school.school} />,
        school.yearsActive.length,
        number(totalOf(school.yearsActive)),
        school.yearsActive.map((point) => point.year).join(', '),
      ])}
    />
  );
});

const rankedNames = ranked((name) => name);
const rankedSchools = ranked((name) => <SchoolName name={name} />);

/** Every category in the order of the page, with its view; `null` for a text (intro, outro). */
const VIEWS: Readonly<Record<CategoryId, View | null>> = {
  intro: null,
  totalParticipantsByYear: figureView,
  namesDiversityByYear: figureView,
  surnamesDiversityByYear: figureView,
  namesDiversity: figureView,
  surnamesDiversity: figureView,
  totalParticipants: seriesView,
  topNamesByYear: rankedNames,
  topNames: rankedNames,
  topSurnamesByYear: rankedNames,
  topSurnames: rankedNames,
  newNamesByYear: listView(SHAPES.names, (name) => name),
  longestNames: longestNamesView,
  topSchoolsByYear: rankedSchools,
  topSchools: rankedSchools,
  newSchoolsByYear: listView(SHAPES.newSchools, (item) => <SchoolName name={item.school} />),
  schoolsEvolution: evolutionView,
  mostConstantSchools: constantView,
  commonNameBySchoolByYear: nameBySchoolView,
  commonNameBySchool: nameBySchoolView,
  outro: null,
};

/**
 * One statistic: a text (intro, outro) is its summary alone; a figure shows its big
 * number before the summary; a detail its chart and table after it.
 */
function Section({ category, record }: { category: CategoryId; record: StatisticRecord }) {
  const words: CategoryTexts = texts.categories[category];
  const view = VIEWS[category];
  if (view === null) {
    return (
      <section id={category} class="statistic statistic-text" aria-label={words.title}>
        <Summary text={record.summary} />
      </section>
    );
  }
  const content = view(shownData(category, record), { ...words, id: `${category}-chart` });
  const body = content === undefined ? <p class="note">{texts.statistics.unreadable}</p> : content;
  const isFigure = view === figureView;
  return (
    <section
      id={category}
      class={`statistic statistic-${isFigure ? 'figure' : 'detail'}`}
      aria-labelledby={`${category}-heading`}
    >
      <h2 id={`${category}-heading`}>{words.title}</h2>
      {isFigure ? body : null}
      <Summary text={record.summary} />
      {isFigure ? null : body}
      <SectionDownloads category={category} />
    </section>
  );
}

/** Every statistic of a year as a section: intro, the big numbers side by side, the details, outro. */
export function StatisticSections({ records }: { records: ReadonlyMap<CategoryId, StatisticRecord> }) {
  const present = (Object.keys(VIEWS) as CategoryId[]).filter((category) => records.has(category));
  const section = (category: CategoryId) => <Section category={category} record={records.get(category)!} />;
  const figures = present.filter((category) => VIEWS[category] === figureView);
  return (
    <>
      {present.filter((category) => category === 'intro').map(section)}
      {figures.length === 0 ? null : <div class="figures">{figures.map(section)}</div>}
      {present.filter((category) => category !== 'intro' && VIEWS[category] !== figureView).map(section)}
    </>
  );
}
