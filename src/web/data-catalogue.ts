import type { PreparedResponse } from '../answer/answer.js';
import { API_PATHS, OPEN_DATA_PATHS, ORIGINAL_WORK_URL } from './layout.js';
import { inEach, LANGUAGES, LOCALES } from './locale.js';
import { jsonFile, type DescribedFile, type PublishedFiles } from './data-package.js';
import { downloadPath } from './open-data.js';
import type { SiteContext } from './site-context.js';
import type { Texts } from './texts/es.js';

/**
 * The open data as the DCAT-AP catalogue (JSON-LD) Spain's national portal harvests (DCAT-AP-ES 1.0.0, DCAT-AP 3;
 * docs/decisions.md), its context written in it so that reading it needs no other document.
 */

/** The JSON-LD media type (no charset: JSON-LD is UTF-8). */
export const JSON_LD_CONTENT_TYPE = 'application/ld+json';

const EU = 'http://publications.europa.eu/resource/authority/';
const IANA = 'https://www.iana.org/assignments/media-types/';

const CONTEXT = {
  dcat: 'http://www.w3.org/ns/dcat#',
  dcatap: 'http://data.europa.eu/r5r/',
  dct: 'http://purl.org/dc/terms/',
  foaf: 'http://xmlns.com/foaf/0.1/',
  owl: 'http://www.w3.org/2002/07/owl#',
  vcard: 'http://www.w3.org/2006/vcard/ns#',
  xsd: 'http://www.w3.org/2001/XMLSchema#',
  'dct:title': { '@container': '@language' },
  'dct:description': { '@container': '@language' },
  'dcat:keyword': { '@container': '@language' },
  'foaf:name': { '@container': '@language' },
  'vcard:fn': { '@container': '@language' },
  'vcard:organization-name': { '@container': '@language' },
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
  participantSearch?: boolean;
}

/** The catalogue's words for each operation (src/web/texts/), by its `operationId`. */
type ApiOperationId = keyof Texts['meta']['apiOperations'];

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
const PUBLIC = id(`${EU}access-right/PUBLIC`);
/** Every file stays at its address while the site runs (DCAT-AP 3's planned availability). */
const STABLE = id(`${EU}planned-availability/STABLE`);
const LANGUAGE_IRIS = [id(`${EU}language/SPA`), id(`${EU}language/EUS`)];
/** Donostia / San Sebastián (GeoNames), and Gipuzkoa as the NTI's list of Spain's territories writes it. */
const SPATIAL = [
  id('https://sws.geonames.org/3110044/'),
  id('http://datos.gob.es/recurso/sector-publico/territorio/Provincia/Guipuzcoa'),
];
/** The API's description: OpenAPI 3.1 (src/http/openapi.ts). */
const OPENAPI = id('https://spec.openapis.org/oas/v3.1.0');
/** Spain's public bodies by their DIR3 code, as the national portal names a publisher. */
const DIR3_ORGANISM = 'http://datos.gob.es/recurso/sector-publico/org/Organismo/';
/** Who made the original work: one person (the publisher types of ADMS). */
const CREATOR = {
  '@id': 'https://github.com/ramistodev',
  '@type': 'foaf:Agent',
  'foaf:name': { es: 'RamistoDev' },
  'dct:identifier': 'https://github.com/ramistodev',
  'dct:type': id('http://purl.org/adms/publishertype/PrivateIndividual(s)'),
};

/** The addresses and facts every part of the catalogue shares. */
function catalogueContext(site: SiteContext, data: PublishedFiles, dir3: string | undefined) {
  const catalogue = site.origin + OPEN_DATA_PATHS.catalogue;
  const home = `${site.origin}/`;
  const first = site.published[0];
  // Issued: the first edition's first day (a recompute does not move it); modified: the data's date.
  const dates = {
    ...(first !== undefined && { 'dct:issued': `${first}-01-01` }),
    ...(data.date !== undefined && { 'dct:modified': data.date }),
  };
  // The public body of the DIR3 code, by its IRI as the portal knows it; else this site (no publisher there).
  const siteAgent = { '@id': home, '@type': 'foaf:Agent', 'foaf:name': inEach((texts) => texts.siteName) };
  return {
    origin: site.origin,
    catalogue,
    dataset: `${catalogue}#datos`,
    home,
    publisher: dir3 === undefined ? siteAgent : id(DIR3_ORGANISM + dir3),
    contactPoint: {
      '@type': 'vcard:Organization',
      'vcard:fn': inEach((texts) => texts.siteName),
      'vcard:organization-name': inEach((texts) => texts.siteName),
      'vcard:hasUID': id(home),
      'vcard:hasURL': id(site.origin + LOCALES.es.paths.about),
    },
    /** What each distribution shares with the dataset: licence, availability and dates. */
    common: { 'dct:license': LICENCE, 'dcatap:availability': STABLE, ...dates },
    dates,
  };
}

type CatalogueContext = ReturnType<typeof catalogueContext>;

