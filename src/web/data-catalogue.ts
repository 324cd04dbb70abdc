import { CACHE, prepareBytes, type PreparedResponse } from '../http/answer.js';
import { API_PATHS, OPEN_DATA_PATHS, ORIGINAL_WORK_URL } from './layout.js';
import { inEach, LANGUAGES, LOCALES } from './locale.js';
import type { DescribedFile, PublishedFiles } from './data-package.js';
import { downloadPath } from './open-data.js';
import { pageKind } from './page-answer.js';
import type { SiteContext } from './site-context.js';

/**
 * The open data as a DCAT-AP catalogue (JSON-LD, with the properties of DCAT-AP 2 and 3 and
 * what DCAT-AP-ES adds that we know): one dataset, with a distribution per CSV file and per
 * API operation. Its context is written in it, so that reading it needs no other document.
 */

/** The JSON-LD media type (no charset: JSON-LD is UTF-8). */
export const JSON_LD_CONTENT_TYPE = 'application/ld+json';

const EU = 'http://publications.europa.eu/resource/authority/';
const IANA = 'https://www.iana.org/assignments/media-types/';

const CONTEXT = {
  dcat: 'http://www.w3.org/ns/dcat#',
  dct: 'http://purl.org/dc/terms/',
  foaf: 'http://xmlns.com/foaf/0.1/',
  owl: 'http://www.w3.org/2002/07/owl#',
  vcard: 'http://www.w3.org/2006/vcard/ns#',
  xsd: 'http://www.w3.org/2001/XMLSchema#',
  'dct:title': { '@container': '@language' },
  'dct:description': { '@container': '@language' },
  'dcat:keyword': { '@container': '@language' },
  'foaf:name': { '@container': '@language' },
  'dct:issued': { '@type': 'xsd:date' },
  'dct:modified': { '@type': 'xsd:date' },
  'dcat:startDate': { '@type': 'xsd:date' },
  'dcat:endDate': { '@type': 'xsd:date' },
  'dcat:byteSize': { '@type': 'xsd:nonNegativeInteger' },
};

/** What the catalogue says of an API operation: the route table passes the six (src/http/operations.ts). */
export interface ApiOperation {
  path: string;
  operationId: string;
  tag: string;
  summary: string;
  description: string;
}

const id = (iri: string) => ({ '@id': iri });

/** A summary as plain text: the `**bold**` of the pages dropped. */
const plain = (text: string) => text.replaceAll('**', '');

/** The EU data themes (DCAT-AP) and Spain's sectors (DCAT-AP-ES) of the data: culture and leisure, population. */
const THEMES = [
  `${EU}data-theme/EDUC`,
  `${EU}data-theme/SOCI`,
  'http://datos.gob.es/kos/sector-publico/sector/cultura-ocio',
  'http://datos.gob.es/kos/sector-publico/sector/demografia',
].map(id);

const LICENCE = id(`${EU}licence/CC_BYSA_4_0`);
const LANGUAGE_IRIS = [id(`${EU}language/SPA`), id(`${EU}language/EUS`)];
/** Donostia / San Sebastián (GeoNames), and Gipuzkoa in Spain's territories (DCAT-AP-ES). */
const SPATIAL = [
  id('https://sws.geonames.org/3110044/'),
  id('http://datos.gob.es/recurso/sector-publico/territorio/Provincia/Gipuzkoa'),
];
/** Who publishes it: this site. */
const publisherOf = (home: string) => ({
  '@id': home,
  '@type': 'foaf:Agent',
  'foaf:name': inEach((texts) => texts.siteName),
});
/** Who made the original work. */
const CREATOR = {
  '@id': 'https://github.com/ramistodev',
  '@type': 'foaf:Agent',
  'foaf:name': { es: 'RamistoDev' },
};

/** The addresses and facts every part of the catalogue shares. */
function catalogueContext(site: SiteContext, data: PublishedFiles) {
  const catalogue = site.origin + OPEN_DATA_PATHS.catalogue;
  const dates = data.date === undefined ? {} : { 'dct:issued': data.date, 'dct:modified': data.date };
  return {
    origin: site.origin,
    catalogue,
    dataset: `${catalogue}#datos`,
    home: `${site.origin}/`,
    /** What each distribution shares with the dataset: licence and dates. */
    common: { 'dct:license': LICENCE, ...dates },
    dates,
  };
}

type CatalogueContext = ReturnType<typeof catalogueContext>;

