import { freePort } from '../../bench/http-lib/process.js';
import { expect, it } from 'vitest';
import { loadDemo } from '../../src/cli/commands/demo.js';
import { createWorkspace, startCli } from './support.js';

it('serve --workers 2 shares the port between two processes and stops cleanly on SIGTERM', async () => {
  const workspace = createWorkspace();
  await loadDemo({ seed: 3, scale: 0.05 }, workspace.location);
  const port = await freePort();
  const child = startCli(
    ['serve', '--db', workspace.dbPath, '--port', String(port), '--host', '127.0.0.1', '--workers', '2'],
    { env: { METRICS_PORT: 'off' } },
  );
  let log = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (log += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));

  const listening = () => (log.match(/Server listening at http:\/\/127\.0\.0\.1/g) ?? []).length;
  for (let waited = 0; listening() < 2 && waited < 20_000; waited += 100)
    await new Promise((r) => setTimeout(r, 100));
  expect(listening()).toBe(2);

  for (let i = 0; i < 20; i++) {
    const answer = await fetch(`http://127.0.0.1:${port}/api/years`, { headers: { connection: 'close' } });
    expect(answer.status).toBe(200);
  }
  const requestLines = () => log.split('\n').filter((line) => line.includes('"route":"/api/years"'));
  // Log lines are buffered for up to half a second.
  for (let waited = 0; requestLines().length < 20 && waited < 5000; waited += 100) {
    await new Promise((r) => setTimeout(r, 100));
  }
  const servingPids = new Set(requestLines().map((line) => (JSON.parse(line) as { pid: number }).pid));
  expect(servingPids.size).toBe(2);

  child.kill('SIGTERM');
  expect(await exited).toBe(0);
  workspace.remove();
}, 60_000);
