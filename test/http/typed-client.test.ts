/**
 * The typed client's example (clients/typescript/example.ts) runs as the README says, against
 * a server on the demo data that `npm start` serves, and prints the years and a ranking.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteLocation } from '../../src/config/index.js';
import { loadDemo } from '../../src/cli/commands/demo.js';
import { DEFAULT_DEMO_OPTIONS } from '../../src/demo/index.js';
import { openReadStore } from '../../src/store/open-store.js';
import { REPO_ROOT } from '../support/cli.js';
import { startTestServer, type TestServer } from '../support/server.js';

const run = promisify(execFile);

describe('the typed client example, against the demo data', () => {
  let dir: string;
  let server: TestServer;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tamborrada-client-'));
    const location = sqliteLocation(join(dir, 'tamborrada.db'));
    await loadDemo(DEFAULT_DEMO_OPTIONS, location);
    server = await startTestServer(() => openReadStore(location), { pollIntervalMs: 60_000 });
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('prints the published years, then the top first names of the latest with their counts', async () => {
    const { years } = (await server.get('/api/years')).body as { years: string[] };
    const latest = years[0]!;
    const { stats } = (await server.get(`/api/category?year=${latest}&category=topNamesByYear`)).body as {
      stats: [{ public_data: { name: string; count: number }[] }];
    };
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'clients/typescript/example.ts'], {
      cwd: REPO_ROOT,
      env: { ...process.env, TAMBORRADA_URL: server.url },
      timeout: 30_000,
    });
    expect(stdout).toBe(
      [
        `Years: ${years.join(', ')}`,
        `Top names of ${latest}:`,
        ...stats[0].public_data.slice(0, 10).map(({ name, count }) => `  ${name}: ${count}`),
        '',
      ].join('\n'),
    );
  });
});
