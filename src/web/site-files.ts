import { readFileSync } from 'node:fs';
import { Resvg } from '@resvg/resvg-js';
import icoEndec from 'ico-endec';
import { CACHE, prepareBytes, type PreparedResponse } from '../read-model/prepared-response.js';
import { pageKind } from './page-answer.js';

/** Sizes of the icon inside `/favicon.ico`. */
const ICON_SIZES = [16, 32, 48];

let favicon: PreparedResponse | undefined;

/**
 * `/favicon.ico`, which browsers and crawlers ask for whatever the pages say: the
 * site's icon drawn at 16, 32 and 48 pixels, once per process.
 */
export function faviconAnswer(): PreparedResponse {
  if (favicon) return favicon;
  const svg = readFileSync(new URL('./assets/icon.svg', import.meta.url));
  const pngs = ICON_SIZES.map((size) =>
    new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng(),
  );
  favicon = prepareBytes(200, icoEndec.encode(pngs), pageKind('image/x-icon', CACHE.day), { etag: true });
  return favicon;
}

const TEXT_KIND = pageKind('text/plain; charset=utf-8', CACHE.revalidate);
const XML_KIND = pageKind('application/xml; charset=utf-8', CACHE.revalidate);

/**
 * `/robots.txt`: everything may be read but the participant search (its answers are
 * about children, and it needs a name a crawler does not have), and where the sitemap is.
 */
export function robotsAnswer(origin: string): PreparedResponse {
  const text = ['User-agent: *', 'Disallow: /api/participants', '', `Sitemap: ${origin}/sitemap.xml`, ''];
  return prepareBytes(200, Buffer.from(text.join('\n'), 'utf8'), TEXT_KIND, { etag: true });
}

const xmlEscape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** `/sitemap.xml`: every page worth finding, as absolute addresses. */
export function sitemapAnswer(origin: string, paths: readonly string[]): PreparedResponse {
  const urls = paths.map((path) => `<url><loc>${xmlEscape(origin + path)}</loc></url>`);
  const xml =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
  return prepareBytes(200, Buffer.from(xml, 'utf8'), XML_KIND, { etag: true });
}
