import { renderToString } from 'preact-render-to-string';
import { GLOBAL_YEAR } from '../domain/categories.js';
import { CACHE, prepareBytes, type PreparedResponse } from '../answer/answer.js';
import { STANDALONE_POLICY, StandaloneChart } from './charts/standalone.js';
import { pageKind } from './page-answer.js';
import { chartKeyOf, chartName, sectionId, type ChartKey } from './chart-names.js';
import type { PageChart } from './chart-links.js';
import { nameChart } from './pages/name-page.js';
import { schoolChart } from './pages/school-page.js';
import { nameOfSlug, withSite, type SiteContext } from './site-context.js';
import { statisticChart } from './statistic-sections.js';

/** The chart a key stands for, when the model has it. */
export function chartOfKey(site: SiteContext, key: ChartKey): PageChart | undefined {
  const { language } = site.locale;
  if (key.chart === 'statistic') {
    const { year, category } = key;
    const record = site.data.recordsOf(year).get(category);
    const chart = record && statisticChart(category, record, site.texts, site.schoolName);
    const texts = site.texts.statistics;
    const page = year === GLOBAL_YEAR ? texts.globalTitle : texts.yearTitle(year);
    return (
      chart && {
        title: site.texts.openData.embed.title(chart.title, page),
        drawing: chart.drawing,
        page: `${site.paths.statistics(year)}#${sectionId(language, category)}`,
      }
    );
  }
  if (key.chart === 'name') {
    const fact = nameOfSlug(site, key.kind, key.slug);
    return fact && nameChart(site, fact, key.slug);
  }
  const school = site.slugs.schoolOf.get(key.slug);
  return school === undefined ? undefined : schoolChart(site, key.slug, school);
}

/** The chart a name of the site's language stands for, when there is one. */
export function chartOf(site: SiteContext, name: string): PageChart | undefined {
  const key = chartKeyOf(site.locale.language, name);
  return key && chartOfKey(site, key);
}

/** A chart's name now when `name` is the Spanish one the Basque pages used before theirs (`/eu/txertatu/companias-zubia-participantes`). */
export function movedChart(site: SiteContext, name: string): string | undefined {
  const { language } = site.locale;
  const old = language === 'es' ? undefined : chartKeyOf('es', name);
  // A school by the slug of the lists' name, which its page here may no longer have.
  const school = old?.chart === 'school' ? site.fileSlugs.schoolOf.get(old.slug) : undefined;
  const key = school === undefined ? old : { ...old!, slug: site.slugs.slugOf.get(school)! };
  return key && chartOfKey(site, key) && chartName(language, key);
}

/** What a chart's file says under it: why its red years have no data, source, original work, licence, the data's date. */
function chartCredits(site: SiteContext, chart: PageChart): string[] {
  const { texts, origin, data } = site;
  const { embed, licence, licenceName, licenceUrl } = texts.openData;
  const { missing } = chart.drawing;
  return [
    ...(missing.length === 0 ? [] : [embed.noData(missing)]),
    `${embed.source} ${texts.siteName}, ${origin}${chart.page}`,
    texts.footer.attribution,
    `${licence} ${licenceName}, ${licenceUrl}`,
    ...(data.dataDate === undefined ? [] : [embed.date(data.dataDate)]),
  ];
}

const SVG_KIND = pageKind('image/svg+xml; charset=utf-8', CACHE.revalidate, STANDALONE_POLICY);

/** `/graficos/{name}.svg`: a chart as a standalone SVG file, titled and credited inside. */
export function chartFile(site: SiteContext, file: string): PreparedResponse | undefined {
  const chart = file.endsWith('.svg') ? chartOf(site, file.slice(0, -4)) : undefined;
  if (chart === undefined) return undefined;
  const svg = (
    <StandaloneChart
      language={site.locale.language}
      title={chart.title}
      chart={chart.drawing.standalone}
      height={chart.drawing.height}
      credits={chartCredits(site, chart)}
    />
  );
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n${renderToString(withSite(site, svg))}\n`;
  return prepareBytes(200, Buffer.from(xml, 'utf8'), SVG_KIND, { etag: true });
}
