import type { ComponentChildren } from 'preact';
import type { z } from 'zod';
import type { CategoryId } from '../domain/categories.js';
import { formatNumber } from '../domain/spanish-words.js';
import { webTexts, type CategoryTexts } from './copy.js';
import { EditionDots } from './charts/edition-dots.js';
import { RankedBars, type Bar } from './charts/ranked-bars.js';
import { SmallMultiples } from './charts/small-multiples.js';
import { everyYear, YearLines, yearRange, type YearSeries } from './charts/year-lines.js';
import { DataTable } from './data-table.js';
import { PUBLIC_DATA_SHAPES as SHAPES, type YearCount } from '../domain/answer-shapes.js';
import { SectionDownloads } from './open-data.js';
import { SchoolName } from './school-links.js';
import { Summary } from './summary.js';
import type { StatisticRecord } from './year-statistics.js';

const texts = webTexts;

/**
 * How a category is shown: `text` (intro and outro: the summary alone), `figure` (one
 * big number) or `detail` (a chart that suits it, and its data as a table).
 */
type SectionKind = 'text' | 'figure' | 'detail';

interface Shown {
  title: string;
  id: string;
  words: CategoryTexts;
}

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
 * A chart with its table: on a narrow screen the table is folded under the chart, one
 * tap away (`<details>`, no script); on a wide one the stylesheet shows both side by side.
 */
function ChartAndTable({
  chart,
  table,
  rows,
  wide = false,
}: {
  chart: ComponentChildren;
  table: ComponentChildren;
  rows: number;
  wide?: boolean;
}) {
  return (
    <div class={wide ? 'detail detail-wide' : 'detail'}>
      <div class="detail-chart">{chart}</div>
      <details class="detail-table">
        <summary>{texts.table.show(rows)}</summary>
        {table}
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
    const parsed = shape.safeParse(data);
    if (!parsed.success) return undefined;
    return parsed.data.length === 0 ? null : render(parsed.data, shown);
  };
}

/** A ranking; `label` shows an item's name in the table (a school links to its page). */
const ranked = (label: (name: string) => ComponentChildren) =>
  shaped(SHAPES.ranked, (items, { id, title, words }) => {
    const place = places(items);
    const drawn = items.slice(0, CHART_BARS);
    const note = texts.charts.shownSchools(drawn.length, items.length);
    return (
      <ChartAndTable
        rows={items.length}
        chart={
          <>
            <RankedBars
              id={id}
              title={title}
              bars={drawn.map((item) => ({ label: item.name, value: item.count, shown: number(item.count) }))}
            />
            {note === '' ? null : <p class="note">{note}</p>}
          </>
        }
        table={
          <DataTable
            caption={texts.table.caption(title)}
            columns={[
              { label: texts.table.position, numeric: true },
              { label: words.item! },
              { label: words.count!, numeric: true },
            ]}
            rows={items.map((item, i) => [place[i], label(item.name), number(item.count)])}
            rowHeader={1}
          />
        }
      />
    );
  });
const rankedView = ranked((name) => name);
const rankedSchoolsView = ranked((name) => <SchoolName name={name} />);

/** `2019 (4.781)` */
const yearWithCount = (point: YearCount) => `${point.year} (${number(point.count)})`;

const seriesView = shaped(SHAPES.yearCounts, (points, { id, title }) => (
  <ParticipantsByYear id={id} title={title} points={[...points].sort((a, b) => a.year - b.year)} />
));

/** Participants per edition: a line and its table (the global page and the home page). */
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
  return (
    <ChartAndTable
      rows={points.length}
      chart={
        <YearLines
          id={id}
          title={title}
          description={texts.charts.line(
            yearWithCount(points[0]!),
            yearWithCount(points.at(-1)!),
            yearWithCount(busiest),
            missing,
          )}
          series={series}
        />
      }
      table={
        <DataTable
          caption={texts.table.caption(title)}
          columns={[
            { label: texts.table.year, short: true },
            { label: texts.table.participants, numeric: true },
          ]}
          rows={points.map((point) => [point.year, number(point.count)])}
        />
      }
    />
  );
}

