import { hash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { CACHE, prepareBytes, type PreparedResponse } from '../answer/answer.js';
import { pageKind } from './page-answer.js';

/** A file of `assets/` beside this module (the build copies the folder into dist/). */
export const readAsset = (file: string) => readFileSync(new URL(`./assets/${file}`, import.meta.url));

/** The stylesheet's parts: the light colours, the pages (dark colours on request), the charts. */
const STYLESHEET_PARTS = ['palette.css', 'site.css', 'charts.css'] as const;

/** `files` joined, served from memory under a name that changes with them (`/recursos/estilo.3f9a0c1b2d.css`). */
function load(files: readonly string[], name: string, contentType: string) {
  const body = Buffer.concat(files.map(readAsset));
  const path = `/recursos/${name}.${hash('sha256', body, 'hex').slice(0, 10)}.${files[0]!.split('.').at(-1)}`;
  const prepared = prepareBytes(200, body, pageKind(contentType, CACHE.immutable), { etag: true });
  return { path, answer: () => prepared };
}

let loaded: Record<'stylesheet' | 'icon', ReturnType<typeof load>> | undefined;

export function siteAssets() {
  return (loaded ??= {
    stylesheet: load(STYLESHEET_PARTS, 'estilo', 'text/css; charset=utf-8'),
    icon: load(['icon.svg'], 'icono', 'image/svg+xml'),
  });
}

let favicon: PreparedResponse | undefined;

/** `/favicon.ico`, asked for whatever the pages say: the icon at 16, 32 and 48 pixels (drawn from icon.svg). */
export const faviconAnswer = (): PreparedResponse =>
  (favicon ??= prepareBytes(200, readAsset('favicon.ico'), pageKind('image/x-icon', CACHE.day), {
    etag: true,
  }));

const TEXT_KIND = pageKind('text/plain; charset=utf-8', CACHE.revalidate);
const XML_KIND = pageKind('application/xml; charset=utf-8', CACHE.revalidate);

/** `/robots.txt`: all but the participant search (its answers are about children), and the sitemap. */
export function robotsAnswer(origin: string): PreparedResponse {
  // Comparisons are endless combinations of the name pages (docs/decisions.md): not for crawlers.
  const text = [
    'User-agent: *',
    'Disallow: /api/participants',
    'Disallow: /comparar/',
    'Disallow: /eu/alderatu/',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ];
  return prepareBytes(200, Buffer.from(text.join('\n'), 'utf8'), TEXT_KIND, { etag: true });
}

const xmlEscape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function sitemapAnswer(origin: string, paths: readonly string[]): PreparedResponse {
  const urls = paths.map((path) => `<url><loc>${xmlEscape(origin + path)}</loc></url>`);
  const xml =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
  return prepareBytes(200, Buffer.from(xml, 'utf8'), XML_KIND, { etag: true });
}