/** A CSV file: downloaded at its address; its columns described by the data package. */
function csvDistribution({ origin, catalogue, common }: CatalogueContext, file: DescribedFile) {
  const url = id(origin + downloadPath(file.file));
  // A file without a summary of its own is described by its title.
  const description = Object.fromEntries(
    LANGUAGES.map((language) => [language, plain(file.description[language] ?? file.title[language])]),
  );
  return {
    '@id': `${catalogue}#${file.name}`,
    '@type': 'dcat:Distribution',
    'dct:title': file.title,
    'dct:description': description,
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

const serviceId = (catalogue: string, operation: ApiOperation) =>
  `${catalogue}#servicio-${operation.operationId}`;
const serviceTitle = (operation: ApiOperation) =>
  inEach((texts) => `${texts.meta.apiName}: ${operation.path}`);
const operationText = (operation: ApiOperation) =>
  inEach((texts) => texts.meta.apiOperations[operation.operationId as ApiOperationId]);
/** Swagger UI's deep link to the operation. */
const referenceOf = (origin: string, operation: ApiOperation) =>
  id(`${origin}${API_PATHS.apiDocs}#/${operation.tag}/${operation.operationId}`);
/** Whether an operation serves the open data: all but the search of children and the health check. */
const servesOpenData = (operation: ApiOperation) =>
  operation.tag !== 'health' && operation.participantSearch !== true;

/** An operation of the API as a data service: the dataset it serves, if it serves the open data. */
function dataService(context: CatalogueContext, operation: ApiOperation) {
  const { origin, catalogue, dataset, publisher, contactPoint } = context;
  const openData = servesOpenData(operation);
  return {
    '@id': serviceId(catalogue, operation),
    '@type': 'dcat:DataService',
    'dct:title': serviceTitle(operation),
    'dct:description': operationText(operation),
    'dcat:keyword': inEach((texts) => texts.meta.keywords),
    'dcat:theme': THEMES,
    'dct:publisher': publisher,
    'dcat:contactPoint': contactPoint,
    'dcat:endpointURL': id(origin + operation.path),
    'dcat:endpointDescription': id(origin + API_PATHS.openApi),
    'dct:conformsTo': OPENAPI,
    'foaf:page': referenceOf(origin, operation),
    'dct:accessRights': PUBLIC,
    // What a participant search or the ping answers is no open data: no licence to reuse it.
    ...(openData && { 'dct:license': LICENCE, 'dcat:servesDataset': id(dataset) }),
  };
}

/** An operation of the API that serves the open data, as a distribution of the dataset through its service. */
function apiDistribution(context: CatalogueContext, operation: ApiOperation) {
  const { origin, catalogue, common } = context;
  return {
    '@id': `${catalogue}#api-${operation.operationId}`,
    '@type': 'dcat:Distribution',
    'dct:title': serviceTitle(operation),
    'dct:description': operationText(operation),
    'dcat:accessURL': referenceOf(origin, operation),
    'dcat:accessService': id(serviceId(catalogue, operation)),
    'dcat:mediaType': id(`${IANA}application/json`),
    'dct:format': id(`${EU}file-type/JSON`),
    'dct:conformsTo': id(origin + API_PATHS.openApi),
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
  const { dataset, home, publisher, contactPoint } = context;
  const [first, last] = [site.published[0], site.published.at(-1)];
  return {
    '@id': dataset,
    '@type': 'dcat:Dataset',
    'dct:identifier': dataset,
    'dct:title': inEach((texts) => texts.meta.datasetName),
    'dct:description': inEach((texts) => texts.meta.datasetDescription),
    'dcat:keyword': inEach((texts) => texts.meta.keywords),
    'dcat:theme': THEMES,
    'dct:publisher': publisher,
    'dct:creator': CREATOR,
    'dct:source': id(ORIGINAL_WORK_URL),
    'dcat:contactPoint': contactPoint,
    'dcat:landingPage': id(home),
    'dct:language': LANGUAGE_IRIS,
    'dct:accessRights': PUBLIC,
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
    ...context.dates,
    'dct:license': LICENCE,
    'dcat:distribution': distributions,
  };
}

/** `/datos/catalogo.jsonld`; `dir3`: the publisher's DIR3 code (`PUBLISHER_DIR3`). */
export function catalogueAnswer(
  site: SiteContext,
  data: PublishedFiles,
  operations: readonly ApiOperation[],
  dir3: string | undefined,
): PreparedResponse {
  const context = catalogueContext(site, data, dir3);
  const distributions = [
    ...data.files.map((file) => csvDistribution(context, file)),
    ...operations.filter(servesOpenData).map((operation) => apiDistribution(context, operation)),
  ];
  const document = {
    '@context': CONTEXT,
    '@id': context.catalogue,
    '@type': 'dcat:Catalog',
    'dct:title': inEach((texts) => texts.siteName),
    'dct:description': inEach((texts) => texts.home.description),
    'dct:publisher': context.publisher,
    'foaf:homepage': id(context.home),
    'dct:language': LANGUAGE_IRIS,
    'dct:license': LICENCE,
    'dct:spatial': SPATIAL,
    'dcat:themeTaxonomy': [id(`${EU}data-theme`), id('http://datos.gob.es/kos/sector-publico/sector')],
    ...context.dates,
    'dcat:dataset': datasetOf(context, site, data, distributions),
    'dcat:service': operations.map((operation) => dataService(context, operation)),
  };
  return jsonFile(document, JSON_LD_CONTENT_TYPE);
}
