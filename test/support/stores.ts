import { afterAll, beforeAll, describe } from 'vitest';
import { createPostgresFixture } from './postgres-fixture.js';
import { createSqliteFixture, type StoreFixture } from './store-fixture.js';
import { startTestServer, type TestServer } from './server.js';

export interface StoreKind {
  name: string;
  create(): Promise<StoreFixture>;
}

/** Every store the conformance suite runs against. */
export const STORE_KINDS: StoreKind[] = [
  { name: 'sqlite', create: createSqliteFixture },
  { name: 'postgresql', create: createPostgresFixture },
];

export interface Context {
  fixture: StoreFixture;
  server: TestServer;
}

/**
 * Runs a suite once per store: a fresh store filled by `seed` (plain SQL), and
 * the real server over it. `context()` is valid inside tests.
 */
export function describeEachStore(
  title: string,
  seed: (fixture: StoreFixture) => Promise<void>,
  suite: (context: () => Context) => void,
): void {
  for (const kind of STORE_KINDS) describeOne(title, kind, seed, suite);
}

function describeOne(
  title: string,
  kind: StoreKind,
  seed: (fixture: StoreFixture) => Promise<void>,
  suite: (context: () => Context) => void,
): void {
  describe(`${title} [${kind.name}]`, () => {
    let current: Context | undefined;
    beforeAll(async () => {
      const fixture = await kind.create();
      await seed(fixture);
      current = { fixture, server: await startTestServer(() => fixture.openReadStore()) };
    });
    afterAll(async () => {
      await current?.server.close();
      await current?.fixture.dispose();
    });
    suite(() => {
      if (!current) throw new Error('suite context used outside a test');
      return current;
    });
  });
}
