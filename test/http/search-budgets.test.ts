/**
 * The search budgets through the real server (docs/security.md, "Search budgets"): what a
 * search reveals is charged, per client and per school, on a clock the test moves; the
 * client is read from `X-Forwarded-For` behind a trusted proxy (every request comes from
 * this machine, as from a proxy).
 */
import { get as httpGet } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, resolveServeConfig } from '../../src/config/index.js';
import { apiErrors } from '../../src/domain/api-messages.js';
import { es as webTexts } from '../../src/web/texts/es.js';
import { eu } from '../../src/web/texts/eu.js';
import { seedPublishedYears } from '../support/dataset.js';
import { startTestServer, type TestServer, type TestServerOptions } from '../support/server.js';
import { createSqliteFixture, type StoreFixture } from '../support/store-fixture.js';
import { SECURITY_HEADERS } from '../support/raw-http.js';

const SCHOOL = 'Ikastola Txori Berri';
const OTHER_SCHOOL = 'Colegio Santa Clara del Mar';
const FIRST = ['Ane', 'Jone', 'June', 'Irune', 'Maite', 'Jon', 'Markel', 'Unai', 'Aimar', 'Oier'];
const SURNAMES = ['Garcia', 'Lopez', 'Etxeberria', 'Zubia', 'Lasa', 'Arana', 'Mendizabal', 'Iriondo'];
/** 200 children of one school: by default a day's allowance of 2 names discovered per client (1 % of them, at least 2), 8 for all (4 %). */
const CHILDREN = Array.from(
  { length: 200 },
  (_, i) => `${FIRST[i % 10]} ${SURNAMES[Math.floor(i / 10) % 8]} ${SURNAMES[Math.floor(i / 80)]}`,
);
/** In the names of the first five children. */
const FIVE_NAMES = 'e garcia garcia';
/** A fragment of one child's name (its last letter dropped): a search for it discovers that child. */
const fragment = (i: number) => CHILDREN[i]!.slice(0, -1);
const MISS = 'Nadie Nada Nunca';

const HOUR = 3_600_000;

const searchPath = (name: string, company = SCHOOL) =>
  `/api/participants?${new URLSearchParams({ name, company }).toString()}`;
const from = (client: string, headers: Record<string, string> = {}) => ({
  headers: { 'x-forwarded-for': `6.6.6.6, ${client}`, ...headers },
});

/** The status of a search for MISS sent from the local address `source`, with `X-Forwarded-For: forwarded`. */
function statusFrom(server: TestServer, source: string, forwarded: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpGet(
      server.url + searchPath(MISS),
      { localAddress: source, headers: { 'x-forwarded-for': forwarded } },
      (answer) => {
        answer.resume();
        answer.on('end', () => resolve(answer.statusCode!));
      },
    );
    request.on('error', reject);
  });
}

let fixture: StoreFixture;
beforeAll(async () => {
  fixture = await createSqliteFixture();
  await seedPublishedYears(fixture);
  await fixture.insertParticipants([
    ...CHILDREN.map((name) => ({ name, school: SCHOOL, year: 2024 })),
    ...CHILDREN.slice(0, 20).map((name) => ({ name, school: OTHER_SCHOOL, year: 2024 })),
  ]);
});
afterAll(async () => {
  await fixture?.dispose();
});

/**
 * A server with the budgets on, behind one trusted proxy, on a clock the test moves; the
 * school's budget (every client together) large, unless a test is about it.
 */
async function budgetedServer(changes: TestServerOptions = {}) {
  let now = 0;
  const server = await startTestServer(() => fixture.openReadStore(), {
    pollIntervalMs: 60_000,
    webPages: true,
    searchBudgets: true,
    searchSchoolShare: 1000,
    trustProxy: ['127.0.0.1'],
    clock: () => now,
    ...changes,
  });
  return { server, advance: (ms: number) => (now += ms) };
}

const post = (server: TestServer, client: string, name: string, company = SCHOOL, path = '/buscar') =>
  fetch(server.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': client },
    body: new URLSearchParams({ name, company }).toString(),
  });

