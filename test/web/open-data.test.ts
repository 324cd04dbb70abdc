/**
 * What a data portal, a spreadsheet and a harvester read of the open data, over HTTP on the
 * demo data: the data package lists every CSV file the pages link to, each file answers as
 * its Table Schema says, and the package is valid under the Data Package v2 profile; the
 * DCAT-AP catalogue is JSON-LD with the properties DCAT-AP asks for, one distribution per
 * CSV file and per API operation, each address answering; the pages link both.
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

const PUBLIC_URL = 'https://tamborrada.example.org';

interface Field {
  name: string;
  type: string;
  title: string;
  'title@eu': string;
  description: string;
}
interface Resource {
  name: string;
  path: string;
  bytes: number;
  hash: string;
  title: string;
  'title@eu': string;
  schema: { fields: Field[] };
}
interface DataPackage {
  version: string;
  created: string;
  licenses: { name: string }[];
  resources: Resource[];
}

let site: DemoSite;
let dataPackage: DataPackage;

beforeAll(async () => {
  site = await startDemoSite({ scale: 0.05, publicUrl: PUBLIC_URL });
  dataPackage = (await (await get(OPEN_DATA_PATHS.dataPackage)).json()) as DataPackage;
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
        const fields = resource.schema.fields;
        expect(header).toEqual(fields.map((field) => field.name));
        for (const field of fields) {
          types.add(field.type);
          expect(field.title.toLowerCase()).toBe(field.name.toLowerCase());
          expect(field['title@eu']).toBeTruthy();
          expect(field.description).toContain(resource.title);
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
      const names = dataPackage.resources.filter((resource) => resource.path.startsWith('nombres-'));
      expect(names.length).toBeGreaterThan(0);
      for (const resource of names)
        expect(resource.schema.fields.map((field) => field.type)).toEqual([
          'integer',
          'integer',
          'integer',
          'number',
        ]);
    },
    WHOLE_SITE_MS,
  );

  it('is valid under the Data Package v2 profile', () => {
    const profile = JSON.parse(
      readFileSync(new URL('../support/profiles/datapackage-2.0.json', import.meta.url), 'utf8'),
    ) as object;
    // The profile's `textarea` is a hint for editors, not a format to check.
    const ajv = addFormats.default(new Ajv({ strict: false, allErrors: true })).addFormat('textarea', true);
    const validate = ajv.compile(profile);
    expect(validate(dataPackage) ? [] : validate.errors).toEqual([]);
    // The profile does hold a package to it: a field of a type Table Schema lacks fails.
    const broken = structuredClone(dataPackage);
    broken.resources[0]!.schema.fields[0]!.type = 'count';
    expect(validate(broken)).toBe(false);
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

describe('the DCAT-AP catalogue', () => {
  let catalogue: Node;
  let dataset: Node;

  beforeAll(async () => {
    const answer = await get(OPEN_DATA_PATHS.catalogue);
    expect([answer.status, answer.headers.get('content-type')]).toEqual([200, 'application/ld+json']);
    // Its context is inline: nothing is fetched (a loader that refuses every address proves it).
    const refuse = (url: string) => Promise.reject(new Error(`would fetch ${url}`));
    const expanded = (await jsonld.expand((await answer.json()) as object, {
      documentLoader: refuse,
    })) as Node[];
    catalogue = expanded.find((node) => node['@type']?.includes(`${DCAT}Catalog`)) ?? {};
    [dataset = {}] = nodes(catalogue, `${DCAT}dataset`);
  });

  it("has DCAT-AP's mandatory and recommended properties, in Spanish and Basque", () => {
    expect(catalogue['@type']).toEqual([`${DCAT}Catalog`]);
    expect(dataset['@type']).toEqual([`${DCAT}Dataset`]);
    for (const node of [catalogue, dataset]) {
      for (const property of ['title', 'description'])
        expect(Object.keys(languages(node, DCT + property)).sort()).toEqual(['es', 'eu']);
      expect(values(node, `${DCT}license`)).toEqual([
        'http://publications.europa.eu/resource/authority/licence/CC_BYSA_4_0',
      ]);
      expect(nodes(node, `${DCT}publisher`)).toHaveLength(1);
      // The day the statistics were computed, the package's `created` to the day.
      expect(values(node, `${DCT}issued`)).toEqual([dataPackage.created.slice(0, 10)]);
      expect(values(node, `${DCT}modified`)).toEqual([dataPackage.created.slice(0, 10)]);
    }
    expect(values(dataset, `${DCAT}theme`)).toContain(
      'http://publications.europa.eu/resource/authority/data-theme/EDUC',
    );
    expect(values(dataset, `${DCAT}version`)).toEqual([dataPackage.version]);
    expect(values(dataset, `${DCT}accrualPeriodicity`)).toEqual([
      'http://publications.europa.eu/resource/authority/frequency/ANNUAL',
    ]);
  });

  it(
    'has one distribution per CSV file and per API operation, and every address answers 200',
    async () => {
      const distributions = nodes(dataset, `${DCAT}distribution`);
      for (const distribution of distributions)
        expect(Object.keys(languages(distribution, `${DCT}title`)).sort()).toEqual(['es', 'eu']);
      const downloads = distributions.flatMap((node) => values(node, `${DCAT}downloadURL`)) as string[];
      expect(downloads.sort()).toEqual(
        dataPackage.resources.map((resource) => `${PUBLIC_URL}/datos/${resource.path}`).sort(),
      );
      const endpoints = distributions.flatMap((node) =>
        nodes(node, `${DCAT}accessService`).flatMap((service) => values(service, `${DCAT}endpointURL`)),
      );
      expect(endpoints).toEqual(OPERATIONS.map((operation) => PUBLIC_URL + operation.path));
      expect(distributions).toHaveLength(dataPackage.resources.length + OPERATIONS.length);
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
