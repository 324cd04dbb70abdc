import { sqliteLocation } from '../../src/config/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemo } from '../../src/cli/commands/demo.js';
import { apiErrors } from '../../src/domain/api-messages.js';
import type { AddressInfo } from 'node:net';
import { createHttpApp } from '../../src/server.js';
import type { ReadModelFollower } from '../../src/read-model/follower.js';
import { rawHttp, startTestServer, testSettings, type TestServer } from '../support/server.js';
import { pipelined, statusesIn } from '../support/raw-http.js';
import { createSqliteFixture } from '../support/store-fixture.js';

/** Headers that differ between two answers for reasons of the connection, not of the answer. */
function comparable(headers: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => !['date', 'connection', 'keep-alive'].includes(name)),
  );
}

describe('the dispatcher', () => {
  let fixture: Awaited<ReturnType<typeof createSqliteFixture>>;
  let server: TestServer;
  let url: string;
  let search: string;
  let etag: string;

  beforeAll(async () => {
    fixture = await createSqliteFixture();
    await loadDemo({ seed: 5, scale: 0.02 }, sqliteLocation(fixture.path));
    // Forty children found by one search: an answer over 1 KB, compressed when accepted.
    await fixture.insertParticipants(
      Array.from({ length: 40 }, (_, k) => ({
        name: `${['Ane', 'Irune', 'Maite', 'Udane', 'Jone', 'Leire', 'Aroene', 'Nahikare'][k % 8]} Zubiaurre Lasa`,
        school: 'Ikastola Zubiaurre',
        year: 2010 + (k % 15),
      })),
    );
    server = await startTestServer(() => fixture.openReadStore(), { pollIntervalMs: 60_000 });
    url = server.url;
    search = new URLSearchParams({ name: 'e Zubiaurre Lasa', company: 'Ikastola Zubiaurre' }).toString();
    etag = (await rawHttp(`${url}/api/statistics?year=2024`, 'GET')).headers.etag as string;
  });

  afterAll(async () => {
    await server?.close();
    await fixture?.dispose();
  });

  it('answers every kind of request to an operation with the spec’s status', async () => {
    const requests: [string, Record<string, string>][] = [
      ['/api/ping', {}],
      ['/api/years', {}],
      ['/api/statistics?year=2024', {}],
      ['/api/statistics?year=2024', { 'accept-encoding': 'gzip, br' }],
      ['/api/statistics?year=2024', { 'accept-encoding': 'gzip' }],
      ['/api/statistics?year=2024', { 'if-none-match': etag }],
      ['/api/statistics?year=x&year=2024', {}],
      ['/api/statistics', {}],
      ['/api/statistics?year=1999', {}],
      ['/api/category?category=intro&year=2024&extra=1', {}],
      ['/api/category?year=2024', {}],
      ['/api/companies', { 'accept-encoding': 'br' }],
      ['/api/participants?name=a%20b%20c&company=x', {}],
      ['/api/participants?name[]=x&company=1', {}],
      ['/api/participants?name=a%20b', {}],
      [`/api/participants?${search}`, {}],
      [`/api/participants?${search}`, { 'accept-encoding': 'gzip' }],
    ];
    const statuses: number[] = [];
    const sizes: number[] = [];
    for (const [path, headers] of requests) {
      const answer = await rawHttp(url + path, 'GET', headers);
      statuses.push(answer.status);
      if (path.includes(search)) sizes.push(answer.body.length);
    }
    expect(statuses).toEqual([
      200, 200, 200, 200, 200, 304, 404, 404, 404, 200, 400, 200, 500, 400, 400, 200, 200,
    ]);
    // The search answer is large enough to be compressed, and was compressed when asked.
    expect(sizes[0]).toBeGreaterThan(1024);
    expect(sizes[1]).toBeLessThan(sizes[0]!);
    // The spec's texts, not a schema validator's: the documented routes never validate.
    expect(JSON.parse((await rawHttp(`${url}/api/category?year=2024`, 'GET')).body.toString())).toEqual({
      error: apiErrors.categoryParamsRequired.text,
    });
  });

  it('gives an encoded path and HEAD the same answer as a plain GET; a trailing slash is another path', async () => {
    const plain = await rawHttp(`${url}/api/statistics?year=2024`, 'GET');
    const encodedPath = await rawHttp(`${url}/api/st%61tistics?year=2024`, 'GET');
    expect(encodedPath.status).toBe(200);
    expect(encodedPath.body.equals(plain.body)).toBe(true);
    const head = await rawHttp(`${url}/api/statistics?year=2024`, 'HEAD');
    expect(comparable(head.headers)).toEqual(comparable(plain.headers));
    expect(head.body.length).toBe(0);
    const trailingSlash = await rawHttp(`${url}/api/years/`, 'GET');
    expect([trailingSlash.status, JSON.parse(trailingSlash.body.toString())]).toEqual([
      404,
      { error: apiErrors.routeNotFound.text },
    ]);
  });
  it('an answer remembered by URL lasts only as long as the data it came from', async () => {
    const path = '/api/statistics?year=2024';
    const before = await rawHttp(url + path, 'GET');
    expect((await rawHttp(url + path, 'GET')).body.equals(before.body)).toBe(true);
    await fixture.setUpdating(true);
    await server.sync();
    try {
      expect((await rawHttp(url + path, 'GET')).body.toString()).toBe('{"isUpdating":true}');
    } finally {
      await fixture.setUpdating(false);
      await server.sync();
    }
    expect((await rawHttp(url + path, 'GET')).body.equals(before.body)).toBe(true);
  });

  it('answers written together each reach their own request', async () => {
    const paths = [
      ...['2018', '2019', '2020', '2021', '2022', '2023', '2024', 'global'].map(
        (year) => `/api/statistics?year=${year}`,
      ),
      '/api/category?year=2024&category=intro',
      '/api/category?year=2023&category=intro',
      `/api/participants?${search}`,
      '/api/participants?name=Nadie%20Nunca%20Jamas&company=x',
      '/api/years',
      '/api/companies',
      '/api/ping',
    ];
    const expected = await Promise.all(paths.map(async (path) => (await rawHttp(url + path, 'GET')).body));
    // Many at once: they are read in the same turn of the event loop and written in one batch.
    const rounds = await Promise.all(
      Array.from({ length: 8 }, () => Promise.all(paths.map((path) => rawHttp(url + path, 'GET')))),
    );
    for (const round of rounds) {
      round.forEach((answer, i) =>
        expect([paths[i], answer.body.equals(expected[i]!)]).toEqual([paths[i], true]),
      );
    }
  });

  it('pipelined requests on one connection are answered in order', async () => {
    const paths = ['/api/statistics?year=2024', '/api/ping', '/api/years', '/api/statistics?year=1999'];
    const text = await pipelined(Number(new URL(url).port), paths);
    const statuses = statusesIn(text);
    expect(statuses).toEqual([200, 200, 200, 404]);
    const expectedBodies = await Promise.all(
      paths.map(async (path) => (await rawHttp(url + path, 'GET')).body.toString('latin1')),
    );
    let at = 0;
    for (const body of expectedBodies) {
      at = text.indexOf(body, at);
      expect(at).toBeGreaterThan(-1);
      at += body.length;
    }
  });
});

describe('an operation that throws', () => {
  it('is a JSON 500, and the server keeps answering', async () => {
    let broken = true;
    const follower = {
      get state() {
        if (broken) throw new Error('read model out of order');
        return { kind: 'loading' };
      },
    } as unknown as ReadModelFollower;
    const http = createHttpApp({ source: follower, settings: testSettings(), logger: false });
    await new Promise<void>((listening) => http.listen(0, '127.0.0.1', listening));
    const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    try {
      const failed = await rawHttp(`${url}/api/years`, 'GET');
      expect(failed.status).toBe(500);
      expect(failed.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(JSON.parse(failed.body.toString())).toMatchObject({ error: apiErrors.storeFailure.text });
      expect((await rawHttp(`${url}/api/ping`, 'GET')).status).toBe(200);
      broken = false;
      expect((await rawHttp(`${url}/api/years`, 'GET')).status).toBe(500);
    } finally {
      http.closeAllConnections();
      await new Promise((closed) => http.close(closed));
    }
  });
});