describe('the API search', () => {
  let server: TestServer;
  let advance: (ms: number) => number;
  beforeAll(async () => {
    // 2 % of the children: 4 names a day discovered per client, 2 at once.
    ({ server, advance } = await budgetedServer({ searchClientShare: 2 }));
  });
  afterAll(async () => {
    await server?.close();
  });

  it('one address discovers at most its share of a school: then 429 in Spanish with Retry-After, no CORS', async () => {
    const client = '198.51.100.1';
    // A day's allowance of 4 names it did not type whole, 2 at once.
    for (const i of [0, 1])
      expect((await server.get(searchPath(fragment(i)), from(client))).status).toBe(200);
    const refused = await server.get(searchPath(fragment(2)), from(client));
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: apiErrors.rateLimited.text });
    // 2 names a day refill: one in 12 hours.
    expect(refused.headers.get('retry-after')).toBe(String(0.5 * 86_400));
    expect(Object.fromEntries(refused.headers)).toMatchObject({
      ...SECURITY_HEADERS,
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
    });
    expect(refused.headers.has('access-control-allow-origin')).toBe(false);
    expect([...refused.headers.keys()].filter((name) => name.startsWith('x-ratelimit'))).toEqual([]);
    advance(0.5 * 86_400_000);
    expect((await server.get(searchPath(fragment(2)), from(client))).status).toBe(200);
    expect((await server.get(searchPath(fragment(3)), from(client))).status).toBe(429);
  });

  it('a name typed whole is confirmed without spending what the client may discover', async () => {
    const client = '198.51.100.6';
    for (const name of CHILDREN.slice(100, 120))
      expect((await server.get(searchPath(name), from(client))).status).toBe(200);
    expect((await server.get(searchPath(fragment(120)), from(client))).status).toBe(200);
  });

  it('a search that finds nobody costs one of 10 at that school; names shown before cost nothing', async () => {
    const client = '198.51.100.2';
    for (let i = 0; i < 10; i++) expect((await server.get(searchPath(MISS), from(client))).status).toBe(500);
    // Every miss spent: even a name typed whole waits (the refusal does not depend on the answer).
    expect((await server.get(searchPath(CHILDREN[10]!), from(client))).status).toBe(429);
    const fresh = '198.51.100.12';
    expect((await server.get(searchPath(fragment(11)), from(fresh))).status).toBe(200);
    for (let i = 0; i < 5; i++)
      expect((await server.get(searchPath(fragment(11)), from(fresh))).status).toBe(200);
    expect((await server.get(searchPath(fragment(12)), from(fresh))).status).toBe(200);
    expect((await server.get(searchPath(fragment(13)), from(fresh))).status).toBe(429);
  });

  it('no oracle: an empty budget refuses a hit and a miss alike, before searching', async () => {
    const client = '198.51.100.3';
    for (let i = 0; i < 10; i++) await server.get(searchPath(MISS), from(client));
    const [hit, miss] = [
      await server.get(searchPath(fragment(20)), from(client)),
      await server.get(searchPath(MISS), from(client)),
    ];
    expect([hit.status, hit.text, hit.headers.get('retry-after')]).toEqual([
      miss.status,
      miss.text,
      miss.headers.get('retry-after'),
    ]);
    expect(hit.status).toBe(429);
  });

  it('an answer of more names than the budget holds is refused without a name, and charged as a miss', async () => {
    const client = '198.51.100.4';
    const many = await server.get(searchPath(FIVE_NAMES), from(client));
    expect([many.status, many.body]).toEqual([429, { error: apiErrors.rateLimited.text }]);
    for (const i of [30, 31])
      expect((await server.get(searchPath(fragment(i)), from(client))).status).toBe(200);
    expect((await server.get(searchPath(fragment(32)), from(client))).status).toBe(429);
    // 9 misses are left (counted through the form: the API waits for its discoveries).
    for (let i = 0; i < 9; i++) expect((await post(server, client, MISS)).status).toBe(200);
    expect((await post(server, client, MISS)).status).toBe(429);
  });

  it('invalid requests (400) and the other operations cost nothing', async () => {
    const client = '198.51.100.5';
    for (let i = 0; i < 9; i++) await server.get(searchPath(MISS), from(client)); // 1 left
    for (const path of [
      '/api/participants',
      `/api/participants?name=Ane&company=${SCHOOL}`,
      searchPath('Ane Garcia'),
    ])
      for (let i = 0; i < 20; i++) expect((await server.get(path, from(client))).status).toBe(400);
    for (const path of ['/api/ping', '/api/years', '/api/statistics?year=2024', '/api/companies', '/buscar'])
      for (let i = 0; i < 20; i++) expect((await server.get(path, from(client))).status).toBe(200);
    expect((await server.get(searchPath(MISS), from(client))).status).toBe(500);
    expect((await server.get(searchPath(MISS), from(client))).status).toBe(429);
  });
});