/** A CSV file: downloaded at its address; its columns described by the data package. */
function csvDistribution({ origin, catalogue, common }: CatalogueContext, file: DescribedFile) {
  const url = id(origin + downloadPath(file.file));
  const description = LANGUAGES.flatMap((language) => {
    const text = file.description[language];
    return text === null ? [] : [[language, plain(text)]];
  });
  return {
    '@id': `${catalogue}#${file.name}`,
    '@type': 'dcat:Distribution',
    'dct:title': file.title,
    ...(description.length > 0 && { 'dct:description': Object.fromEntries(description) }),
    'dcat:accessURL': url,
    'dcat:downloadURL': url,
    'dcat:mediaType': id(`${IANA}text/csv`),
    'dct:format': id(`${EU}file-type/CSV`),
    'dcat:byteSize': file.bytes,
    // Its columns, their names and types: the file's Table Schema in the data package.
    'dct:conformsTo': id(origin + OPEN_DATA_PATHS.dataPackage),
    ...common,
  };
}

/** An API operation: its entry in the API's reference, and the operation as a data service. */
function apiDistribution({ origin, catalogue, dataset, common }: CatalogueContext, operation: ApiOperation) {
  const title = inEach((texts) => `${texts.meta.apiName}: ${operation.path}`);
  return {
    '@id': `${catalogue}#api-${operation.operationId}`,
    '@type': 'dcat:Distribution',
    'dct:title': title,
    // The API's reference is in English.
    'dct:description': { en: `${operation.summary}. ${operation.description}` },
    // Swagger UI's deep link to the operation.
    'dcat:accessURL': id(`${origin}${API_PATHS.apiDocs}#/${operation.tag}/${operation.operationId}`),
    'dcat:accessService': {
      '@id': `${catalogue}#servicio-${operation.operationId}`,
      '@type': 'dcat:DataService',
      'dct:title': title,
      'dcat:endpointURL': id(origin + operation.path),
      'dcat:endpointDescription': id(origin + API_PATHS.openApi),
      'dcat:servesDataset': id(dataset),
      'dct:license': LICENCE,
    },
    'dcat:mediaType': id(`${IANA}application/json`),
    'dct:format': id(`${EU}file-type/JSON`),
    ...common,
  };
}

/** The one dataset: what it is, where, when, from whom, and its distributions. */
function datasetOf(
  context: CatalogueContext,
  site: SiteContext,
  data: PublishedFiles,
  distributions: object[],
) {
  const { origin, dataset, home, common } = context;
  const [first, last] = [site.published[0], site.published.at(-1)];
  return {
    '@id': dataset,
    '@type': 'dcat:Dataset',
    'dct:identifier': dataset,
    'dct:title': inEach((texts) => texts.meta.datasetName),
    'dct:description': inEach((texts) => texts.meta.datasetDescription),
    'dcat:keyword': inEach((texts) => texts.meta.keywords),
    'dcat:theme': THEMES,
    'dct:publisher': publisherOf(home),
    'dct:creator': CREATOR,
    'dct:source': id(ORIGINAL_WORK_URL),
    'dcat:contactPoint': {
      '@type': 'vcard:Kind',
      'vcard:fn': LOCALES.es.texts.siteName,
      'vcard:hasURL': id(origin + LOCALES.es.paths.about),
    },
    'dcat:landingPage': id(home),
    'dct:language': LANGUAGE_IRIS,
    'dct:accessRights': id(`${EU}access-right/PUBLIC`),
    'dct:accrualPeriodicity': id(`${EU}frequency/ANNUAL`),
    'dct:spatial': SPATIAL,
    ...(first !== undefined &&
      last !== undefined && {
        'dct:temporal': {
          '@type': 'dct:PeriodOfTime',
          'dcat:startDate': `${first}-01-01`,
          'dcat:endDate': `${last}-12-31`,
        },
      }),
    // DCAT 3 (DCAT-AP 3) and DCAT-AP 2 name the version differently.
    'dcat:version': data.version,
    'owl:versionInfo': data.version,
    ...common,
    'dcat:distribution': distributions,
  };
}

/** `/datos/catalogo.jsonld` */
export function catalogueAnswer(
  site: SiteContext,
  data: PublishedFiles,
  operations: readonly ApiOperation[],
): PreparedResponse {
  const context = catalogueContext(site, data);
  const distributions = [
    ...data.files.map((file) => csvDistribution(context, file)),
    ...operations.map((operation) => apiDistribution(context, operation)),
  ];
  const document = {
    '@context': CONTEXT,
    '@id': context.catalogue,
    '@type': 'dcat:Catalog',
    'dct:title': inEach((texts) => texts.siteName),
    'dct:description': inEach((texts) => texts.home.description),
    'dct:publisher': publisherOf(context.home),
    'foaf:homepage': id(context.home),
    'dct:language': LANGUAGE_IRIS,
    'dct:license': LICENCE,
    'dcat:themeTaxonomy': [id(`${EU}data-theme`), id('http://datos.gob.es/kos/sector-publico/sector')],
    ...context.dates,
    'dcat:dataset': datasetOf(context, site, data, distributions),
  };
  const body = Buffer.from(JSON.stringify(document), 'utf8');
  return prepareBytes(200, body, pageKind(JSON_LD_CONTENT_TYPE, CACHE.revalidate), {
    etag: true,
    effort: 'data',
  });
}
