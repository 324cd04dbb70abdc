import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { seedPublishedYears } from '../support/dataset.js';
import { describeEachStore } from '../support/stores.js';
import { rawHttp as raw } from '../support/server.js';

const OPERATIONS = [
  '/api/ping',
  '/api/years',
  '/api/statistics?year=2024',
  '/api/category?year=2024&category=intro',
  '/api/companies',
  '/api/participants?name=Ane%20Garcia%20Lopez&company=Ikastola',
];

describeEachStore(
  'HTTP contract',
  async (fixture) => {
    await seedPublishedYears(fixture);
    await fixture.insertParticipants(
      Array.from({ length: 60 }, (_, i) => ({
        name: `Ane Garcia Lopez${i}`,
        school: 'Ikastola',
        year: 2000 + (i % 25),
      })),
    );
  },
  (context) => {
    // Outside /api an unknown path is the web pages' (test/web/unknown-paths.test.ts).
    it.each(['/api', '/api/ping/', '/api/unknown?year=2024', '/api/PING', '/api/Years'])(
      'unknown path %s → 404 JSON',
      async (path) => {
        const answer = await context().server.get(path);
        expect(answer.status).toBe(404);
        expect(answer.body).toEqual({ error: 'Ruta no encontrada' });
        expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
        expect(answer.headers.get('access-control-allow-origin')).toBe('*');
      },
    );

    it.each(['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'])(
      '%s on a known path → 405 with Allow',
      async (method) => {
        for (const path of OPERATIONS) {
          const answer = await raw(context().server.url + path, method, {
            'content-type': 'application/xml',
          });
          expect(answer.status).toBe(405);
          expect(answer.headers.allow).toBe('GET, HEAD');
          expect(JSON.parse(answer.body.toString())).toEqual({
            error: 'Método no permitido. Esta API solo admite GET y HEAD',
          });
          expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
        }
      },
    );

    it.each(OPERATIONS)('HEAD %s answers like GET without a body', async (path) => {
      const get = await raw(context().server.url + path, 'GET');
      const head = await raw(context().server.url + path, 'HEAD');
      expect(head.status).toBe(get.status);
      expect(head.body.length).toBe(0);
      expect(head.headers['content-type']).toBe(get.headers['content-type']);
      expect(head.headers.etag).toBe(get.headers.etag);
    });

    it.each([...OPERATIONS, '/api/statistics', '/api/category?year=1&category=x', '/api/participants'])(
      '%s: JSON content type, and CORS on every answer but the participant search’s',
      async (path) => {
        const answer = await context().server.get(path);
        expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
        expect(answer.headers.get('access-control-allow-origin')).toBe(
          path.startsWith('/api/participants') ? null : '*',
        );
        expect(answer.body).toBeTypeOf('object');
      },
    );

    it.each([...OPERATIONS, '/api/nope', '/api/statistics?year=x'])(
      '%s: security headers for a JSON API',
      async (path) => {
        const answer = await raw(context().server.url + path, 'GET');
        expect(answer.headers['x-content-type-options']).toBe('nosniff');
        expect(answer.headers['referrer-policy']).toBe('no-referrer');
        expect(answer.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
        expect(answer.headers['x-powered-by']).toBeUndefined();
      },
    );

    it.each([
      ['/api/years', 'public, max-age=86400'],
      ['/api/statistics?year=2024', 'public, max-age=86400'],
      ['/api/category?year=2024&category=intro', 'public, max-age=86400'],
      ['/api/companies', 'public, max-age=604800'],
      ['/api/participants?name=Ane%20Garcia%20Lopez1&company=Ikastola', 'no-store'],
      ['/api/ping', 'no-store'],
      ['/api/statistics?year=1999', 'no-store'],
      ['/nope', 'no-store'],
    ])('%s → Cache-Control %s', async (path, cacheControl) => {
      expect((await context().server.get(path)).headers.get('cache-control')).toBe(cacheControl);
    });

    it.each(OPERATIONS.slice(1))('%s: strong ETag and 304 on If-None-Match', async (path) => {
      const first = await raw(context().server.url + path, 'GET');
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
      const again = await raw(context().server.url + path, 'GET', { 'if-none-match': `"other", ${etag}` });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
      const changed = await raw(context().server.url + path, 'GET', { 'if-none-match': '"other"' });
      expect(changed.status).toBe(200);
    });

    it('errors carry no ETag', async () => {
      expect(
        (await raw(`${context().server.url}/api/statistics?year=1999`, 'GET')).headers.etag,
      ).toBeUndefined();
    });

    it('compresses bodies over 1 KB: brotli preferred, then gzip, by Accept-Encoding', async () => {
      const path = `${context().server.url}/api/participants?name=Ane%20Garcia%20Lopez&company=Ikastola`;
      const plain = await raw(path, 'GET');
      expect(plain.body.length).toBeGreaterThan(1024);
      expect(plain.headers['content-encoding']).toBeUndefined();
      const br = await raw(path, 'GET', { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toBe('Accept-Encoding');
      expect(brotliDecompressSync(br.body)).toEqual(plain.body);
      const gzip = await raw(path, 'GET', { 'accept-encoding': 'gzip, br;q=0' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.body)).toEqual(plain.body);
      expect(gzip.headers.etag).not.toBe(plain.headers.etag);
    });

    it('does not compress small bodies', async () => {
      const answer = await raw(`${context().server.url}/api/years`, 'GET', { 'accept-encoding': 'br, gzip' });
      expect(answer.headers['content-encoding']).toBeUndefined();
    });
  },
);
