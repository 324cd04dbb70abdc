import type { CategoryId } from '../../domain/categories.js';
import { GLOBAL_YEAR } from '../../domain/categories.js';
import { webTexts } from '../copy.js';
import { Layout, YearLinks, type PageContext } from '../layout.js';
import { StatisticSections } from '../statistic-sections.js';
import type { StatisticRecord } from '../year-statistics.js';

const texts = webTexts.statistics;

interface StatisticsPageProps {
  context: PageContext;
  year: string;
  years: readonly string[];
  records: ReadonlyMap<CategoryId, StatisticRecord>;
}

/** `/estadisticas/{year}` and `/estadisticas/global`; while updating, like the API: no figures. */
export function StatisticsPage({ context, year, years, records }: StatisticsPageProps) {
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
        <YearLinks years={years} current={year} />
      </nav>
      {context.isUpdating ? null : <StatisticSections records={records} />}
    </Layout>
  );
}
