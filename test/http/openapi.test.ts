import { Validator } from '@seriousme/openapi-schema-validator';
import { sqliteLocation } from '../../src/config/index.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemo } from '../../src/cli/commands/demo.js';
import { CATEGORY_IDS } from '../../src/domain/categories.js';
import { apiErrors, PING_MESSAGE } from '../../src/domain/api-messages.js';
import type { RunningServer } from '../../src/server.js';
import { startTestServer } from '../support/server.js';
import { SqliteStore } from '../../src/store/sqlite-store.js';
import { createSqliteFixture, type StoreFixture } from '../support/store-fixture.js';

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, { get?: Operation }>;
  components: { schemas: Record<string, unknown> };
}
interface Operation {
  operationId: string;
  parameters?: { name: string; in: string; required: boolean }[];
  responses: Record<string, DocumentedResponse>;
}
interface DocumentedResponse {
  headers?: Record<string, { schema: object }>;
  content?: Record<string, { schema: object; examples?: Record<string, { value: unknown }> }>;
}

const OPERATIONS = [
  '/api/ping',
  '/api/years',
  '/api/statistics',
  '/api/category',
  '/api/companies',
  '/api/participants',
];

/** Headers whose presence and value the document must describe, response by response. */
const DOCUMENTED_HEADERS = [
  'cache-control',
  'etag',
  'vary',
  'content-encoding',
  'access-control-allow-origin',
  'retry-after',
];

async function serve(openStore: () => Promise<SqliteStore>, searchBudgets = false) {
  return startTestServer(openStore, { pollIntervalMs: 60_000, searchBudgets });
}

