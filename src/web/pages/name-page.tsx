import type { NameFact, NameKind } from '../../domain/statistics/name-facts.js';
import { CACHE, prepareBytes, type PreparedResponse } from '../../answer/answer.js';
import { chartLinks, type PageChart } from '../chart-links.js';
import { nameEditionsId } from '../chart-names.js';
import { STANDALONE_CHART_WIDTH } from '../charts/standalone.js';
import { everyYear, linesHeight, YearLines } from '../charts/year-lines.js';
import { DataTable } from '../data-table.js';
import { Headline, Layout, ORIGINAL_WORK_URL, Panel } from '../layout.js';
import { comparisonPath } from '../locale.js';
import { DownloadLinks, downloadPath, perCentCell, type CsvTable } from '../open-data.js';
import { pageKind } from '../page-answer.js';
import { SchoolName } from '../name-links.js';
import { card, type AddressedPage, type SiteContext } from '../site-context.js';
import { countCell, Detail, type Drawing } from '../statistic-sections.js';
import { es } from '../texts/es.js';

/** The first part of a name's data files (`/datos/nombres-ane.csv`), one pair for both languages. */
export const NAME_FILES: Readonly<Record<NameKind, string>> = { firstName: 'nombres', surname: 'apellidos' };
/** The long file of every name of a kind with a page and edition (`nombres-por-edicion.csv`). */
export const editionsFile = (kind: NameKind) => `${NAME_FILES[kind]}-por-edicion.csv`;

const CHARTS_GAP = 16;

/** A name's counts per edition and its shares (counts follow turnout, shares do not); none if all withheld. */
function nameDrawing(site: SiteContext, fact: NameFact): { title: string; drawing?: Drawing } {
  const { texts: all } = site;
  const texts = all.names;
  const { k } = site.data.names;
  const shown = fact.editions.filter((edition) => edition.count !== undefined);
  const withheld = fact.editions.filter((edition) => edition.count === undefined).map(({ year }) => year);
  const published = fact.editions.map(({ year }) => year);
  const missing = everyYear(published).filter((year) => !published.includes(year));
  const title = `${texts.editionsHeading}: ${fact.name}`;
  if (shown.length === 0) return { title };
  const counts = (
    <YearLines
      id="name-editions"
      title={title}
      description={texts.chart(
        fact.kind,
        fact.name,
        shown.map(({ year, count }) => `${year} (${all.number(count!)})`),
        missing,
        withheld,
        k,
      )}
      series={[{ label: fact.name, points: shown.map(({ year, count }) => ({ year, count: count! })) }]}
      editions={published}
    />
  );
  const shares = (
    <YearLines
      id="name-shares"
      title={`${texts.shareHeading}: ${fact.name}`}
      description={texts.shareChart(
        fact.kind,
        fact.name,
        shown.map(({ year, share }) => `${year} (${texts.percent(share!)})`),
        withheld,
        k,
      )}
      series={[{ label: fact.name, points: shown.map(({ year, share }) => ({ year, count: share! })) }]}
      editions={published}
      format={texts.percent}
    />
  );
  const height = linesHeight(STANDALONE_CHART_WIDTH);
  return {
    title,
    drawing: {
      inline: (
        <>
          {counts}
          {shares}
        </>
      ),
      standalone: (
        <>
          <svg height={height}>{counts}</svg>
          <svg y={height + CHARTS_GAP} height={height}>
            {shares}
          </svg>
        </>
      ),
      height: 2 * height + CHARTS_GAP,
      missing,
    },
  };
}

/** A name's chart for its file and embeddable page (`nombres-ane`), when an edition shows its count. */
export function nameChart(site: SiteContext, fact: NameFact, slug: string): PageChart | undefined {
  const { drawing } = nameDrawing(site, fact);
  return (
    drawing && {
      title: site.texts.names.chartTitle(site.texts.names.kinds[fact.kind].kind, fact.name),
      drawing,
      page: `${site.paths.name(fact.kind, slug)}#${nameEditionsId(site.locale.language)}`,
    }
  );
}

/** A name's count, rank and share in each edition: a line and its table (a withheld edition: "fewer than k", never 0). */
function NameEditions({ site, fact }: { site: SiteContext; fact: NameFact }) {
  const { texts: all, paths, data } = site;
  const texts = all.names;
  const { k } = data.names;
  const { title, drawing } = nameDrawing(site, fact);
  return (
    <Detail
      title={title}
      chart={drawing?.inline}
      columns={[
        { label: all.table.year, short: true },
        { label: all.table.participants, numeric: true },
        { label: all.table.position, numeric: true },
        { label: texts.share, numeric: true },
      ]}
      rows={fact.editions.map(({ year, count, rank, share }) => [
        <a href={paths.statistics(String(year))}>{year}</a>,
        countCell(all, count, texts.fewer(k)),
        rank === undefined ? '' : all.number(rank),
        share === undefined ? '' : texts.percent(share),
      ])}
    />
  );
}

