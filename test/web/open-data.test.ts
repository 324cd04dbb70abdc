/**
 * What a data portal, a spreadsheet and a harvester read of the open data, over HTTP on the
 * demo data: the data package lists every CSV file the pages link to, the files of one kind
 * share one Table Schema beside it, each file answers as its schema says, and the package is
 * valid under the Data Package v2 profile; the DCAT-AP catalogue is JSON-LD that conforms to
 * the DCAT-AP-ES shapes Spain's national portal harvests with and to DCAT-AP 3's, recommended
 * ones included: one distribution per CSV file and per API operation serving the open data,
 * each address answering, every operation a data service; the pages link both.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { parse } from 'csv-parse/sync';
import jsonld from 'jsonld';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../src/http/operations.js';
import { OPEN_DATA_PATHS } from '../../src/web/layout.js';
import { LOCALES } from '../../src/web/locale.js';
import { CSV_CONTENT_TYPE } from '../../src/web/open-data.js';
import { startDemoSite, type DemoSite } from '../support/demo-site.js';
import { startTestServer } from '../support/server.js';
import { jsonLdQuads, profileShapes, shaclResults, type ShaclResult } from '../support/shacl.js';

const PUBLIC_URL = 'https://tamborrada.example.org';
/** A DIR3 code of the right form (no real body's): the publisher the national portal asks for. */
const SAMPLE_DIR3 = 'L00000000';

interface Field {
  name: string;
  type: string;
  title: string;
  'title@eu': string;
  description: string;
  'description@eu': string;
}
interface Schema {
  fields: Field[];
}
interface Resource {
  name: string;
  path: string;
  bytes: number;
  hash: string;
  title: string;
  'title@eu'?: string;
  /** The path of its Table Schema, beside the package. */
  schema: string;
}
interface DataPackage {
  version: string;
  created: string;
  licenses: { name: string }[];
  resources: Resource[];
}

let site: DemoSite;
let dataPackage: DataPackage;
/** Each schema the package names, by its path. */
let schemas: Map<string, Schema>;

beforeAll(async () => {
  site = await startDemoSite({ scale: 0.05, publicUrl: PUBLIC_URL, publisherDir3: SAMPLE_DIR3 });
  dataPackage = (await (await get(OPEN_DATA_PATHS.dataPackage)).json()) as DataPackage;
  const packageUrl = new URL(site.server.url + OPEN_DATA_PATHS.dataPackage);
  schemas = new Map();
  for (const path of new Set(dataPackage.resources.map((resource) => resource.schema))) {
    const answer = await fetch(new URL(path, packageUrl));
    expect([path, answer.status, answer.headers.get('content-type')]).toEqual([
      path,
      200,
      'application/json; charset=utf-8',
    ]);
    schemas.set(path, (await answer.json()) as Schema);
  }
});

afterAll(async () => {
  await site?.close();
});

const get = (path: string) => fetch(site.server.url + path);
/** An address of the public site, asked of the test server. */
const local = (url: string) => {
  expect(url.startsWith(PUBLIC_URL)).toBe(true);
  return url.slice(PUBLIC_URL.length);
};

/** Whether a CSV cell reads as a value of a Table Schema type; an empty cell is its default missing value. */
const PARSES: Record<string, (cell: string) => boolean> = {
  integer: (cell) => cell === '' || /^-?[0-9]+$/.test(cell),
  number: (cell) => cell === '' || Number.isFinite(Number(cell)),
  string: () => true,
};

/** The column names docs/decisions.md lists: every CSV file's header is made of them. */
const DOCUMENTED_COLUMNS = new Set(
  /The set: ((?:`[a-z_]+`(?:,\s+|\.))+)/
    .exec(readFileSync(new URL('../../docs/decisions.md', import.meta.url), 'utf8'))?.[1]
    ?.match(/[a-z_]+/g),
);

/** For "stuck": these read every page or every file of the site, each made on first request. */
const WHOLE_SITE_MS = 180_000;

/** Every CSV file the pages link to, from every page of the sitemap in Spanish. */
async function linkedCsvFiles(): Promise<Set<string>> {
  const sitemap = await (await get('/sitemap.xml')).text();
  const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)]
    .map((match) => local(match[1]!))
    .filter((path) => !path.startsWith('/eu'));
  const files = new Set<string>();
  for (const page of pages) {
    const html = await (await get(page)).text();
    for (const [, file] of html.matchAll(/href="\/datos\/([^"]+\.csv)"/g))
      files.add(decodeURIComponent(file!));
  }
  return files;
}

