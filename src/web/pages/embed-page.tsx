import { embedCredits, type PageChart } from '../chart-links.js';
import { ORIGINAL_WORK_URL } from '../page-meta.js';
import type { SiteContext } from '../site-context.js';

/**
 * `/insertar/{name}`: one chart alone for another site's `<iframe>`, as wide as its file (the embed
 * code knows its height), with its credits; no navigation, no script, links open outside the frame.
 */
export function EmbedPage({ site, chart }: { site: SiteContext; chart: PageChart }) {
  const { locale, texts, origin, page: context } = site;
  const { embed, licenceUrl } = texts.openData;
  const [source, original, licence, date] = embedCredits(site);
  const { missing } = chart.drawing;
  return (
    <html lang={locale.language}>
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${chart.title} · ${texts.siteName}`}</title>
        {/* The chart's page is the one to find and to cite; this copy is not indexed. */}
        <meta name="robots" content="noindex" />
        <link rel="canonical" href={origin + chart.page} />
        <link rel="stylesheet" href={context.stylesheet} />
        <link rel="icon" type="image/svg+xml" href={context.icon} />
      </head>
      <body class="embed">
        {/* Named: the host page has a main landmark of its own, and two unnamed ones in one page are one too many. */}
        <main aria-labelledby="embed-title">
          <h1 id="embed-title">{chart.title}</h1>
          {chart.drawing.standalone}
          {missing.length === 0 ? null : <p class="chart-note">{embed.noData(missing)}</p>}
          <p class="credits">
            <a href={origin + chart.page} target="_blank">
              {source}
            </a>{' '}
            <a href={ORIGINAL_WORK_URL} target="_blank">
              {original}
            </a>{' '}
            <a href={licenceUrl} rel="license" target="_blank">
              {licence}
            </a>
            {date === undefined ? null : ` ${date}`}
          </p>
        </main>
      </body>
    </html>
  );
}
