import { GLOBAL_YEAR } from '../../domain/categories.js';
import { DataTable } from '../data-table.js';
import { Headline, Layout, Panel } from '../layout.js';
import { comparisonPath } from '../locale.js';
import { PersonName } from '../name-links.js';
import { es } from '../texts/es.js';
import { chartLinks } from '../chart-links.js';
import { categoryApiPath, DownloadLinks, downloadPath, OpenDataLinks, type CsvTable } from '../open-data.js';
import { card, type AddressedPage, type SiteContext } from '../site-context.js';
import { participantsDrawing, ParticipantsByYear } from '../statistic-sections.js';
import { yearCountsTable } from '../statistic-tables.js';
import { totalOf } from '../year-statistics.js';

/** The id of a school's chart: its participants per edition. */
const PARTICIPANTS_CHART = 'school-participants';

/** `/companias/{slug}`: one school over the editions; while updating, its name alone (like the year pages). */
function SchoolPage({ site, school }: { site: SiteContext; school: string }) {
  const { page: context, texts: all, paths } = site;
  const texts = all.school;
  const facts = schoolFacts(site, school);
  const name = site.schoolName(school);
  const downloads = schoolDownloads(site, school);
  const { editions, first, last, total } = facts;
  const figures = [
    { value: all.number(editions), words: texts.editions(editions) },
    { value: all.number(total), words: all.figures.participations(total) },
    { value: String(first), words: texts.firstEdition },
  ];
  return (
    <Layout
      context={context}
      title={name}
      description={texts.description(name, editions, total)}
      place="other"
    >
      <h1>{name}</h1>
      {context.isUpdating ? null : (
        <>
          <p class="lead">{texts.lead(first, last, first === facts.firstEditionOfData)}</p>
          <Panel id="cifras" heading={all.figures.heading}>
            <Headline figures={figures} />
          </Panel>
          <Panel id="participantes" heading={texts.participantsHeading} statistic>
            <p>{texts.participantsText}</p>
            <ParticipantsByYear
              id={PARTICIPANTS_CHART}
              title={texts.participantsHeading}
              points={facts.participants}
            />
            <DownloadLinks download={downloads.participants} />
            <p>
              <a href={comparisonPath(site.locale.language, 'school', [name])}>{texts.compare}</a>
            </p>
          </Panel>
          <Panel id="nombres" heading={texts.namesHeading} statistic>
            <p>{texts.namesText(facts.commonNameOverall)}</p>
            {facts.commonNames.length === 0 ? null : (
              <DataTable
                caption={texts.namesHeading}
                columns={[{ label: all.table.year }, { label: all.table.commonName }]}
                rows={facts.commonNames.map((item) => [
                  <a href={paths.statistics(String(item.year))}>{item.year}</a>,
                  <PersonName kind="firstName" name={item.name} />,
                ])}
              />
            )}
            <OpenDataLinks download={downloads.names} />
          </Panel>
        </>
      )}
    </Layout>
  );
}

/** A school's CSV files (`companias-{slug}-participantes.csv`, `-nombres.csv`), their statistics in the API, its chart. */
export function schoolDownloads(site: SiteContext, school: string) {
  const file = site.fileSlugs.slugOf.get(school)!;
  const slug = site.slugs.slugOf.get(school)!;
  return {
    participants: {
      csv: downloadPath(`companias-${file}-participantes.csv`),
      json: categoryApiPath(GLOBAL_YEAR, 'schoolsEvolution'),
      chart: chartLinks(site, { chart: 'school', slug }, schoolChart(site, slug, school)),
    },
    names: {
      csv: downloadPath(`companias-${file}-nombres.csv`),
      json: categoryApiPath(String(site.published.at(-1) ?? GLOBAL_YEAR), 'commonNameBySchoolByYear'),
    },
  };
}

/** What the page of one school shows: aggregates only (participants per edition from its first, 0 where none). */
function schoolFacts({ data, published, firstYears, commonNames }: SiteContext, school: string) {
  const byYear = data.rowsBySchool.get(school)!;
  const participants = published
    .filter((year) => year >= firstYears.get(school)!)
    .map((year) => ({ year, count: byYear.get(year) ?? 0 }));
  const takenPart = participants.filter((point) => point.count > 0);
  const last = takenPart.at(-1)!.year;
  return {
    participants,
    editions: takenPart.length,
    first: takenPart[0]!.year,
    /** The last edition it took part in; `undefined` when the latest published: it takes part still. */
    last: last === published.at(-1) ? undefined : last,
    total: totalOf(takenPart),
    commonNames: published.flatMap((year) => {
      const name = commonNames(String(year)).get(school);
      return name === undefined ? [] : [{ year, name }];
    }),
    commonNameOverall: commonNames(GLOBAL_YEAR).get(school),
    firstEditionOfData: published[0]!,
  };
}

/** A school's chart for its file and embeddable page: its participants per edition (its page's one chart). */
export function schoolChart(site: SiteContext, slug: string, school: string) {
  const { texts } = site;
  const title = texts.school.participantsHeading;
  const drawing = participantsDrawing(
    { id: PARTICIPANTS_CHART, title, points: schoolFacts(site, school).participants },
    texts,
  );
  return {
    title: texts.openData.embed.title(title, site.schoolName(school)),
    drawing,
    page: site.paths.school(slug),
  };
}

/** A school's figures as CSV (one file for both languages): `participantes` per edition, or its most frequent `nombres`. */
export function schoolTable(site: SiteContext, school: string, kind: string): CsvTable {
  const facts = schoolFacts(site, school);
  if (kind === 'participantes')
    return { ...yearCountsTable(facts.participants, es), columns: ['edicion', 'participantes'] };
  return {
    columns: ['edicion', 'nombre'],
    rows: facts.commonNames.map((item) => [item.year, item.name]),
  };
}

export const schoolPage = (site: SiteContext, school: string): AddressedPage => ({
  content: () => <SchoolPage site={site} school={school} />,
  card: () => {
    const { editions, total, first, last, participants } = schoolFacts(site, school);
    return card(
      site,
      site.schoolName(school),
      site.texts.meta.card.school(editions, total, first, last),
      participants,
    );
  },
});
