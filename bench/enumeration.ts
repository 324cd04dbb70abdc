/**
 * `npm run bench:enumeration`: how many children of one school a single client address can
 * learn through the participant search, the way an attacker who wants the names would go
 * about it, with and without the rate limit.
 *
 * The attack: seed middle words with the public `topSurnames` (global), ask
 * `name=<x> <word> <y>` for every pair of single letters x, y inside the school with the
 * most children, and add every surname of every name it learns as a new middle word, until
 * the words run out or the request budget is spent. The spec's substring rule answers each
 * of these; only the number of requests bounds what is learned.
 *
 * Three figures, on the demo store (scale 1, fictional children):
 * 1. unlimited: the attack with no limit (RATE_LIMIT_PARTICIPANTS=0), to its end;
 * 2. one hour at the defaults: the same attack with the request budget that the default
 *    limit allows one address in an hour (limit × 60 + burst), read from src/config;
 * 3. the default server itself, asked as fast as one client can for ENUM_SECONDS (default
 *    20): how many searches it answered and how many it refused with 429.
 * And the web form (POST /buscar), which shows only exact whole names: the same attack
 * through it, for 2,000 requests.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SETTINGS } from '../src/config/index.js';
import { envNumber } from './http-lib/env.js';
import { freePort } from './http-lib/process.js';
import { CLI, runBenchmark, writeResult } from './http-lib/run.js';

const HOST = '127.0.0.1';
const LETTERS = 'abcdefghijklmnopqrstuvwxyz'.split('');
const CONCURRENCY = 8;
const probeSeconds = envNumber('ENUM_SECONDS', 20);

interface Participant {
  name: string;
  school: string;
  year: number;
}

function run(args: string[], env: NodeJS.ProcessEnv = {}): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, ...env },
    });
    child.on('exit', (code) =>
      code === 0 ? done() : fail(new Error(`tamborrada ${args[0]}: exit ${code}`)),
    );
  });
}

async function serve(dbPath: string, env: NodeJS.ProcessEnv): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [CLI, 'serve', '--db', dbPath, '--host', HOST, '--port', String(port)],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, LOG_LEVEL: 'warn', METRICS_PORT: 'off', ...env },
    },
  );
  const url = `http://${HOST}:${port}`;
  for (let i = 0; i < 600; i++) {
    const ok = await fetch(`${url}/api/years`)
      .then((answer) => answer.ok)
      .catch(() => false);
    if (ok) return { url, child };
    await new Promise((wait) => setTimeout(wait, 100));
  }
  child.kill();
  throw new Error('the server did not start');
}

/** The surnames of a stored name: every word but the first (enough for the next guesses). */
const wordsAfterFirst = (name: string) => name.toLowerCase().split(' ').slice(1);

interface AttackResult {
  requests: number;
  refused: number;
  learned: number;
}

/**
 * The attack, with at most `budget` requests; `ask` returns the names learned from one
 * query (or null when refused).
 */
async function attack(
  seeds: readonly string[],
  budget: number,
  ask: (name: string) => Promise<string[] | null>,
  until: () => boolean = () => false,
): Promise<AttackResult> {
  const words = [...new Set(seeds.map((word) => word.toLowerCase()))];
  const tried = new Set(words);
  const learned = new Set<string>();
  const queue: string[] = [];
  const enqueue = (word: string) => {
    for (const x of LETTERS) for (const y of LETTERS) queue.push(`${x} ${word} ${y}`);
  };
  words.forEach(enqueue);
  let requests = 0;
  let refused = 0;
  const worker = async () => {
    while (requests < budget && queue.length > 0 && !until()) {
      const query = queue.shift()!;
      requests++;
      const names = await ask(query);
      if (names === null) {
        refused++;
        continue;
      }
      for (const name of names) {
        learned.add(name);
        for (const word of wordsAfterFirst(name)) {
          if (tried.has(word)) continue;
          tried.add(word);
          enqueue(word);
        }
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { requests, refused, learned: learned.size };
}

function apiAsker(url: string, school: string) {
  return async (name: string): Promise<string[] | null> => {
    const query = new URLSearchParams({ name, company: school });
    const answer = await fetch(`${url}/api/participants?${query}`);
    if (answer.status === 429) {
      await answer.arrayBuffer();
      return null;
    }
    const body = (await answer.json()) as { participants?: Participant[] };
    return (body.participants ?? []).map((p) => p.name);
  };
}

/** The form's answer is HTML: the names are read from its result rows. */
function formAsker(url: string, school: string, known: ReadonlySet<string>) {
  return async (name: string): Promise<string[] | null> => {
    const answer = await fetch(`${url}/buscar`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ name, company: school }).toString(),
    });
    const html = await answer.text();
    if (answer.status === 429) return null;
    // Any stored name of the school that the page shows counts as learned.
    return [...known].filter((stored) => html.includes(stored));
  };
}

