/**
 * Everything a site publishes, fetched as a crawler or someone keeping snapshots of the
 * open data would: every page reachable from the home pages and the sitemap, every file
 * they link (CSV, JSON, SVG, embeddable pages), every file the data package lists, and the
 * API's answers for every year; of the preview images, only those `previews` asks for
 * (each fetched once drawn).
 */
import { drawn } from './preview.js';

const LINK = /\b(?:href|src|content)="([^"]+)"/g;
const SITEMAP_LOC = /<loc>([^<]+)<\/loc>/g;

/** The path and query of an address of the site, or undefined for another site's. */
function localPath(address: string, origins: readonly string[]): string | undefined {
  const decoded = address.replaceAll('&amp;', '&');
  if (decoded.startsWith('/') && !decoded.startsWith('//')) return decoded.split('#')[0];
  const origin = origins.find((candidate) => decoded.startsWith(`${candidate}/`));
  return origin === undefined ? undefined : decoded.slice(origin.length).split('#')[0];
}

/** What is not published data: the API's interactive reference and its files. */
const isReference = (path: string) => path.startsWith('/api/docs') || path === '/api/openapi.json';
const isPreview = (path: string) => /\.png$/.test(path.split('?')[0]!);

export interface CrawlOptions {
  /** The site's public origin as its pages write it (`PUBLIC_URL`), besides the server's own. */
  publicOrigin: string;
  /** Which preview images to fetch (by path); none by default. */
  previews?: (path: string) => boolean;
}

/**
 * A GET, asked again once if the connection is reset: a kept-alive connection the server
 * closes as idle just when it is reused (a busy machine), which a browser retries and
 * undici's `fetch` does not.
 */
async function get(address: string): Promise<Response> {
  try {
    return await fetch(address);
  } catch (error) {
    if ((error as { cause?: { code?: string } }).cause?.code !== 'ECONNRESET') throw error;
    return fetch(address);
  }
}

/** Every published address and its bytes (status and type included, so that a 404 differs from a 200). */
export async function crawlPublishedSite(
  base: string,
  { publicOrigin, previews = () => false }: CrawlOptions,
): Promise<Map<string, string>> {
  const origins = [base, publicOrigin];
  const years = ((await (await fetch(`${base}/api/years`)).json()) as { years: string[] }).years;
  const queue = [
    '/',
    '/eu',
    '/sitemap.xml',
    '/datos/datapackage.json',
    '/datos/catalogo.jsonld',
    '/api/years',
    '/api/companies',
    ...years.map((year) => `/api/statistics?year=${year}`),
  ];
  const found = new Map<string, string>();
  const seen = new Set(queue);
  const add = (address: string) => {
    const path = localPath(address, origins);
    if (path === undefined || seen.has(path) || isReference(path)) return;
    if (isPreview(path) && !previews(path)) return;
    seen.add(path);
    queue.push(path);
  };
  while (queue.length > 0) {
    const batch = queue.splice(0, 16);
    await Promise.all(
      batch.map(async (path) => {
        const answer = await (isPreview(path) ? drawn(() => get(base + path)) : get(base + path));
        const type = answer.headers.get('content-type') ?? '';
        const bytes = Buffer.from(await answer.arrayBuffer());
        const text = /^image\/png/.test(type) ? bytes.toString('base64') : bytes.toString('utf8');
        found.set(path, `${answer.status} ${type}\n${text}`);
        if (answer.status !== 200) return;
        if (/html|svg/.test(type)) for (const [, link] of text.matchAll(LINK)) add(link!);
        if (path === '/sitemap.xml') for (const [, link] of text.matchAll(SITEMAP_LOC)) add(link!);
        if (path === '/datos/datapackage.json')
          for (const resource of (JSON.parse(text) as { resources: { path: string }[] }).resources)
            add(resource.path);
      }),
    );
  }
  return found;
}

/** The body of a crawled answer (what follows its status line). */
export const bodyOf = (crawled: string): string => crawled.slice(crawled.indexOf('\n') + 1);