function figureView(data: unknown) {
  const value = SHAPES.figure.safeParse(data);
  if (value.success) return <p class="figure-value">{number(value.data)}</p>;
  // totalParticipantsByYear: `[{year, count}]`, one item.
  const points = SHAPES.yearCounts.safeParse(data);
  if (!points.success || points.data.length === 0) return undefined;
  return <p class="figure-value">{number(points.data.reduce((sum, point) => sum + point.count, 0))}</p>;
}

/** A list without figures (new names, new schools): a table of one column, no chart. */
const listView = <T,>(shape: z.ZodType<T[]>, text: (item: T) => ComponentChildren) =>
  shaped(shape, (items, { title, words }) => (
    <DataTable
      caption={texts.table.caption(title)}
      columns={[{ label: words.item! }]}
      rows={items.map((item) => [text(item)])}
    />
  ));

/** Characters as a reader counts them (spaces included, as DESIGN §3 orders them). */
const characters = (name: string) => [...name].length;

const longestNamesView = shaped(SHAPES.names, (names, { id, title, words }) => {
  const bars: Bar[] = names.map((name) => ({
    label: name,
    value: characters(name),
    shown: texts.charts.characters(characters(name)),
  }));
  return (
    <ChartAndTable
      rows={bars.length}
      chart={<RankedBars id={id} title={title} bars={bars} />}
      table={
        <DataTable
          caption={texts.table.caption(title)}
          columns={[{ label: words.item! }, { label: words.count!, numeric: true }]}
          rows={bars.map((bar) => [bar.label, bar.value])}
        />
      }
    />
  );
});

const nameBySchoolView = shaped(SHAPES.nameBySchool, (items, { title }) => (
  <DataTable
    caption={texts.table.caption(title)}
    columns={[{ label: texts.table.school }, { label: texts.table.commonName }]}
    rows={items.map((item) => [<SchoolName name={item.school} />, item.name])}
  />
));

/** The years of a list of schools with their data, ascending (the table's columns). */
const yearsOf = (schools: readonly { years: readonly YearCount[] }[]) =>
  [...new Set(schools.flatMap((school) => school.years.map((point) => point.year)))].sort((a, b) => a - b);

const evolutionView = shaped(SHAPES.evolution, (schools, { id, title }) => {
  const drawn = schools.slice(0, EVOLUTION_CHARTS);
  const years = yearsOf(schools);
  const note = texts.charts.shownSchools(drawn.length, schools.length);
  return (
    <ChartAndTable
      wide
      rows={schools.length}
      chart={
        <>
          <SmallMultiples
            id={id}
            series={drawn.map((school) => ({ label: school.school, points: school.years }))}
            describe={(school) => texts.charts.schoolLine(school.label, school.points.map(yearWithCount))}
          />
          {note === '' ? null : <p class="note">{note}</p>}
        </>
      }
      table={
        <DataTable
          caption={texts.table.caption(title)}
          columns={[
            { label: texts.table.school },
            ...years.map((year) => ({ label: String(year), numeric: true })),
            { label: texts.table.total, numeric: true },
          ]}
          rows={schools.map((school) => {
            const counts = new Map(school.years.map((point) => [point.year, point.count]));
            return [
              <SchoolName name={school.school} />,
              ...years.map((year) => {
                const count = counts.get(year);
                return count === undefined ? (
                  <span class="no-data">{texts.table.missingYear}</span>
                ) : (
                  number(count)
                );
              }),
              number(school.total),
            ];
          })}
          wide
        />
      }
    />
  );
});

