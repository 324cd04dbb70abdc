/**
 * The typed client's example (clients/typescript/example.ts) runs as the README says, against
 * a server on the demo data that `npm start` serves, and prints the years and a ranking.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/cli.js';
import { startDemoSite, type DemoSite } from '../support/demo-site.js';

const run = promisify(execFile);

describe('the typed client example, against the demo data', () => {
  let site: DemoSite;

  beforeAll(async () => {
    site = await startDemoSite({ webPages: false });
  }, 120_000);

  afterAll(() => site?.close());

  it('prints the published years, then the top first names of the latest with their counts', async () => {
    const { years } = (await site.server.get('/api/years')).body as { years: string[] };
    const latest = years[0]!;
    const { stats } = (await site.server.get(`/api/category?year=${latest}&category=topNamesByYear`))
      .body as {
      stats: [{ public_data: { name: string; count: number }[] }];
    };
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'clients/typescript/example.ts'], {
      cwd: REPO_ROOT,
      env: { ...process.env, TAMBORRADA_URL: site.server.url },
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