describe('the data package', () => {
  it(
    'is served like the CSV files, and lists every CSV file the pages link to',
    async () => {
      const answer = await get(OPEN_DATA_PATHS.dataPackage);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(answer.headers.get('cache-control')).toBe(
        (await get('/datos/2024-topNamesByYear.csv')).headers.get('cache-control'),
      );
      expect(answer.headers.get('etag')).toMatch(/^"/);
      const listed = dataPackage.resources.map((resource) => resource.path);
      expect(new Set(listed).size).toBe(listed.length);
      expect(new Set(listed)).toEqual(await linkedCsvFiles());
      expect(dataPackage.licenses).toEqual([expect.objectContaining({ name: 'CC-BY-SA-4.0' })]);
      expect(dataPackage.version).toMatch(/^2025-[0-9a-f]{10}$/);
      expect(dataPackage.created).toMatch(/^20[0-9]{2}-[01][0-9]-[0-3][0-9]T00:00:00Z$/);
    },
    WHOLE_SITE_MS,
  );

  it(
    'every resource answers as its schema says: its bytes, its header, every value of its declared type',
    async () => {
      // The documented set is the one the schemas explain.
      expect(DOCUMENTED_COLUMNS).toEqual(new Set(Object.keys(LOCALES.es.texts.openData.columns(3))));
      const packageUrl = new URL(site.server.url + OPEN_DATA_PATHS.dataPackage);
      const types = new Set<string>();
      for (const resource of dataPackage.resources) {
        const answer = await fetch(new URL(resource.path, packageUrl));
        expect([resource.path, answer.status]).toEqual([resource.path, 200]);
        expect(answer.headers.get('content-type')).toBe(CSV_CONTENT_TYPE);
        const bytes = Buffer.from(await answer.arrayBuffer());
        expect(bytes.length).toBe(resource.bytes);
        expect(resource.hash).toBe(`sha256:${createHash('sha256').update(bytes).digest('hex')}`);
        const [header, ...rows] = parse(bytes, { bom: true }) as string[][];
        const fields = schemas.get(resource.schema)!.fields;
        expect(header).toEqual(fields.map((field) => field.name));
        for (const field of fields) {
          types.add(field.type);
          // A documented machine name, titled and explained (not its name again) in both languages.
          expect([resource.path, field.name, DOCUMENTED_COLUMNS.has(field.name)]).toEqual([
            resource.path,
            field.name,
            true,
          ]);
          for (const [title, description] of [
            [field.title, field.description],
            [field['title@eu'], field['description@eu']],
          ])
            expect(description!.length).toBeGreaterThan(title!.length + 20);
        }
        // A year's file has its year as its first column, in every row.
        const year = /^([0-9]{4})-/.exec(resource.path)?.[1];
        if (year !== undefined) {
          expect([resource.path, header![0]]).toEqual([resource.path, 'edicion']);
          expect(new Set(rows.map((row) => row[0]))).toEqual(new Set(rows.length === 0 ? [] : [year]));
        }
        for (const row of rows)
          row.forEach((cell, column) => {
            const { type, name } = fields[column]!;
            expect([resource.path, name, cell, PARSES[type]!(cell)]).toEqual([
              resource.path,
              name,
              cell,
              true,
            ]);
          });
      }
      expect([...types].sort()).toEqual(['integer', 'number', 'string']);
      // A name's file, its withheld editions empty: its counts still integers, its shares numbers.
      const names = dataPackage.resources.filter(
        (resource) => resource.path.startsWith('nombres-') && !resource.path.includes('-por-edicion'),
      );
      expect(names.length).toBeGreaterThan(0);
      for (const resource of names)
        expect(schemas.get(resource.schema)!.fields.map((field) => field.type)).toEqual([
          'integer',
          'integer',
          'integer',
          'number',
        ]);
    },
    WHOLE_SITE_MS,
  );

  it('shares one Table Schema between the files of one kind: the name files, one per kind of name', () => {
    expect(schemas.size).toBeLessThan(dataPackage.resources.length / 5);
    const schemaOf = (prefix: string) =>
      new Set(
        dataPackage.resources
          .filter((resource) => resource.path.startsWith(prefix) && !resource.path.includes('-por-edicion'))
          .map((resource) => resource.schema),
      );
    expect([...schemaOf('nombres-')]).toEqual(['esquema-nombres.json']);
    expect([...schemaOf('apellidos-')]).toEqual(['esquema-apellidos.json']);
  });

  it('is valid under the Data Package v2 profile, as served and with its schemas in it', () => {
    const profile = JSON.parse(
      readFileSync(new URL('../support/profiles/datapackage-2.0.json', import.meta.url), 'utf8'),
    ) as object;
    // The profile's `textarea` is a hint for editors, not a format to check.
    const ajv = addFormats.default(new Ajv({ strict: false, allErrors: true })).addFormat('textarea', true);
    const validate = ajv.compile(profile);
    expect(validate(dataPackage) ? [] : validate.errors).toEqual([]);
    // Each schema file is held to the profile's Table Schema too: as if written in the package.
    const inline = {
      ...dataPackage,
      resources: dataPackage.resources.map((resource) => ({
        ...resource,
        schema: structuredClone(schemas.get(resource.schema)!),
      })),
    };
    expect(validate(inline) ? [] : validate.errors).toEqual([]);
    // The profile does hold a package to it: a field of a type Table Schema lacks fails.
    inline.resources[0]!.schema.fields[0]!.type = 'count';
    expect(validate(inline)).toBe(false);
  });
});

const DCAT = 'http://www.w3.org/ns/dcat#';
const DCT = 'http://purl.org/dc/terms/';
type Node = Record<string, unknown[] | string | undefined>;
/** The values of a property of an expanded node: `@id`s, else `@value`s. */
const values = (node: Node, property: string) =>
  ((node[property] ?? []) as { '@id'?: string; '@value'?: unknown }[]).map(
    (value) => value['@id'] ?? value['@value'],
  );
/** A language map, from an expanded property. */
const languages = (node: Node, property: string) =>
  Object.fromEntries(
    ((node[property] ?? []) as { '@value': string; '@language': string }[]).map((value) => [
      value['@language'],
      value['@value'],
    ]),
  );
const nodes = (node: Node, property: string) => (node[property] ?? []) as Node[];

const EU = 'http://publications.europa.eu/resource/authority/';

/** The catalogue as served, its context inline: nothing is fetched (a loader that refuses every address proves it). */
async function catalogueOf(baseUrl: string): Promise<{ document: object; catalogue: Node }> {
  const answer = await fetch(baseUrl + OPEN_DATA_PATHS.catalogue);
  expect([answer.status, answer.headers.get('content-type')]).toEqual([200, 'application/ld+json']);
  const document = (await answer.json()) as object;
  const refuse = (url: string) => Promise.reject(new Error(`would fetch ${url}`));
  const expanded = (await jsonld.expand(document, { documentLoader: refuse })) as Node[];
  return { document, catalogue: expanded.find((node) => node['@type']?.includes(`${DCAT}Catalog`)) ?? {} };
}

/**
 * The catalogue with one CSV distribution of each kind (a year's statistic, an overall one, a
 * school's two files, a first name's, a surname's) and every other node: what the DCAT-AP-ES
 * shapes are run on. Their SHACL-SPARQL constraints cost a query per node, minutes for the
 * whole catalogue; every CSV distribution of a kind is made by one function (and has the same
 * properties, which the test checks), so one stands for the rest.
 */
function oneOfEachKind(document: object): object {
  const copy = structuredClone(document) as { 'dcat:dataset': { 'dcat:distribution': { '@id': string }[] } };
  const kindOf = (address: string) =>
    address
      .replace(/#[0-9]{4}-/, '#year-')
      .replace(/#companias-.+-(participantes|nombres)$/, '#companias-$1')
      .replace(/#(nombres|apellidos)-.+$/, '#$1');
  const kinds = new Set<string>();
  const dataset = copy['dcat:dataset'];
  dataset['dcat:distribution'] = dataset['dcat:distribution'].filter((distribution) => {
    const kind = kindOf(distribution['@id']);
    return !kinds.has(kind) && Boolean(kinds.add(kind));
  });
  return copy;
}

/** A report in words: one line per result. */
const said = (results: readonly ShaclResult[]) =>
  results.map(
    (result) =>
      `${result.severity} ${result.path ?? ''} ${result.focus} ${result.value ?? ''}: ${result.message}`,
  );

/**
 * What DCAT-AP-ES recommends that the catalogue cannot say: a telephone and an e-mail address
 * of the contact, the EU law behind high-value datasets (these are none), and a dataset for
 * the search of children and the ping, which serve none.
 */
const UNSAID = new Set([
  'http://www.w3.org/2006/vcard/ns#hasTelephone',
  'http://www.w3.org/2006/vcard/ns#hasEmail',
  'http://www.w3.org/ns/dcat#contactPoint',
  'http://data.europa.eu/r5r/applicableLegislation',
  'http://www.w3.org/ns/dcat#servesDataset',
]);

describe('the DCAT-AP catalogue', () => {
  let document: object;
  let catalogue: Node;
  let dataset: Node;
  let distributions: Node[];
  let services: Node[];

  beforeAll(async () => {
    ({ document, catalogue } = await catalogueOf(site.server.url));
    [dataset = {}] = nodes(catalogue, `${DCAT}dataset`);
    distributions = nodes(dataset, `${DCAT}distribution`);
    services = nodes(catalogue, `${DCAT}service`);
  });

  it("has DCAT-AP's mandatory and recommended properties, in Spanish and Basque", async () => {
    expect(catalogue['@type']).toEqual([`${DCAT}Catalog`]);
    expect(dataset['@type']).toEqual([`${DCAT}Dataset`]);
    const years = ((await (await get('/api/years')).json()) as { years: string[] }).years;
    const first = years.filter((year) => /^[0-9]{4}$/.test(year)).sort()[0];
    for (const node of [catalogue, dataset]) {
      for (const property of ['title', 'description'])
        expect(Object.keys(languages(node, DCT + property)).sort()).toEqual(['es', 'eu']);
      expect(values(node, `${DCT}license`)).toEqual([`${EU}licence/CC_BYSA_4_0`]);
      // The publisher as the national portal names it: the public body of the DIR3 code.
      expect(values(node, `${DCT}publisher`)).toEqual([
        `http://datos.gob.es/recurso/sector-publico/org/Organismo/${SAMPLE_DIR3}`,
      ]);
      expect(values(node, `${DCT}spatial`)).toContain(
        'http://datos.gob.es/recurso/sector-publico/territorio/Provincia/Guipuzcoa',
      );
      // Issued: the first edition's publication, which a recompute does not move; modified: the day the statistics were computed.
      expect(values(node, `${DCT}issued`)).toEqual([`${first}-01-01`]);
      expect(values(node, `${DCT}modified`)).toEqual([dataPackage.created.slice(0, 10)]);
    }
    expect(values(dataset, `${DCAT}theme`)).toContain(`${EU}data-theme/EDUC`);
    expect(values(dataset, `${DCAT}version`)).toEqual([dataPackage.version]);
    expect(values(dataset, `${DCT}accrualPeriodicity`)).toEqual([`${EU}frequency/ANNUAL`]);
    const [contact = {}] = nodes(dataset, `${DCAT}contactPoint`);
    expect(Object.keys(languages(contact, 'http://www.w3.org/2006/vcard/ns#fn')).sort()).toEqual([
      'es',
      'eu',
    ]);
  });

  it(
    'has one distribution per CSV file and per API operation serving the open data, and every address answers 200',
    async () => {
      for (const distribution of distributions) {
        for (const property of ['title', 'description'])
          expect(Object.keys(languages(distribution, DCT + property)).sort()).toEqual(['es', 'eu']);
        expect(values(distribution, 'http://data.europa.eu/r5r/availability')).toEqual([
          `${EU}planned-availability/STABLE`,
        ]);
      }
      const downloads = distributions.flatMap((node) => values(node, `${DCAT}downloadURL`)) as string[];
      expect(downloads.sort()).toEqual(
        dataPackage.resources.map((resource) => `${PUBLIC_URL}/datos/${resource.path}`).sort(),
      );
      // The search of children and the health check are no open data.
      const openData = OPERATIONS.filter(
        (operation) => !['ping', 'searchParticipants'].includes(operation.operationId),
      );
      const served = distributions.flatMap((node) => values(node, `${DCAT}accessService`));
      expect(served).toEqual(
        openData.map(
          (operation) => `${PUBLIC_URL}${OPEN_DATA_PATHS.catalogue}#servicio-${operation.operationId}`,
        ),
      );
      expect(distributions).toHaveLength(dataPackage.resources.length + openData.length);
      const addresses = new Set(
        distributions.flatMap((node) => [
          ...values(node, `${DCAT}accessURL`),
          ...values(node, `${DCAT}downloadURL`),
        ]),
      );
      for (const address of addresses as Set<string>)
        expect([address, (await get(local(address))).status]).toEqual([address, 200]);
    },
    WHOLE_SITE_MS,
  );

  it('describes every API operation as a data service; the search of children and the ping serve no dataset and license nothing', () => {
    expect(services.flatMap((service) => values(service, `${DCAT}endpointURL`))).toEqual(
      OPERATIONS.map((operation) => PUBLIC_URL + operation.path),
    );
    for (const service of services) {
      expect(Object.keys(languages(service, `${DCT}description`)).sort()).toEqual(['es', 'eu']);
      expect(values(service, `${DCT}publisher`)).toEqual(values(dataset, `${DCT}publisher`));
      expect(values(service, `${DCAT}theme`)).toEqual(values(dataset, `${DCAT}theme`));
    }
    const servingNothing = services.filter((service) => values(service, `${DCAT}servesDataset`).length === 0);
    expect(servingNothing.flatMap((service) => values(service, `${DCAT}endpointURL`))).toEqual([
      `${PUBLIC_URL}/api/ping`,
      `${PUBLIC_URL}/api/participants`,
    ]);
    for (const service of servingNothing) expect(values(service, `${DCT}license`)).toEqual([]);
  });

  it(
    "conforms to DCAT-AP 3's shapes, recommended ones included, and to the DCAT-AP-ES shapes",
    async () => {
      const data = await jsonLdQuads(document);
      // DCAT-AP 3.0.1, the whole catalogue: only the services that serve no dataset lack one.
      const european = await shaclResults(profileShapes('dcat-ap-3.0.1'), data);
      expect(said(european)).toEqual([
        expect.stringMatching(/^Warning http:\/\/www\.w3\.org\/ns\/dcat#servesDataset .*#servicio-ping /),
        expect.stringMatching(
          /^Warning http:\/\/www\.w3\.org\/ns\/dcat#servesDataset .*#servicio-searchParticipants /,
        ),
      ]);
      // Every CSV distribution says the same properties, so one of each kind stands for the rest.
      const csv = distributions.filter((node) => values(node, `${DCAT}downloadURL`).length > 0);
      expect(new Set(csv.map((node) => Object.keys(node).sort().join(' '))).size).toBe(1);
      const spanish = await shaclResults(
        profileShapes('dcat-ap-es-1.0.0'),
        await jsonLdQuads(oneOfEachKind(document)),
      );
      expect(said(spanish.filter((result) => result.severity === 'Violation'))).toEqual([]);
      expect(said(spanish.filter((result) => !UNSAID.has(result.path ?? '')))).toEqual([]);
    },
    WHOLE_SITE_MS,
  );

  it(
    'without a DIR3 code names the site as its publisher, which the DCAT-AP-ES shapes report',
    async () => {
      const server = await startTestServer(() => site.fixture.openReadStore(), { publicUrl: PUBLIC_URL });
      try {
        const { document: withoutCode, catalogue: other } = await catalogueOf(server.url);
        const [publisher = {}] = nodes(other, `${DCT}publisher`);
        expect(publisher['@id']).toBe(`${PUBLIC_URL}/`);
        expect(Object.keys(languages(publisher, 'http://xmlns.com/foaf/0.1/name')).sort()).toEqual([
          'es',
          'eu',
        ]);
        // The test above fails on a violation: this catalogue, otherwise the same, has them.
        const results = await shaclResults(
          profileShapes('dcat-ap-es-1.0.0'),
          await jsonLdQuads(oneOfEachKind(withoutCode)),
        );
        const violations = results.filter((result) => result.severity === 'Violation');
        expect(violations.length).toBeGreaterThan(0);
        expect(new Set(violations.map((result) => result.path))).toEqual(new Set([`${DCT}publisher`]));
      } finally {
        await server.close();
      }
    },
    WHOLE_SITE_MS,
  );
});

describe('where the pages point to them', () => {
  it('the home page names the catalogue in its head, and the about page links both, in each language', async () => {
    for (const { paths } of Object.values(LOCALES)) {
      const home = await (await get(paths.home)).text();
      expect(home).toMatch(
        new RegExp(`<link rel="alternate" type="application/ld\\+json" href="${OPEN_DATA_PATHS.catalogue}"`),
      );
      const about = await (await get(paths.about)).text();
      for (const path of Object.values(OPEN_DATA_PATHS)) expect(about).toContain(`href="${path}"`);
    }
  });
});