describe('the OpenAPI document and the live answers', () => {
  let fixture: StoreFixture & { path: string };
  let empty: StoreFixture;
  let demo: RunningServer;
  let emptyServer: RunningServer;
  let brokenServer: RunningServer;
  let limitedServer: RunningServer;
  let document: OpenApiDocument;
  let ajv: Ajv2020;
  /** A stored participant: [name, school]. */
  let participant: [string, string];

  beforeAll(async () => {
    fixture = await createSqliteFixture();
    await loadDemo({ seed: 3, scale: 0.05 }, sqliteLocation(fixture.path));
    const db = new Database(fixture.path, { readonly: true });
    participant = db
      .prepare("SELECT name, school FROM participants WHERE name LIKE '% % %' ORDER BY id LIMIT 1")
      .raw()
      .get() as [string, string];
    db.close();
    empty = await createSqliteFixture();
    const read = (store: StoreFixture) => () => store.openReadStore() as Promise<SqliteStore>;
    [demo, emptyServer, brokenServer, limitedServer] = await Promise.all([
      serve(read(fixture)),
      serve(read(empty)),
      serve(() => Promise.reject(new Error('SQLITE_CANTOPEN: unable to open database file'))),
      serve(read(fixture), true),
    ]);
    document = (await (await fetch(`${demo.url}/api/openapi.json`)).json()) as OpenApiDocument;
    ajv = new Ajv2020({ strict: false, validateSchema: false, allErrors: true });
    ajv.addSchema(document, 'openapi.json');
  });

  afterAll(async () => {
    await Promise.all([demo, emptyServer, brokenServer, limitedServer].map((server) => server?.close()));
    await fixture?.dispose();
    await empty?.dispose();
  });

  /** The schema of one documented response body, compiled against the whole document. */
  function bodyValidator(path: string, status: string) {
    const pointer = `openapi.json#/paths/${path.replace(/\//g, '~1')}/get/responses/${status}/content/application~1json/schema`;
    return ajv.getSchema(pointer) ?? ajv.compile({ $ref: pointer });
  }

  /** Fetches, then checks status, body and headers against the document. */
  async function expectDocumented(
    server: RunningServer,
    pathAndQuery: string,
    status: number,
    init: RequestInit = {},
  ): Promise<unknown> {
    const response = await fetch(server.url + pathAndQuery, init);
    const text = await response.text();
    expect(response.status, `${pathAndQuery}: ${text}`).toBe(status);
    const path = pathAndQuery.split('?')[0]!;
    const documented = document.paths[path]?.get?.responses[String(status)];
    expect(documented, `${path} ${status} is documented`).toBeDefined();

    for (const name of DOCUMENTED_HEADERS) {
      const value = response.headers.get(name);
      if (value === null) continue;
      const header = Object.entries(documented!.headers ?? {}).find(([key]) => key.toLowerCase() === name);
      expect(header, `${path} ${status}: header ${name} is documented`).toBeDefined();
      const validate = ajv.compile(header![1].schema);
      const typed = /^[0-9]+$/.test(value) ? Number(value) : value;
      expect(validate(typed), `${path} ${status}: ${name}: ${value} ${ajv.errorsText(validate.errors)}`).toBe(
        true,
      );
    }
    expect(response.headers.get('cache-control'), 'every answer says how to cache it').not.toBeNull();

    if (status === 304) {
      expect(text).toBe('');
      expect(documented!.content).toBeUndefined();
      return undefined;
    }
    const body = JSON.parse(text) as unknown;
    const validate = bodyValidator(path, String(status));
    expect(validate(body), `${pathAndQuery} ${status}: ${ajv.errorsText(validate.errors)}`).toBe(true);
    return body;
  }

  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document) as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('describes the six operations, and only them', () => {
    expect(Object.keys(document.paths).sort()).toEqual([...OPERATIONS].sort());
    for (const path of OPERATIONS) expect(Object.keys(document.paths[path]!)).toEqual(['get']);
    const parameters = (path: string) =>
      (document.paths[path]!.get!.parameters ?? [])
        .filter((parameter) => parameter.in === 'query')
        .map(({ name, required }) => [name, required]);
    expect(parameters('/api/statistics')).toEqual([['year', true]]);
    expect(parameters('/api/category')).toEqual([
      ['year', true],
      ['category', true],
    ]);
    expect(parameters('/api/participants')).toEqual([
      ['name', true],
      ['company', true],
    ]);
    expect(parameters('/api/years')).toEqual([]);
  });

  it('documents every answer with a valid example, each error under its status in the catalogue', () => {
    const documentedTexts = new Set<string>();
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [status, response] of Object.entries(item.get!.responses)) {
        if (status === '304') continue;
        const media = response.content?.['application/json'];
        expect(media?.examples, `${path} ${status} has examples`).toBeDefined();
        for (const [name, example] of Object.entries(media!.examples!)) {
          const validate = bodyValidator(path, status);
          expect(validate(example.value), `example ${name} of ${path} ${status}`).toBe(true);
          const text = (example.value as { error?: string }).error;
          if (text === undefined) continue;
          // An error that lists the valid years starts with its catalogue text.
          const entry = apiErrors[name as keyof typeof apiErrors];
          expect(entry, `example ${name} of ${path} is named as in the catalogue`).toBeDefined();
          expect([name, Number(status), text.startsWith(entry.text)]).toEqual([name, entry.status, true]);
          documentedTexts.add(entry.text);
        }
      }
    }
    const specErrors = [
      apiErrors.categoryParamsRequired,
      apiErrors.invalidCategory,
      apiErrors.yearFormatCategory,
      apiErrors.categoryInvalidYear,
      apiErrors.yearRequired,
      apiErrors.yearFormatStatistics,
      apiErrors.statisticsInvalidYear,
      apiErrors.noYears,
      apiErrors.noCompanies,
      apiErrors.participantParamsRequired,
      apiErrors.nameTooShort,
      apiErrors.noParticipants,
      apiErrors.storeFailure,
    ];
    for (const error of specErrors) expect(documentedTexts).toContain(error.text);
    expect(JSON.stringify(document.paths['/api/ping'])).toContain(PING_MESSAGE);
  });

  it('the statistics 200 is one of the normal answer or exactly {isUpdating: true}', () => {
    const validate = bodyValidator('/api/statistics', '200');
    expect(validate({ isUpdating: true })).toBe(true);
    expect(validate({ isUpdating: true, year: '2024' })).toBe(false);
    expect(validate({ isUpdating: false })).toBe(false);
  });

  it('ping', async () => {
    await expectDocumented(demo, '/api/ping', 200);
    await expectDocumented(brokenServer, '/api/ping', 200);
  });

  it('years: 200, 304, 404 without years, 500 when the store fails', async () => {
    const etag = (await fetch(`${demo.url}/api/years`)).headers.get('etag')!;
    await expectDocumented(demo, '/api/years', 200);
    await expectDocumented(demo, '/api/years', 304, { headers: { 'if-none-match': etag } });
    await expectDocumented(emptyServer, '/api/years', 404);
    await expectDocumented(brokenServer, '/api/years', 500);
  });

  it('statistics: every year, compressed or not, the spec errors, the updating answer', async () => {
    const { years } = (await expectDocumented(demo, '/api/years', 200)) as { years: string[] };
    for (const year of years) {
      await expectDocumented(demo, `/api/statistics?year=${year}`, 200);
      await expectDocumented(demo, `/api/statistics?year=${year}`, 200, {
        headers: { 'accept-encoding': 'br' },
      });
    }
    for (const query of ['', '?year=', '?year=24', '?year=GLOBAL', '?year=1999', '?year=2021'])
      await expectDocumented(demo, `/api/statistics${query}`, 404);
    await expectDocumented(brokenServer, '/api/statistics?year=2024', 500);

    await fixture.setUpdating(true);
    await demo.follower.refresh();
    try {
      const body = await expectDocumented(demo, '/api/statistics?year=2024', 200);
      expect(body).toEqual({ isUpdating: true });
    } finally {
      await fixture.setUpdating(false);
      await demo.follower.refresh();
    }
  });

  it('category: every stored record, each 400 of the spec, 404 for a missing row, 500', async () => {
    const { years } = (await expectDocumented(demo, '/api/years', 200)) as { years: string[] };
    let found = 0;
    let missing = 0;
    for (const year of years) {
      for (const category of CATEGORY_IDS) {
        const path = `/api/category?year=${year}&category=${category}`;
        const status = (await fetch(demo.url + path, { method: 'HEAD' })).status;
        await expectDocumented(demo, path, status);
        if (status === 200) found++;
        else missing++;
      }
    }
    expect(found).toBeGreaterThan(50);
    expect(missing).toBeGreaterThan(0);
    await expectDocumented(demo, '/api/category?year=2024&category=topNames', 404);
    for (const query of [
      '?year=2024',
      '?category=topNames',
      '?year=2024&category=nope',
      '?year=24&category=topNames',
      '?year=1999&category=topNames',
    ])
      await expectDocumented(demo, `/api/category${query}`, 400);
    await expectDocumented(brokenServer, '/api/category?year=2024&category=intro', 500);
  });

  it('companies: 200, 304, 404 without participants, 500', async () => {
    const etag = (await fetch(`${demo.url}/api/companies`)).headers.get('etag')!;
    await expectDocumented(demo, '/api/companies', 200, { headers: { 'accept-encoding': 'gzip' } });
    await expectDocumented(demo, '/api/companies', 304, { headers: { 'if-none-match': etag } });
    await expectDocumented(emptyServer, '/api/companies', 404);
    await expectDocumented(brokenServer, '/api/companies', 500);
  });

  it('participants: 200, each 400, 500 when nothing matches, 500 when the store fails, 429', async () => {
    const [name, school] = participant;
    const query = `?name=${encodeURIComponent(name)}&company=${encodeURIComponent(school)}`;
    const body = (await expectDocumented(demo, `/api/participants${query}`, 200)) as {
      participants: unknown[];
    };
    expect(body.participants.length).toBeGreaterThan(0);
    for (const bad of [
      '',
      `?name=${encodeURIComponent(name)}`,
      `?name=Ane&company=${encodeURIComponent(school)}`,
    ])
      await expectDocumented(demo, `/api/participants${bad}`, 400);
    const nobodyPath = `/api/participants?name=Zzz%20Zzz%20Zzz&company=${encodeURIComponent(school)}`;
    const nobody = (await expectDocumented(demo, nobodyPath, 500)) as { error: string };
    expect(nobody).toEqual({ error: apiErrors.noParticipants.text });
    await expectDocumented(brokenServer, `/api/participants${query}`, 500);

    await expectDocumented(limitedServer, `/api/participants${query}`, 200);
    // Searches that find nobody spend the client's budget for the school (a few units in a small school).
    while ((await fetch(limitedServer.url + nobodyPath)).status !== 429);
    await expectDocumented(limitedServer, `/api/participants${query}`, 429);
  });

  it('the document is served with an ETag, and the reference page works offline', async () => {
    const first = await fetch(`${demo.url}/api/openapi.json`);
    expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"/);
    expect((await fetch(`${demo.url}/api/openapi.json`, { headers: { 'if-none-match': etag } })).status).toBe(
      304,
    );

    const page = await fetch(`${demo.url}/api/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toBe("default-src 'none'; frame-ancestors 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    const html = await page.text();
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(assets.length).toBeGreaterThanOrEqual(5);
    for (const asset of assets) {
      expect(asset, 'served by this server, not a CDN').not.toMatch(/^(?:https?:)?\/\//);
      const answer = await fetch(new URL(asset, `${demo.url}/api/docs`));
      expect(answer.status, asset).toBe(200);
      // Every file carries the security headers, with its own type, and revalidates by ETag.
      expect(answer.headers.get('x-content-type-options'), asset).toBe('nosniff');
      expect(answer.headers.get('referrer-policy'), asset).toBe('no-referrer');
      expect(answer.headers.get('etag'), asset).toMatch(/^"/);
      expect(answer.headers.get('cache-control'), asset).toBe('no-cache');
    }
    const start = await (await fetch(`${demo.url}/api/docs/start-reference.js`)).text();
    expect(start).toContain("url: 'openapi.json'");
    expect(start).toContain('validatorUrl: null');
  });

  it('a query on a reference file changes nothing (no redirect)', async () => {
    for (const path of ['/api/docs?x=1', '/api/docs/swagger-ui.css?x=1', '/api/openapi.json?x=1']) {
      const answer = await fetch(demo.url + path, { redirect: 'manual' });
      expect([path, answer.status]).toEqual([path, 200]);
    }
  });

  it('404 and 405 still answer the spec JSON around the extra routes', async () => {
    for (const path of ['/api/docs/static/index.html', '/api/openapi', '/api/docs/nope', '/api/docs/']) {
      const answer = await fetch(demo.url + path);
      expect([path, answer.status, await answer.json()]).toEqual([
        path,
        404,
        { error: apiErrors.routeNotFound.text },
      ]);
    }
    for (const path of ['/api/openapi.json', '/api/docs', '/api/docs/swagger-ui.css', '/api/years']) {
      const answer = await fetch(demo.url + path, { method: 'POST' });
      expect([path, answer.status, answer.headers.get('allow')]).toEqual([path, 405, 'GET, HEAD']);
      expect(await answer.json()).toEqual({ error: apiErrors.methodNotAllowed.text });
    }
  });
});