const constantView = shaped(SHAPES.constant, (schools, { id, title, words }) => {
  const withData = new Set(schools.flatMap((school) => school.yearsActive.map((point) => point.year)));
  const editions = everyYear([...withData]);
  const missing = editions.filter((year) => !withData.has(year));
  return (
    <ChartAndTable
      wide
      rows={schools.length}
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
      table={
        <DataTable
          caption={texts.table.caption(title)}
          columns={[
            { label: words.item! },
            { label: words.count!, numeric: true },
            { label: texts.table.participants, numeric: true },
            { label: texts.table.years },
          ]}
          rows={schools.map((school) => [
            <SchoolName name={school.school} />,
            school.yearsActive.length,
            number(school.yearsActive.reduce((sum, point) => sum + point.count, 0)),
            school.yearsActive.map((point) => point.year).join(', '),
          ])}
          wide
        />
      }
    />
  );
});

const noData: View = () => null;

/** Every category: how it is shown, in the order of the page. */
const VIEWS: readonly (readonly [CategoryId, SectionKind, View])[] = [
  ['intro', 'text', noData],
  ['totalParticipantsByYear', 'figure', figureView],
  ['namesDiversityByYear', 'figure', figureView],
  ['surnamesDiversityByYear', 'figure', figureView],
  ['namesDiversity', 'figure', figureView],
  ['surnamesDiversity', 'figure', figureView],
  ['totalParticipants', 'detail', seriesView],
  ['topNamesByYear', 'detail', rankedView],
  ['topNames', 'detail', rankedView],
  ['topSurnamesByYear', 'detail', rankedView],
  ['topSurnames', 'detail', rankedView],
  ['newNamesByYear', 'detail', listView(SHAPES.names, (name) => name)],
  ['longestNames', 'detail', longestNamesView],
  ['topSchoolsByYear', 'detail', rankedSchoolsView],
  ['topSchools', 'detail', rankedSchoolsView],
  ['newSchoolsByYear', 'detail', listView(SHAPES.newSchools, (item) => <SchoolName name={item.school} />)],
  ['schoolsEvolution', 'detail', evolutionView],
  ['mostConstantSchools', 'detail', constantView],
  ['commonNameBySchoolByYear', 'detail', nameBySchoolView],
  ['commonNameBySchool', 'detail', nameBySchoolView],
  ['outro', 'text', noData],
];

function Section({
  category,
  kind,
  view,
  record,
}: {
  category: CategoryId;
  kind: SectionKind;
  view: View;
  record: StatisticRecord;
}) {
  const words: CategoryTexts = texts.categories[category];
  const headingId = `${category}-heading`;
  const content = view(shownData(category, record), { id: `${category}-chart`, title: words.title, words });
  const body = content === undefined ? <p class="note">{texts.statistics.unreadable}</p> : content;
  if (kind === 'text') {
    return (
      <section id={category} class="statistic statistic-text" aria-label={words.title}>
        <Summary text={record.summary} />
      </section>
    );
  }
  return (
    <section id={category} class={`statistic statistic-${kind}`} aria-labelledby={headingId}>
      <h2 id={headingId}>{words.title}</h2>
      {kind === 'figure' ? body : null}
      <Summary text={record.summary} />
      {kind === 'detail' ? body : null}
      <SectionDownloads category={category} />
    </section>
  );
}

/** Every statistic of a year as a section: intro, the big numbers side by side, the details, outro. */
export function StatisticSections({ records }: { records: ReadonlyMap<CategoryId, StatisticRecord> }) {
  const present = VIEWS.filter(([category]) => records.has(category));
  const section = ([category, kind, view]: (typeof VIEWS)[number]) => (
    <Section category={category} kind={kind} view={view} record={records.get(category)!} />
  );
  const figures = present.filter(([, kind]) => kind === 'figure');
  return (
    <>
      {present.filter(([category]) => category === 'intro').map(section)}
      {figures.length === 0 ? null : <div class="figures">{figures.map(section)}</div>}
      {present.filter(([category, kind]) => kind !== 'figure' && category !== 'intro').map(section)}
    </>
  );
}
