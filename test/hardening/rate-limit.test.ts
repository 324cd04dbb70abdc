import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, resolveServeConfig } from '../../src/config/index.js';
import type { RunningServer } from '../../src/server.js';
import { startLoopbackServer } from '../support/server.js';
import { seedPublishedYears } from '../support/dataset.js';
import { createSqliteFixture, type StoreFixture } from '../support/store-fixture.js';
import { SECURITY_HEADERS } from './support.js';

const SCHOOL = 'Ikastola Txori Berri';
const SEARCH = `/api/participants?name=Ane%20Garcia%20Lopez&company=${encodeURIComponent(SCHOOL)}`;
const MISS = `/api/participants?name=Nadie%20Nada%20Nunca&company=${encodeURIComponent(SCHOOL)}`;
const LIMIT = 3;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** A GET from the given local address (every 127.x.y.z is this machine on Linux). */
function get(base: string, path: string, from = '127.0.0.1', method = 'GET'): Promise<Answer> {
  return new Promise((done, fail) => {
    const req = request(`${base}${path}`, { method, localAddress: from, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      res.on('end', () => done({ status: res.statusCode!, headers: res.headers, text }));
    });
    req.on('error', fail);
    req.end();
  });
}

async function serverWith(fixture: StoreFixture, rateLimitParticipants?: number): Promise<RunningServer> {
  return startLoopbackServer(() => fixture.openReadStore(), 1000, { rateLimitParticipants });
}

let fixture: StoreFixture;
beforeAll(async () => {
  fixture = await createSqliteFixture();
  await seedPublishedYears(fixture);
  await fixture.insertParticipants([{ name: 'Ane Garcia Lopez', school: SCHOOL, year: 2024 }]);
});
afterAll(async () => {
  await fixture?.dispose();
});

describe('participant search rate limit (RATE_LIMIT_PARTICIPANTS)', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await serverWith(fixture, LIMIT);
  });
  afterAll(async () => {
    await server?.close();
  });

  it(`answers ${LIMIT} searches a minute per address, then 429 in Spanish with Retry-After`, async () => {
    const from = '127.0.0.2';
    expect((await get(server.url, SEARCH, from)).status).toBe(200);
    expect((await get(server.url, MISS, from)).status).toBe(500);
    expect((await get(server.url, SEARCH, from, 'HEAD')).status).toBe(200);
    const refused = await get(server.url, SEARCH, from);
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.text)).toEqual({
      error:
        'Demasiadas búsquedas de participantes desde esta dirección. Espera un minuto antes de volver a intentarlo',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(refused.headers).toMatchObject({
      ...SECURITY_HEADERS,
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'access-control-allow-origin': '*',
    });
    // Only the 429 says anything about the limit.
    expect(Object.keys(refused.headers).filter((name) => name.startsWith('x-ratelimit'))).toEqual([]);
  });

  it('counts each client address on its own', async () => {
    for (let i = 0; i < LIMIT; i++) expect((await get(server.url, SEARCH, '127.0.0.3')).status).toBe(200);
    expect((await get(server.url, SEARCH, '127.0.0.3')).status).toBe(429);
    expect((await get(server.url, SEARCH, '127.0.0.4')).status).toBe(200);
  });

  it('leaves the other operations alone', async () => {
    for (let i = 0; i <= LIMIT; i++) await get(server.url, SEARCH, '127.0.0.5');
    for (const path of ['/api/ping', '/api/years', '/api/statistics?year=2024', '/api/companies']) {
      for (let i = 0; i < LIMIT * 3; i++) expect((await get(server.url, path, '127.0.0.5')).status).toBe(200);
    }
    // Routes that run an onRequest hook: only the searches (the API's, and the web page's posted form).
    const limited: string[] = [];
    let route = '';
    for (const line of server.app.printRoutes({ includeHooks: true, commonPrefix: false }).split('\n')) {
      const name = /([\w/.:-]+ \((?:GET|HEAD|POST)\))/.exec(line);
      // Printed relative to the tree's root (`/` itself is a page).
      if (name) route = name[1]!.replace(/^\//, '');
      else if (line.includes('(onRequest)')) limited.push(route);
    }
    expect(limited.sort()).toEqual(['api/participants (GET)', 'api/participants (HEAD)', 'buscar (POST)']);
  });
});

describe('without RATE_LIMIT_PARTICIPANTS', () => {
  it('enforces no limit (the spec sets none)', async () => {
    const server = await serverWith(fixture);
    try {
      for (let i = 0; i < 50; i++) expect((await get(server.url, SEARCH, '127.0.0.6')).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe('the serve setting', () => {
  it('is off by default, read from the option or the environment', () => {
    expect(resolveServeConfig({}, {}).rateLimitParticipants).toBe(0);
    expect(resolveServeConfig({}, { RATE_LIMIT_PARTICIPANTS: '0' }).rateLimitParticipants).toBe(0);
    expect(resolveServeConfig({}, { RATE_LIMIT_PARTICIPANTS: '30' }).rateLimitParticipants).toBe(30);
    expect(
      resolveServeConfig({ rateLimitParticipants: '10' }, { RATE_LIMIT_PARTICIPANTS: '30' })
        .rateLimitParticipants,
    ).toBe(10);
  });

  it('refuses what is not a whole number', () => {
    expect(() => resolveServeConfig({}, { RATE_LIMIT_PARTICIPANTS: 'many' })).toThrow(ConfigError);
    expect(() => resolveServeConfig({ rateLimitParticipants: '-1' }, {})).toThrow(
      /--rate-limit-participants must be an integer of at least 0/,
    );
  });
});
