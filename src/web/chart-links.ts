import { STANDALONE_CHART_WIDTH, wrapText } from './charts/standalone.js';
import { chartName, type ChartKey } from './chart-names.js';
import type { ChartLinks } from './open-data.js';
import type { SiteContext } from './site-context.js';
import type { Drawing } from './statistic-sections.js';

/** A chart with a file and an embeddable page: its title, its drawing, the page it is on (with its anchor). */
export interface PageChart {
  title: string;
  drawing: Drawing;
  page: string;
}

/** Pixels of an embeddable page (`.embed` in site.css says the same): padding, gaps, fonts and lines. */
const EMBED = { padding: 12, gap: 12, titleFont: 18, titleLine: 24, textFont: 14, textLine: 20 };

/** How much wider the estimated widths are than DejaVu Sans's (among the widest fonts): a line holds that much more. */
const ESTIMATE_SLACK = { text: 1.1, bold: 1.08 };

const EMBED_WIDTH = STANDALONE_CHART_WIDTH + 2 * EMBED.padding;

/** What an embeddable page says under its chart, as text: source, original work, licence, the data's date. */
export function embedCredits(site: SiteContext): string[] {
  const { texts, data } = site;
  const { embed, licence, licenceName } = texts.openData;
  return [
    `${embed.source} ${texts.siteName}.`,
    texts.footer.attribution,
    `${licence} ${licenceName}.`,
    ...(data.dataDate === undefined ? [] : [`${embed.date(data.dataDate)}.`]),
  ];
}

/** The height of a chart's embeddable page at its width: title, chart, its note on red years, credits, padding. */
function embedHeight(site: SiteContext, chart: PageChart): number {
  const lines = (text: string, font: number, bold = false) =>
    wrapText(text, font, STANDALONE_CHART_WIDTH * ESTIMATE_SLACK[bold ? 'bold' : 'text'], bold).length;
  const { missing } = chart.drawing;
  const note =
    missing.length === 0
      ? 0
      : EMBED.gap + lines(site.texts.openData.embed.noData(missing), EMBED.textFont) * EMBED.textLine;
  const credits = lines(embedCredits(site).join(' '), EMBED.textFont) * EMBED.textLine;
  const title = lines(chart.title, EMBED.titleFont, true) * EMBED.titleLine;
  return 2 * EMBED.padding + title + EMBED.gap + chart.drawing.height + note + EMBED.gap + credits;
}

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
    `width="${EMBED_WIDTH}" height="${Math.ceil(embedHeight(site, chart))}"`,
    'style="border:0;max-width:100%" loading="lazy"',
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
