import type { PageChart } from '../chart-links.js';
import type { SiteContext } from '../site-context.js';

/**
 * `/insertar/{name}`: one chart alone, for another site's `<iframe>`: its title, the chart as the page
 * draws it, its source (a link to its page), licence and the data's date. No navigation, no script;
 * its links open outside the frame.
 */
export function EmbedPage({ site, chart }: { site: SiteContext; chart: PageChart }) {
  const { locale, texts, origin, page: context, data } = site;
  const { embed, licence, licenceName, licenceUrl } = texts.openData;
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
          {chart.drawing.inline}
          <p class="credits">
            {embed.source}{' '}
            <a href={origin + chart.page} target="_blank">
              {texts.siteName}
            </a>
            . {licence}{' '}
            <a href={licenceUrl} rel="license" target="_blank">
              {licenceName}
            </a>
            .{data.dataDate === undefined ? null : ` ${embed.date(data.dataDate)}.`}
          </p>
        </main>
      </body>
    </html>
  );
}