describe('the school, every client together (SEARCH_SCHOOL_SHARE)', () => {
  let server: TestServer;
  beforeAll(async () => {
    // The defaults: 5 % of 200 children, 10 names a day, 5 at once.
    ({ server } = await budgetedServer({ searchSchoolShare: 5 }));
  });
  afterAll(async () => {
    await server?.close();
  });

  it('250 addresses that find nobody, or repeat names shown already, never make it refuse another client', async () => {
    expect((await server.get(searchPath(fragment(150)), from('203.0.113.250'))).status).toBe(200);
    for (let i = 0; i < 250; i++) {
      const client = `198.18.0.${i}`;
      for (let j = 0; j < 3; j++) await server.get(searchPath(MISS), from(client));
      expect((await server.get(searchPath(fragment(150)), from(client))).status).toBe(200);
      expect((await post(server, client, MISS)).status).toBe(200);
    }
    expect((await server.get(searchPath(fragment(151)), from('203.0.113.251'))).status).toBe(200);
    expect((await server.get(searchPath(fragment(152)), from('203.0.113.252'))).status).toBe(200);
  });

  it('many addresses together are shown at most the school’s share', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++)
      statuses.push((await server.get(searchPath(fragment(160 + i)), from(`203.0.113.${i}`))).status);
    // 2 of the 5 at once are left after the test above.
    expect(statuses.filter((status) => status === 200)).toHaveLength(2);
    expect(statuses.slice(2).every((status) => status === 429)).toBe(true);
  });
});