/** Links to the other spellings of the name that have pages (`Echeverria` on `Etxeberria`'s), or nothing. */
function Variants({ site, fact }: { site: SiteContext; fact: NameFact }) {
  const variants = site.data.names.variants(fact);
  if (variants.length === 0) return null;
  const { slugOf } = site.nameSlugs(fact.kind);
  return (
    <p class="variants">
      {site.texts.names.variants}{' '}
      {variants.map((other, i) => (
        <>
          {i === 0 ? '' : ', '}
          <a href={site.paths.name(fact.kind, slugOf.get(other.key)!)}>{other.name}</a>
        </>
      ))}
    </p>
  );
}

/** `/nombres/{slug}`, `/apellidos/{slug}`: one name over the editions; while updating, its name alone (like the year pages). */
function NamePage({ site, fact, slug }: { site: SiteContext; fact: NameFact; slug: string }) {
  const { page: context, texts: all, paths, data } = site;
  const texts = all.names;
  const { k } = data.names;
  const shownCount = fact.editions.filter((edition) => edition.count !== undefined).length;
  const figures = [
    { value: all.number(shownCount), words: texts.shownEditions(shownCount, k, fact.kind) },
    ...(fact.firstEdition === undefined
      ? []
      : [{ value: String(fact.firstEdition), words: texts.firstEdition }]),
    { value: all.number(fact.schools.length), words: texts.schools(fact.schools.length, k, fact.kind) },
  ];
  const file = `${NAME_FILES[fact.kind]}-${slug}`;
  return (
    <Layout context={context} title={fact.name} description={texts.description(fact.name)} place="names">
      <p>
        <a href={paths.namesFolder[fact.kind]}>{texts.kinds[fact.kind].index}</a>
      </p>
      <h1>{fact.name}</h1>
      {context.isUpdating ? null : (
        <>
          <p class="lead">
            {texts.kinds[fact.kind].kind}. {texts.lead(k)}
          </p>
          <Variants site={site} fact={fact} />
          <Panel id="cifras" heading={all.figures.heading}>
            <Headline figures={figures} />
          </Panel>
          <Panel id={nameEditionsId(site.locale.language)} heading={texts.editionsHeading} statistic>
            <NameEditions site={site} fact={fact} />
            <DownloadLinks
              download={{
                csv: downloadPath(`${file}.csv`),
                json: downloadPath(`${file}.json`),
                jsonFile: true,
                chart: chartLinks(
                  site,
                  { chart: 'name', kind: fact.kind, slug },
                  nameChart(site, fact, slug),
                ),
              }}
            />
            <p>
              <a href={comparisonPath(site.locale.language, fact.kind, [fact.name])}>{texts.compare}</a>
            </p>
          </Panel>
          <Panel id="companias" heading={texts.schoolsHeading} statistic>
            {fact.schools.length === 0 ? (
              <p>{texts.noSchools(k, fact.kind)}</p>
            ) : (
              <>
                <p>{texts.schoolsText(k, fact.kind)}</p>
                <DataTable
                  caption={texts.schoolsHeading}
                  columns={[{ label: all.table.school }]}
                  rows={fact.schools.map((school) => [<SchoolName name={school} />])}
                />
              </>
            )}
          </Panel>
        </>
      )}
    </Layout>
  );
}

export const namePage = (site: SiteContext, fact: NameFact, slug: string): AddressedPage => ({
  content: () => <NamePage site={site} fact={fact} slug={slug} />,
  card: () =>
    card(
      site,
      fact.name,
      site.texts.names.card(site.texts.names.kinds[fact.kind].kind, fact.firstEdition),
      fact.editions.flatMap(({ year, count }) => (count === undefined ? [] : [{ year, count }])),
    ),
});

/** A name's editions as CSV; a withheld edition's cells empty, Table Schema's missing value (one type per column). */
export function nameTable(fact: NameFact): CsvTable {
  return {
    columns: ['edicion', 'participantes', 'puesto', 'porcentaje'],
    rows: fact.editions.map(({ year, count, rank, share }) => [
      year,
      count ?? '',
      rank ?? '',
      perCentCell(share),
    ]),
  };
}

const JSON_KIND = pageKind('application/json; charset=utf-8', CACHE.revalidate);

/** A name's facts as JSON, a withheld edition's count as `fewerThan: k` (never 0), with the licence and attribution. */
export function nameJson(fact: NameFact, k: number): PreparedResponse {
  const body = {
    kind: fact.kind,
    name: fact.name,
    k,
    editions: fact.editions.map((edition) =>
      edition.count === undefined ? { year: edition.year, fewerThan: k } : edition,
    ),
    firstEdition: fact.firstEdition ?? null,
    schools: fact.schools,
    licence: { name: es.openData.licenceName, url: 'https://creativecommons.org/licenses/by-sa/4.0/' },
    attribution: { work: es.openData.originalWork, url: ORIGINAL_WORK_URL },
  };
  return prepareBytes(200, Buffer.from(JSON.stringify(body), 'utf8'), JSON_KIND, { etag: true });
}
