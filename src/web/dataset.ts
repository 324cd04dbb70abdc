import { GLOBAL_YEAR } from '../domain/categories.js';
import { metaTexts, openDataTexts } from './copy.js';
import { ORIGINAL_WORK_URL, PAGE_PATHS } from './layout.js';

/** The licence as search engines know it (the deed in Spanish is what visitors read). */
export const LICENCE_ID = 'https://creativecommons.org/licenses/by-sa/4.0/';

/**
 * The data as a schema.org `Dataset` (JSON-LD), the same on every page: what it covers,
 * its licence, who made it, and the API and its description as its distributions.
 */
export function datasetJsonLd(origin: string, years: readonly string[]): object {
  const numeric = years.filter((year) => year !== GLOBAL_YEAR).map(Number);
  const coverage = numeric.length === 0 ? undefined : `${Math.min(...numeric)}/${Math.max(...numeric)}`;
  return {
    '@context': 'https://schema.org',
    '@type': 'Dataset',
    name: metaTexts.datasetName,
    description: metaTexts.datasetDescription,
    url: `${origin}/`,
    inLanguage: 'es',
    isAccessibleForFree: true,
    license: LICENCE_ID,
    creator: { '@type': 'Person', name: 'RamistoDev', url: 'https://github.com/ramistodev' },
    isBasedOn: ORIGINAL_WORK_URL,
    ...(coverage === undefined ? {} : { temporalCoverage: coverage }),
    spatialCoverage: { '@type': 'Place', name: metaTexts.place },
    distribution: [
      {
        '@type': 'DataDownload',
        name: metaTexts.apiName,
        encodingFormat: 'application/json',
        contentUrl: `${origin}/api/statistics?year=${GLOBAL_YEAR}`,
      },
      {
        '@type': 'DataDownload',
        name: metaTexts.openApiName,
        encodingFormat: 'application/vnd.oai.openapi+json',
        contentUrl: origin + PAGE_PATHS.openApi,
      },
    ],
    creditText: openDataTexts.originalWork,
  };
}
