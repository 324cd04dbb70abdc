import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/server.js';
import { startTestServer } from '../support/server.js';
import { seedPublishedYears } from '../support/dataset.js';
import { createSqliteFixture, type StoreFixture } from '../support/store-fixture.js';
import { getRequest, rawRequest } from '../support/raw-http.js';

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  method?: string;
  route?: string | null;
  url?: string;
  status?: number;
  responseTime?: number;
}

/** A server logging JSON lines into memory, as `serve` logs to stdout. */
async function loggedServer(fixture: StoreFixture, level: string, corsOrigin = '*') {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  const server = await startTestServer(() => fixture.openReadStore(), {
    pollIntervalMs: 60_000,
    logger: pino({ level }, sink),
    metrics: { host: '127.0.0.1', port: 0 },
    corsOrigin,
  });
  return { server, lines };
}

/** onResponse runs when the answer has been handed to the socket: wait for the lines. */
async function requestLines(lines: string[], count: number): Promise<LogLine[]> {
  for (let i = 0; i < 100; i++) {
    const found = lines.map((line) => JSON.parse(line) as LogLine).filter((line) => line.msg === 'request');
    if (found.length >= count) return found;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`expected ${count} request lines, got:\n${lines.join('\n')}`);
}

describe('request logs', () => {
  let fixture: StoreFixture;
  let info: { server: RunningServer; lines: string[] };
  let warn: { server: RunningServer; lines: string[] };

  beforeAll(async () => {
    fixture = await createSqliteFixture();
    await seedPublishedYears(fixture);
    await fixture.insertParticipants([{ name: 'Ane Garcia Lopez', school: 'Ikastola', year: 2024 }]);
    [info, warn] = await Promise.all([loggedServer(fixture, 'info'), loggedServer(fixture, 'warn')]);
  });

  afterAll(async () => {
    await info?.server.close();
    await warn?.server.close();
    await fixture?.dispose();
  });

  it('one JSON line per request: id, method, route, redacted URL, status, time; never a search value', async () => {
    const { server, lines } = info;
    const before = lines.length;
    const requests: [string, string][] = [
      ['GET', '/api/ping'],
      ['GET', '/api/statistics?year=2024'],
      ['GET', '/api/participants?name=Ane%20Garc%C3%ADa%20L%C3%B3pez&company=Ikastola'],
      ['GET', '/api/participants?company=Ikastola&name=Ane+Garcia+Lopez&name=Ane'],
      ['HEAD', '/api/years'],
      ['GET', '/no/such/path?name=Ane%20Garcia'],
      ['POST', '/api/years'],
      ['GET', '/api/%zz?name=Ane%20Garcia'],
      ['GET', '/nombres?nombre=Ane%20Garcia'],
      ['GET', '/apellidos/garcia'],
    ];
    for (const [method, path] of requests) await fetch(server.url + path, { method });

    const logged = (await requestLines(lines.slice(before), requests.length)).slice(0, requests.length);
    expect(logged.map(({ method, route, url, status }) => [method, route, url, status])).toEqual([
      ['GET', '/api/ping', '/api/ping', 200],
      ['GET', '/api/statistics', '/api/statistics?year=2024', 200],
      ['GET', '/api/participants', '/api/participants?[redacted]', 200],
      ['GET', '/api/participants', '/api/participants?[redacted]', 200],
      ['HEAD', '/api/years', '/api/years', 200],
      ['GET', null, '[unknown path]', 404],
      ['POST', '/api/years', '/api/years', 405],
      ['GET', null, '[unknown path]', 400],
      ['GET', '/nombres', '/nombres?[redacted]', 404],
      ['GET', '/apellidos/:slug', '/apellidos/:slug', 404],
    ]);
    for (const line of logged) {
      expect(line.level).toBe(30);
      expect(line.reqId).toEqual(expect.any(String));
      expect(line.responseTime).toBeGreaterThanOrEqual(0);
    }
    expect(new Set(logged.map((line) => line.reqId)).size).toBe(logged.length);

    const all = lines.join('\n');
    expect(all).not.toMatch(/Garc|L%C3%B3pez|Lopez|Ikastola/);
  });

  it('an answer that cannot be written is logged, and the connection closed', async () => {
    // A CORS value that start-up would refuse: every answer's headers fail to be written.
    const broken = await loggedServer(fixture, 'info', 'https://a.example\r\nX: 1');
    try {
      await expect(fetch(`${broken.server.url}/api/years`)).rejects.toThrow();
      await expect(fetch(`${broken.server.url}/api/years`, { method: 'HEAD' })).rejects.toThrow();
      const failed = broken.lines
        .map((line) => JSON.parse(line) as LogLine & { err?: { code?: string } })
        .filter((line) => line.msg === 'answer could not be written');
      expect(failed.map((line) => [line.level, line.method, line.route, line.err?.code])).toEqual([
        [50, 'GET', '/api/years', 'ERR_INVALID_CHAR'],
        [50, 'HEAD', '/api/years', 'ERR_INVALID_CHAR'],
      ]);
      expect(broken.lines.join('\n')).not.toMatch(/\n\s+at /);
    } finally {
      await broken.server.close();
    }
  });

  it('quieter levels write no request lines', async () => {
    const { server, lines } = warn;
    await fetch(`${server.url}/api/ping`);
    await fetch(`${server.url}/nope`);
    // An answer is counted in the same step that logs it: once both are counted, any line is written.
    for (let counted = false; !counted;) {
      const metrics = await (await fetch(server.metricsUrl!)).text();
      counted = /route="\/api\/ping"/.test(metrics) && /route="unmatched"/.test(metrics);
    }
    expect(lines.filter((line) => line.includes('"msg":"request"'))).toEqual([]);
  });

  it.each(['info', 'debug', 'trace'])(
    'at %s, a name written into an unknown path, a page path, an asset path or a fragment is not logged',
    async (level) => {
      const { server, lines } = await loggedServer(fixture, level);
      try {
        const name = 'Itziar%20Secreto%20Zuloaga';
        const paths = [
          `/api/participantes/${name}`,
          `/estadisticas/${name}`,
          `/recursos/${name}.css`,
          `/${name}?year=2024`,
        ];
        for (const path of paths) await fetch(server.url + path);
        // Browsers never send a fragment: one written by hand reaches the server.
        const port = Number(new URL(server.url).port);
        await rawRequest(port, getRequest(`/api/years#${name}`));
        await rawRequest(port, getRequest(`/estadisticas/2024#${name}`));
        const logged = await requestLines(lines, paths.length + 2);
        expect(logged.map(({ route, url, status }) => [route, url, status])).toEqual([
          [null, '[unknown path]', 404],
          ['/estadisticas/:year', '/estadisticas/:year', 404],
          [null, '[unknown path]', 404],
          [null, '[unknown path]', 404],
          ['/api/years', '/api/years', 200],
          ['/estadisticas/:year', '/estadisticas/2024', 200],
        ]);
        expect(lines.join('\n')).not.toMatch(/Itziar|Secreto|Zuloaga/i);
      } finally {
        await server.close();
      }
    },
  );
});
