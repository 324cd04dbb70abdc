import type { PreparedResponse } from '../../answer/answer.js';
import { GLOBAL_YEAR } from '../../domain/categories.js';
import { PUBLIC_DATA_SHAPES as SHAPES } from '../../domain/answer-shapes.js';
import type { Query } from '../../domain/validation.js';
import { sectionId } from '../chart-names.js';
import { Layout, YearLinks } from '../layout.js';
import type { Language } from '../locale.js';
import { statisticDownload } from '../model-files.js';
import { DownloadsContext } from '../open-data.js';
import { pageForAddress } from '../page-answer.js';
import { card, withSite, type AddressedPage, type SiteContext } from '../site-context.js';
import { ChangeOrderContext, StatisticSections, type ChangeOrder } from '../statistic-sections.js';
import { parsed, totalOf } from '../year-statistics.js';
import { totalsCard } from './home-page.js';

/** `/estadisticas/{year}` and `/estadisticas/global`; while updating, like the API: no figures. */
function StatisticsPage({ site, year }: { site: SiteContext; year: string }) {
  const { page: context, data, texts: all } = site;
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

/** The field ordering the evolution by the change since an edition (`?desde=2018`); a page reads either, for the language link. */
const CHANGE_FIELDS: Readonly<Record<Language, string>> = { es: 'desde', eu: 'noiztik' };

/** The global page's evolution ordered from `base`, and the address of each order. */
function changeOrder(site: SiteContext, base: number | undefined): ChangeOrder {
  const { language } = site.locale;
  const anchor = `#${sectionId(language, 'schoolsEvolution')}`;
  const path = site.paths.statistics(GLOBAL_YEAR);
  return {
    base,
    pathFrom: (from) => (from === undefined ? path : `${path}?${CHANGE_FIELDS[language]}=${from}`) + anchor,
  };
}

/** The page of a published year, or of all of them, with a download beside each statistic. */
export const yearPage = (site: SiteContext, year: string, base?: number): AddressedPage => ({
  content: () => (
    <DownloadsContext.Provider value={(category) => statisticDownload(site, year, category)}>
      <ChangeOrderContext.Provider value={year === GLOBAL_YEAR ? changeOrder(site, base) : undefined}>
        <StatisticsPage site={site} year={year} />
      </ChangeOrderContext.Provider>
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

/** `GET /estadisticas/global?desde=2018`, made for the request; no field, `page`; `undefined` (404) but for an edition before the last. */
export function changeOrderedPage(
  site: SiteContext,
  query: Query,
  page: () => PreparedResponse | undefined,
): PreparedResponse | undefined {
  const { language } = site.locale;
  const inEither = Object.values(CHANGE_FIELDS).map((field) => query[field]);
  const typed = (query[CHANGE_FIELDS[language]] ?? inEither.find(Boolean))?.trim() ?? '';
  if (typed === '') return page();
  // The evolution can be ordered from every published edition but the last.
  const base = site.published.slice(0, -1).find((year) => String(year) === typed);
  if (base === undefined) return undefined;
  const path = site.paths.statistics(GLOBAL_YEAR);
  const content = yearPage(site, GLOBAL_YEAR, base).content();
  return pageForAddress(withSite(site, content, path, `?${CHANGE_FIELDS[language]}=${base}`));
}
