import { sqliteLocation } from '../../src/config/index.js';
import { loadDemo } from '../../src/cli/commands/demo.js';
import { DEFAULT_DEMO_OPTIONS } from '../../src/demo/index.js';
import { startTestServer, type TestServer } from './server.js';
import { createSqliteFixture, type StoreFixture } from './store-fixture.js';

export interface DemoSite {
  fixture: StoreFixture & { path: string };
  server: TestServer;
  close(): Promise<void>;
}

/**
 * The real server over the demo data a newcomer gets from `npm start` (or a smaller
 * scale), with or without the web pages, with the publisher's DIR3 code if given.
 */
export async function startDemoSite({
  webPages = true,
  scale = DEFAULT_DEMO_OPTIONS.scale,
  publicUrl,
  publisherDir3,
}: {
  webPages?: boolean;
  scale?: number;
  publicUrl?: string;
  publisherDir3?: string;
} = {}): Promise<DemoSite> {
  const fixture = await createSqliteFixture();
  await loadDemo({ ...DEFAULT_DEMO_OPTIONS, scale }, sqliteLocation(fixture.path));
  const server = await startTestServer(() => fixture.openReadStore(), {
    pollIntervalMs: 60_000,
    webPages,
    ...(publicUrl === undefined ? {} : { publicUrl }),
    ...(publisherDir3 === undefined ? {} : { publisherDir3 }),
  });
  const close = () => server.close().then(() => fixture.dispose());
  return { fixture, server, close };
}

/** A form posted as a browser posts it. */
export function postForm(url: string, fields: Record<string, string>, init: RequestInit = {}) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    ...init,
  });
}
