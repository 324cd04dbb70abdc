import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_SERVER_SETTINGS, resolveServeConfig } from '../../src/config/index.js';
import { apiErrors } from '../../src/domain/api-messages.js';
import type { RunningServer } from '../../src/server.js';
import { startTestServer } from '../support/server.js';
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

const FORM = `name=Ane+Garcia+Lopez&company=${encodeURIComponent(SCHOOL)}`;

/** A request from the given local address (every 127.x.y.z is this machine on Linux). */
function send(
  base: string,
  path: string,
  from: string,
  method: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Answer> {
  return new Promise((done, fail) => {
    const req = request(`${base}${path}`, { method, localAddress: from, agent: false, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      res.on('end', () => done({ status: res.statusCode!, headers: res.headers, text }));
    });
    req.on('error', fail);
    req.end(body);
  });
}

const get = (base: string, path: string, from = '127.0.0.1', method = 'GET', headers = {}) =>
  send(base, path, from, method, headers);
const post = (base: string, form: string, from: string) =>
  send(base, '/buscar', from, 'POST', { 'content-type': 'application/x-www-form-urlencoded' }, form);

async function serverWith(
  fixture: StoreFixture,
  rateLimitParticipants: number,
  trustProxyHops = 0,
): Promise<RunningServer> {
  return startTestServer(() => fixture.openReadStore(), {
    pollIntervalMs: 1000,
    rateLimitParticipants,
    trustProxyHops,
  });
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

describe('the participant search limit (RATE_LIMIT_PARTICIPANTS)', () => {
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
    expect((await get(server.url, SEARCH, '127.0.0.5')).status).toBe(429);
    for (const path of [
      '/api/ping',
      '/api/years',
      '/api/statistics?year=2024',
      '/api/companies',
      '/buscar',
    ]) {
      for (let i = 0; i < LIMIT * 3; i++) expect((await get(server.url, path, '127.0.0.5')).status).toBe(200);
    }
  });

  it('counts the web form with the API, and refuses the form with a Spanish page', async () => {
    const from = '127.0.0.7';
    expect((await post(server.url, FORM, from)).status).toBe(200);
    for (let i = 1; i < LIMIT; i++) expect((await get(server.url, SEARCH, from)).status).toBe(200);
    const refused = await post(server.url, FORM, from);
    expect(refused.status).toBe(429);
    expect(refused.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.text).toContain(apiErrors.rateLimited.text);
    expect((await get(server.url, SEARCH, from)).status).toBe(429);
  });

  it('ignores X-Forwarded-For unless proxies are trusted', async () => {
    const from = '127.0.0.8';
    for (let i = 0; i < LIMIT; i++)
      await get(server.url, SEARCH, from, 'GET', { 'x-forwarded-for': `10.0.0.${i}` });
    expect((await get(server.url, SEARCH, from, 'GET', { 'x-forwarded-for': '10.0.1.1' })).status).toBe(429);
  });
});

describe('behind a trusted reverse proxy (TRUST_PROXY_HOPS=1)', () => {
  it('counts the address the proxy saw, not the proxy’s, nor what the client wrote', async () => {
    const server = await serverWith(fixture, LIMIT, 1);
    try {
      const proxy = '127.0.0.9';
      // The client wrote `6.6.6.6`; the proxy appended the address it saw.
      const via = (client: string) => ({ 'x-forwarded-for': `6.6.6.6, ${client}` });
      for (let i = 0; i < LIMIT; i++)
        expect((await get(server.url, SEARCH, proxy, 'GET', via('10.1.1.1'))).status).toBe(200);
      expect((await get(server.url, SEARCH, proxy, 'GET', via('10.1.1.1'))).status).toBe(429);
      expect((await get(server.url, SEARCH, proxy, 'GET', via('10.1.1.2'))).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe('with the defaults', () => {
  it(`answers a burst of ${DEFAULT_SERVER_SETTINGS.rateLimitParticipants} searches from one address, then 429`, async () => {
    const server = await serverWith(fixture, DEFAULT_SERVER_SETTINGS.rateLimitParticipants);
    try {
      const statuses = await Promise.all(
        Array.from({ length: DEFAULT_SERVER_SETTINGS.rateLimitParticipants }, () =>
          get(server.url, SEARCH, '127.0.0.10').then((answer) => answer.status),
        ),
      );
      expect(statuses.every((status) => status === 200)).toBe(true);
      expect((await get(server.url, SEARCH, '127.0.0.10')).status).toBe(429);
    } finally {
      await server.close();
    }
  });
});

describe('with RATE_LIMIT_PARTICIPANTS=0', () => {
  it('enforces no limit', async () => {
    const server = await serverWith(fixture, 0);
    try {
      for (let i = 0; i < 50; i++) expect((await get(server.url, SEARCH, '127.0.0.6')).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe('the serve setting', () => {
  it('is on by default, read from the option or the environment', () => {
    expect(resolveServeConfig({}, {}).rateLimitParticipants).toBe(30);
    expect(resolveServeConfig({}, {}).trustProxyHops).toBe(0);
    expect(resolveServeConfig({}, { TRUST_PROXY_HOPS: '2' }).trustProxyHops).toBe(2);
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