describe('accounts that cannot be read (a shared table out of reach)', () => {
  it('refuse the search with the spec’s 500, never let it through; the rest is served', async () => {
    const unreachable = Object.assign(new Error('connect ECONNREFUSED 10.0.0.9:5432'), {
      code: 'ECONNREFUSED',
    });
    const { server } = await budgetedServer({
      budgetTable: { update: () => Promise.reject(unreachable), close: async () => undefined },
    });
    try {
      const api = await server.get(searchPath(CHILDREN[0]!), from('198.51.100.40'));
      expect(api.status).toBe(500);
      expect(api.body).toMatchObject({ error: apiErrors.storeFailure.text });
      expect(api.text).not.toContain('10.0.0.9');
      expect(api.text).not.toContain('Garcia');
      const form = await post(server, '198.51.100.40', CHILDREN[0]!);
      expect(form.status).toBe(500);
      expect(await form.text()).not.toContain(webTexts.search.found(1, SCHOOL));
      expect((await server.get('/api/companies')).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe('the client', () => {
  const spend = async (server: TestServer, client: string) => {
    for (let i = 0; i < 10; i++) await server.get(searchPath(MISS), from(client));
  };
  const status = async (server: TestServer, client: string) =>
    (await server.get(searchPath(MISS), from(client))).status;

  it('IPv6 addresses count by their /56 (IPV6_CLIENT_PREFIX)', async () => {
    const { server } = await budgetedServer();
    try {
      await spend(server, '2001:db8:aa:bb01::1');
      expect(await status(server, '2001:db8:aa:bbff:1:2:3:4')).toBe(429);
      expect(await status(server, '[2001:db8:aa:bb77::9]:443')).toBe(429);
      expect(await status(server, '2001:db8:aa:bc00::1')).toBe(500);
    } finally {
      await server.close();
    }
    const { server: by64 } = await budgetedServer({ ipv6ClientPrefix: 64 });
    try {
      await spend(by64, '2001:db8:aa:bb01::1');
      expect(await status(by64, '2001:db8:aa:bb01::2')).toBe(429);
      expect(await status(by64, '2001:db8:aa:bbff::1')).toBe(500);
    } finally {
      await by64.close();
    }
  });

  it('a forwarded ip:port is its address, whatever the port; an entry that is no address is the proxy', async () => {
    const { server } = await budgetedServer();
    try {
      await spend(server, '198.51.100.9:50001');
      expect(await status(server, '198.51.100.9:50002')).toBe(429);
      expect(await status(server, '198.51.100.9')).toBe(429);
      await spend(server, 'unknown');
      // The proxy's budget: every client it forwards as `unknown` or as text shares it.
      for (const entry of ['unknown', 'hidden', 'client-1']) expect(await status(server, entry)).toBe(429);
    } finally {
      await server.close();
    }
  });

  it('X-Forwarded-For is ignored unless proxies are trusted', async () => {
    const { server } = await budgetedServer({ trustProxy: [] });
    try {
      for (let i = 0; i < 10; i++) await server.get(searchPath(MISS), from(`10.0.0.${i}`));
      expect(await status(server, '10.0.1.1')).toBe(429);
    } finally {
      await server.close();
    }
  });

  it('a client that reaches the server directly cannot forge its address; the trusted proxy passes its visitors’', async () => {
    // Trusted: 127.0.0.1 (a reverse proxy, or a site calling the API from its own server).
    const { server } = await budgetedServer();
    try {
      for (let i = 0; i < 10; i++)
        expect(await statusFrom(server, '127.0.0.2', `198.51.100.${60 + i}`)).toBe(500);
      // Counted as 127.0.0.2, whatever it wrote.
      expect(await statusFrom(server, '127.0.0.2', '198.51.100.99')).toBe(429);
      // The trusted proxy's visitors: each its own budget, the forger's spent one not among them.
      expect(await status(server, '127.0.0.2')).toBe(429);
      expect(await status(server, '198.51.100.99')).toBe(500);
    } finally {
      await server.close();
    }
  });
});

describe('the web form', () => {
  it('200 families behind one address, each searching its child within 10 minutes, a fifth mistyping first: none refused', async () => {
    const { server, advance } = await budgetedServer();
    try {
      const refused: string[] = [];
      for (const [family, name] of CHILDREN.entries()) {
        advance((10 * 60_000) / CHILDREN.length);
        if (family % 5 === 0) {
          const typo = await post(server, '198.51.100.20', name.replace(/[aeiou]/, ''));
          // A mistype is the plain answer, nobody found.
          expect(typo.status).toBe(200);
          expect(await typo.text()).toContain(webTexts.search.notFound);
        }
        const answer = await post(server, '198.51.100.20', name);
        if (answer.status !== 200 || !(await answer.text()).includes(webTexts.search.found(1, SCHOOL)))
          refused.push(name);
      }
      expect(refused).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('a guesser is refused with the form’s page and Retry-After; no CORS; another school is apart', async () => {
    const { server, advance } = await budgetedServer({ searchClientMisses: 4 });
    try {
      // 4 misses a day, 2 at once.
      for (let i = 0; i < 2; i++) expect((await post(server, '198.51.100.21', MISS)).status).toBe(200);
      const refused = await post(server, '198.51.100.21', CHILDREN[0]!);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(refused.headers.get('retry-after')).toBe('43200');
      expect(refused.headers.has('access-control-allow-origin')).toBe(false);
      const page = await refused.text();
      expect(page).toContain(apiErrors.rateLimited.text);
      expect(page).not.toContain(webTexts.search.found(1, SCHOOL));
      // The API shares the client's misses at the school; another school is apart.
      expect((await server.get(searchPath(CHILDREN[0]!), from('198.51.100.21'))).status).toBe(429);
      const elsewhere = await post(server, '198.51.100.21', CHILDREN[0]!, OTHER_SCHOOL);
      expect([elsewhere.status, await elsewhere.text()]).toEqual([
        200,
        expect.stringContaining(webTexts.search.found(1, OTHER_SCHOOL)),
      ]);
      // The Basque form shares the budget, and refuses in Basque.
      const basque = await post(server, '198.51.100.21', CHILDREN[0]!, SCHOOL, '/eu/bilatu');
      expect([basque.status, basque.headers.get('retry-after')]).toEqual([429, '43200']);
      expect(await basque.text()).toContain(eu.search.errors.rateLimited);
      advance(HOUR * 12);
      expect((await post(server, '198.51.100.21', CHILDREN[0]!)).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('POST /buscar/ keeps the search: 308 to /buscar, which the browser posts again', async () => {
    const { server } = await budgetedServer();
    try {
      const body = new URLSearchParams({ name: CHILDREN[0]!, company: SCHOOL }).toString();
      const init = { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body };
      const moved = await fetch(`${server.url}/buscar/`, { ...init, redirect: 'manual' });
      expect([moved.status, moved.headers.get('location')]).toEqual([308, '/buscar']);
      const followed = await fetch(`${server.url}/buscar/`, init);
      expect([followed.status, followed.url]).toEqual([200, `${server.url}/buscar`]);
      expect(await followed.text()).toContain(webTexts.search.found(1, SCHOOL));
      // A GET is still a 301.
      expect((await fetch(`${server.url}/buscar/`, { redirect: 'manual' })).status).toBe(301);
    } finally {
      await server.close();
    }
  });
});

describe('CORS', () => {
  it('none on the search by default; the statistics keep CORS_ORIGIN', async () => {
    const { server } = await budgetedServer();
    try {
      for (const path of [searchPath(CHILDREN[0]!), searchPath(MISS), '/api/participants'])
        expect(
          (await server.get(path, from('198.51.100.30'))).headers.has('access-control-allow-origin'),
        ).toBe(false);
      expect(
        (await post(server, '198.51.100.30', CHILDREN[0]!)).headers.has('access-control-allow-origin'),
      ).toBe(false);
      for (const path of ['/api/statistics?year=2024', '/api/companies', '/api/ping'])
        expect((await server.get(path)).headers.get('access-control-allow-origin')).toBe('*');
    } finally {
      await server.close();
    }
  });

  it('SEARCH_CORS_ORIGIN sets one', async () => {
    const { server } = await budgetedServer({ searchCorsOrigin: 'https://example.org' });
    try {
      const answer = await server.get(searchPath(CHILDREN[0]!), from('198.51.100.31'));
      expect(answer.headers.get('access-control-allow-origin')).toBe('https://example.org');
      expect((await server.get('/api/years')).headers.get('access-control-allow-origin')).toBe('*');
    } finally {
      await server.close();
    }
  });
});

describe('the settings', () => {
  it('are on by default, read from the environment', () => {
    const defaults = resolveServeConfig({}, {});
    expect(defaults).toMatchObject({
      searchBudgets: true,
      searchClientShare: 1,
      searchSchoolShare: 4,
      searchClientMisses: 20,
      ipv6ClientPrefix: 56,
      trustProxy: [],
    });
    expect(defaults.searchCorsOrigin).toBeUndefined();
    expect(
      resolveServeConfig(
        {},
        {
          SEARCH_BUDGETS: 'off',
          SEARCH_CLIENT_SHARE: '3',
          SEARCH_CLIENT_MISSES: '40',
          IPV6_CLIENT_PREFIX: '48',
          SEARCH_CORS_ORIGIN: 'https://example.org',
          TRUST_PROXY: 'loopback, 10.0.0.0/8',
        },
      ),
    ).toMatchObject({
      searchBudgets: false,
      searchClientShare: 3,
      searchClientMisses: 40,
      ipv6ClientPrefix: 48,
      searchCorsOrigin: 'https://example.org',
      trustProxy: ['loopback', '10.0.0.0/8'],
    });
  });

  it.each([
    ['SEARCH_BUDGETS', 'no', /SEARCH_BUDGETS must be 'on' or 'off'/],
    ['SEARCH_CLIENT_SHARE', '0', /SEARCH_CLIENT_SHARE must be a positive integer/],
    ['IPV6_CLIENT_PREFIX', '129', /IPV6_CLIENT_PREFIX must be a prefix length from 1 to 128/],
    ['SEARCH_FORM_FAMILIES', '200', /SEARCH_FORM_FAMILIES is no longer read: .*SEARCH_CLIENT_MISSES/],
    [
      'SEARCH_CORS_ORIGIN',
      'https://a.org, https://b.org',
      /SEARCH_CORS_ORIGIN must be \*, null or an origin/,
    ],
  ])('%s=%s is refused', (variable, value, message) => {
    expect(() => resolveServeConfig({}, { [variable]: value })).toThrow(ConfigError);
    expect(() => resolveServeConfig({}, { [variable]: value })).toThrow(message);
  });
});
