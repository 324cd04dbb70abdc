import { chartName, type ChartKey } from './chart-names.js';
import type { ChartLinks } from './open-data.js';
import type { SiteContext } from './site-context.js';
import type { Drawing } from './statistic-sections.js';

/** A chart with a file and an embeddable page: its title (which page's), how it is drawn, the page it is on (a statistic's with its anchor). */
export interface PageChart {
  title: string;
  drawing: Drawing;
  page: string;
}

/** The room an embeddable page takes around its chart: title, credits, margins (pixels, at 390 px wide). */
const EMBED_CHROME = 200;

/** The links beside a chart: its file, its embeddable page, how to cite it and the code that embeds it. */
export function chartLinks(
  site: SiteContext,
  key: ChartKey,
  chart: PageChart | undefined,
): ChartLinks | undefined {
  if (chart === undefined) return undefined;
  const { origin, paths, texts } = site;
  const name = chartName(site.locale.language, key);
  const attribute = (text: string) => text.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
  const frame = [
    `src="${attribute(origin + paths.embed(name))}"`,
    `title="${attribute(chart.title)}"`,
    `width="100%" height="${Math.ceil(chart.drawing.height + EMBED_CHROME)}"`,
    'style="border:0" loading="lazy"',
  ];
  return {
    svg: paths.chart(name),
    embed: paths.embed(name),
    citation: texts.openData.embed.citation(
      texts.siteName,
      chart.title,
      origin + chart.page,
      site.data.dataDate,
    ),
    code: `<iframe ${frame.join(' ')}></iframe>`,
  };
}