runBenchmark(async () => {
  const started = new Date();
  const dir = mkdtempSync(join(tmpdir(), 'tamborrada-enum-'));
  const dbPath = join(dir, 'demo.db');
  const servers: ChildProcess[] = [];
  try {
    await run(['demo', '--db', dbPath, '--seed', '1', '--scale', '1']);
    const open = await serve(dbPath, { RATE_LIMIT_PARTICIPANTS: '0' });
    servers.push(open.child);

    const companies = ((await (await fetch(`${open.url}/api/companies`)).json()) as { companies: string[] })
      .companies;
    const topSurnames = (await (
      await fetch(`${open.url}/api/category?year=global&category=topSurnames`)
    ).json()) as {
      stats: { public_data: { name: string }[] }[];
    };
    const seeds = topSurnames.stats[0]!.public_data.map((item) => item.name);
    // The school with the most children, and every child of it (the truth, from the store).
    const Database = (await import('better-sqlite3')).default;
    const db = new Database(dbPath, { readonly: true });
    const { school, children } = db
      .prepare(
        'SELECT school, count(DISTINCT name) AS children FROM participants GROUP BY school ORDER BY children DESC LIMIT 1',
      )
      .get() as { school: string; children: number };
    const names = new Set(
      (
        db.prepare('SELECT DISTINCT name FROM participants WHERE school = ?').all(school) as {
          name: string;
        }[]
      ).map((row) => row.name),
    );
    db.close();
    if (!companies.includes(school)) throw new Error(`${school} is not listed`);

    const limit = Number(SETTINGS.rateLimitParticipants.fallback);
    // A burst setting, if the limit has one (its name is the only thing assumed here).
    const burstSetting = Object.values(SETTINGS).find((setting) => /BURST/.test(setting.variable));
    const burst = burstSetting ? Number(burstSetting.fallback) : undefined;
    const hourBudget = limit === 0 ? Infinity : limit * 60 + (typeof burst === 'number' ? burst : 0);

    const t0 = performance.now();
    const unlimited = await attack(seeds, 200_000, apiAsker(open.url, school));
    const unlimitedSeconds = (performance.now() - t0) / 1000;
    const hour = await attack(seeds, hourBudget, apiAsker(open.url, school));
    const form = await attack(seeds, 2000, formAsker(open.url, school, names));
    open.child.kill();

    const defaults = await serve(dbPath, {});
    servers.push(defaults.child);
    const deadline = performance.now() + probeSeconds * 1000;
    const probe = await attack(
      seeds,
      Infinity,
      apiAsker(defaults.url, school),
      () => performance.now() > deadline,
    );
    defaults.child.kill();

    const share = (n: number) => `${n} of ${children} (${((100 * n) / children).toFixed(0)} %)`;
    const lines = [
      `school: the one with the most children (${children}), demo scale 1`,
      `default limit: ${limit} searches a minute per address${typeof burst === 'number' ? `, burst ${burst}` : ''}`,
      `unlimited (RATE_LIMIT_PARTICIPANTS=0): ${share(unlimited.learned)} in ${unlimited.requests} requests, ${unlimitedSeconds.toFixed(1)} s`,
      `one hour at the default limit (${hourBudget} requests): ${share(hour.learned)}`,
      `the default server for ${probeSeconds} s as fast as one client asks: ${probe.requests - probe.refused} answered, ${probe.refused} refused (429), ${share(probe.learned)}`,
      `the web form (exact whole names), 2000 requests: ${share(form.learned)}`,
    ];
    console.log(lines.join('\n'));
    writeResult('enumeration', started, {
      children,
      limit,
      burst,
      hourBudget,
      unlimited,
      unlimitedSeconds,
      hour,
      probe,
      form,
    });
  } finally {
    for (const child of servers) child.kill();
    rmSync(dir, { recursive: true, force: true });
  }
});
