import { GLOBAL_YEAR } from '../../domain/categories.js';
import { API_PATHS, Headline, Layout, Panel, YearLinks } from '../layout.js';
import { statisticDownload } from '../model-files.js';
import { DownloadLinks } from '../open-data.js';
import { SearchForm } from '../search-form.js';
import { PUBLIC_DATA_SHAPES as SHAPES } from '../../domain/answer-shapes.js';
import { card, type AddressedPage, type SiteContext } from '../site-context.js';
import { ParticipantsByYear } from '../statistic-sections.js';
import { Summary } from '../summary.js';
import { parsed, totalOf } from '../year-statistics.js';

/** `/`: what the festival and the data are, the figures, every edition, the search. */
function HomePage({ site }: { site: SiteContext }) {
  const { page: context, data, texts: all } = site;
  const texts = all.home;
  const { years, companies } = data;
  const global = data.recordsOf(GLOBAL_YEAR);
  const participantsDownload = statisticDownload(site, GLOBAL_YEAR, 'totalParticipants');
  // While updating, the figures may mix two data versions: the notice alone, as on the year pages.
  const totals = context.isUpdating ? [] : participantsByEdition(site);
  const counts: [number | undefined, (count: number) => string][] = context.isUpdating
    ? []
    : [
        [totals.length || undefined, all.figures.editions],
        [totals.length ? totalOf(totals) : undefined, all.figures.participations],
        [companies.length || undefined, all.figures.schools],
        [parsed(SHAPES.figure, global.get('namesDiversity')?.publicData), all.figures.names],
      ];
  const chartHeading = all.categories.totalParticipants.title;
  const figures = counts.flatMap(([value, words]) =>
    value === undefined ? [] : [{ value: all.number(value), words: words(value) }],
  );
  return (
    <Layout context={context} title={texts.title} description={texts.description} place="home">
      <h1>{texts.title}</h1>
      {texts.lead.map((paragraph) => (
        <p class="lead">{paragraph}</p>
      ))}
      {figures.length === 0 ? null : (
        <Panel id="cifras" heading={all.figures.heading}>
          <Headline figures={figures} />
          <Summary record={global.get('intro')} />
        </Panel>
      )}
      {totals.length === 0 ? null : (
        <Panel id="por-edicion" heading={chartHeading}>
          <ParticipantsByYear id="home-participants" title={chartHeading} points={totals} />
          {participantsDownload && <DownloadLinks download={participantsDownload} />}
        </Panel>
      )}
      <Panel id="ediciones" heading={texts.yearsHeading}>
        {years.length === 0 ? <p>{texts.noData}</p> : <YearLinks years={years} />}
      </Panel>
      <Panel id="buscar" heading={texts.searchHeading}>
        <SearchForm companies={companies} idPrefix="home" />
      </Panel>
      <Panel id="desarrolladores" heading={texts.apiHeading}>
        <p>
          {texts.apiText} <a href={API_PATHS.apiDocs}>{all.apiReference}</a>.
        </p>
      </Panel>
    </Layout>
  );
}

/** The participants of each edition (`totalParticipants`), in year order. */
const participantsByEdition = (site: SiteContext) =>
  (
    parsed(SHAPES.yearCounts, site.data.recordsOf(GLOBAL_YEAR).get('totalParticipants')?.publicData) ?? []
  ).toSorted((a, b) => a.year - b.year);

/** The card of the home page and of all editions: the participants of each edition as bars. */
export function totalsCard(site: SiteContext, title: string) {
  const series = participantsByEdition(site);
  return card(site, title, site.texts.meta.card.home(series.length, totalOf(series)), series);
}

export const homePage = (site: SiteContext): AddressedPage => ({
  content: () => <HomePage site={site} />,
  card: () => totalsCard(site, site.texts.home.title),
});
