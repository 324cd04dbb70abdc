import autocannon from 'autocannon';
import { Random, shufflePrefix } from '../../src/demo/random.js';
import { languageOfPath, LOCALES } from '../../src/web/locale.js';
import { previewPath } from '../../src/web/preview-card.js';
import { get } from './process.js';

/** What a visitor's browser and an API client send: brotli, gzip or nothing. */
const ENCODINGS = ['gzip, deflate, br, zstd', 'gzip', ''];

/** The seed of the order in which the minute asks for the addresses. */
const ORDER_SEED = 1;

/**
 * Every address a visitor or a client of the demo may ask for: each operation (years,
 * statistics and a few categories of every year, companies, searches that find someone
 * and that find no one, errors), every page of the sitemap, their preview images (but
 * the schools') and a few CSV files; in an order shuffled once (a fixed seed), so that any
 * stretch of the minute mixes every kind. In the order written, the minute's clients,
 * which walk the list together, reached the preview images only in its last seconds, and
 * the resident size at its end depended on how many they had made.
 */
export async function mixedPaths(baseUrl: string, searches: readonly string[]): Promise<string[]> {
  const { years } = JSON.parse((await get(`${baseUrl}/api/years`)).body.toString()) as { years: string[] };
  const sitemap = (await get(`${baseUrl}/sitemap.xml`)).body.toString();
  const pages = [...sitemap.matchAll(/<loc>https?:\/\/[^/]+([^<]*)<\/loc>/g)].map((match) => match[1] || '/');
  const paths = [
    '/api/ping',
    '/api/years',
    '/api/companies',
    '/api/statistics?year=1900',
    '/api/category?year=2024',
    ...years.flatMap((year) => [
      `/api/statistics?year=${year}`,
      `/api/category?year=${year}&category=topNamesByYear`,
      `/api/category?year=${year}&category=totalParticipantsByYear`,
    ]),
    ...searches,
    ...pages,
    ...pages.flatMap((path) => {
      const { paths } = LOCALES[languageOfPath(path)];
      return path.startsWith(`${paths.schoolsFolder}/`) ? [] : [previewPath(paths, path)];
    }),
    ...years.map((year) => `/datos/${year}-topNamesByYear.csv`),
    '/no-existe',
  ];
  shufflePrefix(paths, paths.length, new Random(ORDER_SEED));
  return paths;
}

/**
 * Drives `paths` at `rate` requests per second for `durationS` over a few connections,
 * each request with one of three `Accept-Encoding`s: a minute of a busy day, not a
 * saturating load. Returns the answers counted by status and the errors.
 */
export function driveMixedLoad(
  baseUrl: string,
  paths: readonly string[],
  { rate, durationS }: { rate: number; durationS: number },
): Promise<{ statuses: Record<string, number>; errors: number }> {
  const requests = paths.flatMap((path, i) =>
    ENCODINGS.map((encoding, k) => ({
      method: 'GET' as const,
      path,
      headers: (i + k) % ENCODINGS.length === 2 ? {} : { 'accept-encoding': encoding },
    })),
  );
  return new Promise((resolve, reject) => {
    autocannon(
      { url: baseUrl, connections: 8, overallRate: rate, duration: durationS, timeout: 10, requests },
      (error, result) => {
        if (error) return reject(error);
        const statuses: Record<string, number> = {};
        for (const [status, { count }] of Object.entries(result.statusCodeStats ?? {}))
          statuses[status] = Number(count ?? 0);
        resolve({ statuses, errors: result.errors + result.timeouts });
      },
    );
  });
}
