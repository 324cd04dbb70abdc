import { GLOBAL_YEAR } from '../../domain/categories.js';
import { PUBLIC_DATA_SHAPES as SHAPES } from '../../domain/answer-shapes.js';
import { Layout, YearLinks } from '../layout.js';
import { statisticDownload } from '../model-files.js';
import { DownloadsContext } from '../open-data.js';
import { card, type AddressedPage, type SiteContext } from '../site-context.js';
import { StatisticSections } from '../statistic-sections.js';
import { parsed, totalOf } from '../year-statistics.js';
import { totalsCard } from './home-page.js';

/** `/estadisticas/{year}` and `/estadisticas/global`; while updating, like the API: no figures. */
export function StatisticsPage({
  site: { page: context, data, texts: all },
  year,
}: {
  site: SiteContext;
  year: string;
}) {
  const texts = all.statistics;
  const isGlobal = year === GLOBAL_YEAR;
  const title = isGlobal ? texts.globalTitle : texts.yearTitle(year);
  return (
    <Layout
      context={context}
      title={title}
      description={isGlobal ? texts.globalDescription : texts.yearDescription(year)}
      place={isGlobal ? 'global' : 'other'}
    >
      <h1>{title}</h1>
      <nav aria-label={texts.otherYears} class="year-nav">
        <YearLinks years={data.years} current={year} />
      </nav>
      {context.isUpdating ? null : <StatisticSections records={data.recordsOf(year)} />}
    </Layout>
  );
}

/** The page of a published year, or of all of them, with a download beside each statistic. */
export const yearPage = (site: SiteContext, year: string): AddressedPage => ({
  content: () => (
    <DownloadsContext.Provider value={(category) => statisticDownload(site, year, category)}>
      <StatisticsPage site={site} year={year} />
    </DownloadsContext.Provider>
  ),
  card: () => {
    const texts = site.texts.statistics;
    if (year === GLOBAL_YEAR) return totalsCard(site, texts.globalTitle);
    const participants = parsed(
      SHAPES.yearCounts,
      site.data.recordsOf(year).get('totalParticipantsByYear')?.publicData,
    );
    return card(
      site,
      texts.yearTitle(year),
      participants ? site.texts.meta.card.year(totalOf(participants)) : '',
    );
  },
});
