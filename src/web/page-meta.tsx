import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import { GLOBAL_YEAR } from '../domain/categories.js';
import { LOCALES, useLocale, type Language, type Locale } from './locale.js';

/** The API's reference and its OpenAPI document: one for both languages (the API speaks Spanish). */
export const API_PATHS = { apiDocs: '/api/docs', openApi: '/api/openapi.json' } as const;

/** The open data's data package and DCAT-AP catalogue. */
export const OPEN_DATA_PATHS = {
  dataPackage: '/datos/datapackage.json',
  catalogue: '/datos/catalogo.jsonld',
} as const;

export const ORIGINAL_WORK_URL = 'https://github.com/ramistodev/tamborradata';

/** The header's colour, which a phone paints its address bar with. */
export const THEME_COLOUR = '#12355b';

/** The preview card's size in pixels (the size Open Graph and Twitter ask for). */
export const PREVIEW_SIZE = { width: 1200, height: 630 } as const;

/** What a shared page says of itself: the public origin, its path and its image's, itself in each language, the JSON-LD `Dataset`. */
interface PageMeta {
  origin: string;
  path: string;
  image: string;
  alternates: Readonly<Record<Language, string>>;
  dataset: object;
}

/** Given around each page with an address: the 404 and error pages get no canonical link, card or JSON-LD. */
export const PageMetaContext = createContext<PageMeta | undefined>(undefined);

/** The `<head>` lines for sharing and search engines: canonical, other languages, Open Graph, Twitter, JSON-LD. */
export function PageHead({ title, description }: { title: string; description: string }) {
  const meta = useContext(PageMetaContext);
  const { texts, ogLocale, language } = useLocale();
  if (meta === undefined) return <meta name="theme-color" content={THEME_COLOUR} />;
  const url = meta.origin + meta.path;
  const image = meta.origin + meta.image;
  const imageAlt = texts.meta.imageAlt(title);
  const other = texts.otherLanguage.language;
  return (
    <>
      <meta name="theme-color" content={THEME_COLOUR} />
      <link rel="canonical" href={url} />
      {/* Every language, this one included, and Spanish for any other (x-default). */}
      <link rel="alternate" hreflang={language} href={url} />
      <link rel="alternate" hreflang={other} href={meta.origin + meta.alternates[other]} />
      <link rel="alternate" hreflang="x-default" href={meta.origin + meta.alternates.es} />
      <meta property="og:type" content="website" />
      <meta property="og:locale" content={ogLocale} />
      <meta property="og:locale:alternate" content={LOCALES[other].ogLocale} />
      <meta property="og:site_name" content={texts.siteName} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta property="og:image" content={image} />
      <meta property="og:image:type" content="image/png" />
      <meta property="og:image:width" content={String(PREVIEW_SIZE.width)} />
      <meta property="og:image:height" content={String(PREVIEW_SIZE.height)} />
      <meta property="og:image:alt" content={imageAlt} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={image} />
      <meta name="twitter:image:alt" content={imageAlt} />
      {/* `<` escaped, so that no text of the data can close the element. */}
      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{ __html: JSON.stringify(meta.dataset).replace(/</g, '\\u003c') }}
      />
    </>
  );
}

/** The licence as search engines know it (the deed in Spanish is what visitors read). */
export const LICENCE_ID = 'https://creativecommons.org/licenses/by-sa/4.0/';

/** The data as a schema.org `Dataset` (JSON-LD) in a language: coverage, licence, creator, the API as distribution. */
export function datasetJsonLd(
  origin: string,
  years: readonly string[],
  { texts, language, paths }: Locale,
): object {
  const numeric = years.filter((year) => year !== GLOBAL_YEAR).map(Number);
  const metaTexts = texts.meta;
  return {
    '@context': 'https://schema.org',
    '@type': 'Dataset',
    name: metaTexts.datasetName,
    description: metaTexts.datasetDescription,
    url: origin + paths.home,
    inLanguage: language,
    isAccessibleForFree: true,
    license: LICENCE_ID,
    creator: { '@type': 'Person', name: 'RamistoDev', url: 'https://github.com/ramistodev' },
    isBasedOn: ORIGINAL_WORK_URL,
    ...(numeric.length > 0 && { temporalCoverage: `${Math.min(...numeric)}/${Math.max(...numeric)}` }),
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
        contentUrl: origin + API_PATHS.openApi,
      },
    ],
    creditText: texts.openData.originalWork,
  };
}
