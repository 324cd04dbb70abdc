/**
 * `npm run bench:enumeration`: how many children of one school an attacker learns through
 * the participant search under the default search budgets (docs/security.md), and whether
 * families who share an address are refused.
 *
 * The attacker knows the public lists (`topNames*`, `topSurnames*` of every year) and
 * wants the demo's largest school (784 children at scale 1). Through the API it probes
 * `<end of a first name> <surname> <start of a surname>`, most likely first (the spec's
 * substring rule answers every name holding it), and adds every word of every name it
 * learns; through the web form, which confirms whole names only, it guesses whole names
 * (first name × surname × surname) in order of likelihood. Every address it holds asks
 * as fast as it is answered and waits `Retry-After` when refused.
 *
 * Scenarios: one IPv4 address; one IPv6 /56 (a new address of it per request); 250 IPv4
 * addresses; one address forwarded as `ip:port` (a new port per request) by one trusted
 * proxy; 200 families behind one address, each searching its own child's whole name
 * through the form within 10 minutes, 15 % of attempts mistyped (a letter dropped,
 * swapped or changed), each family trying again up to twice after "nobody found".
 *
 * The attacker's candidates for whole names run out with the public lists; one that holds
 * the full lists of names in use (a statistics office publishes them) would go on. Its
 * yield is computed, not run: how many of the school's names are among the most likely
 * guesses it may make in a day (the form's measured allowance of one address, and 250 times it).
 *
 * A day cannot be run in real time: each scenario drives the real server code in this
 * process (`startServer`, behind one trusted proxy, `X-Forwarded-For` saying the
 * address) on a clock that the benchmark moves as fast as the budgets let the attacker
 * go. The first minute is then run again in real time against the built `serve`
 * (`TRUST_PROXY=127.0.0.1`), and once with `SEARCH_BUDGETS=off` to show what the budgets stop.
 * `ENUM_SECONDS` (default 60) sets the real-time runs' length.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import Database from 'better-sqlite3';
import { sqliteLocation, DEFAULT_SERVER_SETTINGS } from '../src/config/index.js';
import { countNameParts, normalizeName, searchKey } from '../src/domain/names.js';
import { FEMALE_FIRST_NAMES, MALE_FIRST_NAMES, SURNAMES } from '../src/demo/name-pools.js';
import { Random, zipfWeights } from '../src/demo/random.js';
import { startServer } from '../src/server.js';
import { openReadStore } from '../src/store/open-store.js';
import { es as webTexts } from '../src/web/texts/es.js';
import { envNumber } from './http-lib/env.js';
import { freePort, HOST, serverNodeFlags, spawnServer } from './http-lib/process.js';
import { CLI, runBenchmark, writeResult } from './http-lib/run.js';

const realSeconds = envNumber('ENUM_SECONDS', 60);
const MINUTE_S = 60;
const HOUR_S = 3600;
const DAY_S = 86_400;
const CHECKPOINTS_S = [MINUTE_S, HOUR_S, DAY_S];
/** A query refused this many times (an answer of more names than a budget ever holds) is dropped. */
const MAX_TRIES = 3;
const TYPO_CHANCE = 0.15;
const FAMILIES = 200;
const FAMILIES_WINDOW_S = 600;
const RETYPE_S = 20;

type Channel = 'api' | 'form';
type Weights = Map<string, number>;

/** A clock in milliseconds that the simulation reads and waits on. */
interface SimClock {
  now(): number;
  waitUntil(ms: number): Promise<void>;
}

const virtualClock = (): SimClock => {
  let now = 0;
  return {
    now: () => now,
    waitUntil: async (ms) => void (now = Math.max(now, ms)),
  };
};

const realClock = (): SimClock => {
  const started = performance.now();
  return {
    now: () => performance.now() - started,
    waitUntil: (ms) =>
      new Promise((wake) => setTimeout(wake, Math.max(0, ms - (performance.now() - started)))),
  };
};

// ---- What the attacker knows ------------------------------------------------------------

/** Every first name and surname of the public rankings (every year and `global`), by count. */
async function publicWords(url: string): Promise<{ first: Weights; sur: Weights }> {
  const first: Weights = new Map();
  const sur: Weights = new Map();
  const { years } = (await (await fetch(`${url}/api/years`)).json()) as { years: string[] };
  for (const year of years) {
    const { statistics } = (await (await fetch(`${url}/api/statistics?year=${year}`)).json()) as {
      statistics: Record<string, { public_data: { name: string; count: number }[] }[]>;
    };
    for (const [category, into] of [
      ['topNames', first],
      ['topNamesByYear', first],
      ['topSurnames', sur],
      ['topSurnamesByYear', sur],
    ] as const) {
      for (const { name, count } of statistics[category]?.[0]?.public_data ?? []) {
        const key = searchKey(name);
        into.set(key, (into.get(key) ?? 0) + count);
      }
    }
  }
  return { first, sur };
}

/** The share of each letter at the end (or start) of the words, by weight. */
function letterShares(words: Weights, at: 'start' | 'end'): Weights {
  const shares: Weights = new Map();
  let total = 0;
  for (const [word, weight] of words) {
    const letter = at === 'start' ? word[0]! : word.at(-1)!;
    shares.set(letter, (shares.get(letter) ?? 0) + weight);
    total += weight;
  }
  for (const [letter, weight] of shares) shares.set(letter, weight / total);
  return shares;
}

/**
 * The attacker: what it knows, and its next question for each channel, most likely
 * first. Queries are rebuilt as it learns words (a word it learns weighs half the least
 * weight of the public lists).
 */
class Attacker {
  readonly learned = new Set<string>();
  readonly learnedBy = { api: new Set<string>(), form: new Set<string>() };
  private readonly first: Weights;
  private readonly sur: Weights;
  private readonly asked = new Set<string>();
  private readonly tries = new Map<string, number>();
  private readonly queues: Record<Channel, string[]> = { api: [], form: [] };
  private readonly stale = { api: true, form: true };
  private sinceRebuild = 0;
  private readonly newWordWeight: number;

  constructor(words: { first: Weights; sur: Weights }) {
    this.first = new Map(words.first);
    this.sur = new Map(words.sur);
    this.newWordWeight = Math.min(...this.first.values(), ...this.sur.values()) / 2;
  }

  /** The next query of a channel, or undefined when it has none left. */
  next(channel: Channel): string | undefined {
    // Whole-name guesses are many: rebuilt only every few thousand once words have changed.
    if (this.stale[channel] && (channel === 'api' || this.sinceRebuild > 5000 || !this.queues.form.length))
      this.rebuild(channel);
    const queue = this.queues[channel];
    for (let query = queue.pop(); query !== undefined; query = queue.pop()) {
      if (this.asked.has(query) || (channel === 'form' && this.learned.has(query))) continue;
      this.asked.add(query);
      this.sinceRebuild++;
      return query;
    }
    return undefined;
  }

  /** A refused query is asked again later (up to MAX_TRIES times). */
  refused(channel: Channel, query: string) {
    const tries = (this.tries.get(query) ?? 0) + 1;
    this.tries.set(query, tries);
    if (tries >= MAX_TRIES) return;
    this.asked.delete(query);
    this.queues[channel].push(query);
  }

  learn(channel: Channel, keys: readonly string[]) {
    for (const key of keys) {
      this.learnedBy[channel].add(key);
      if (this.learned.has(key)) continue;
      this.learned.add(key);
      const words = key.split(' ');
      if (words.length < 3) continue;
      this.know(this.first, words.slice(0, -2).join(' '));
      for (const surname of words.slice(-2)) this.know(this.sur, surname);
    }
  }

  private know(words: Weights, word: string) {
    if (words.has(word)) return;
    words.set(word, this.newWordWeight);
    this.stale.api = this.stale.form = true;
  }

  /** Sorted so that the most likely query is last (popped first). */
  private rebuild(channel: Channel) {
    const scored: [string, number][] = [];
    if (channel === 'api') {
      const ends = letterShares(this.first, 'end');
      const starts = letterShares(this.sur, 'start');
      for (const [word, weight] of this.sur)
        for (const [end, p] of ends)
          for (const [start, q] of starts) scored.push([`${end} ${word} ${start}`, p * weight * q]);
    } else {
      for (const [first, p] of this.first)
        for (const [one, q] of this.sur)
          for (const [two, r] of this.sur) scored.push([`${first} ${one} ${two}`, p * q * r]);
    }
    scored.sort((a, b) => a[1] - b[1]);
    this.queues[channel] = scored.map(([query]) => query).filter((query) => !this.asked.has(query));
    this.stale[channel] = false;
    if (channel === 'form') this.sinceRebuild = 0;
  }
}

// ---- Asking ----------------------------------------------------------------------------

interface Asked {
  /** Seconds to wait when refused (429). */
  refusedFor: number | undefined;
  /** Keys of the names the answer showed. */
  names: string[];
}

async function ask(
  url: string,
  channel: Channel,
  name: string,
  school: string,
  address: string,
): Promise<Asked> {
  const headers = { 'x-forwarded-for': address };
  const answer =
    channel === 'api'
      ? await fetch(`${url}/api/participants?${new URLSearchParams({ name, company: school }).toString()}`, {
          headers,
        })
      : await fetch(`${url}/buscar`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ name, company: school }).toString(),
        });
  const text = await answer.text();
  if (answer.status === 429) return { refusedFor: Number(answer.headers.get('retry-after')), names: [] };
  if (channel === 'api') {
    if (answer.status !== 200) return { refusedFor: undefined, names: [] };
    const { participants } = JSON.parse(text) as { participants: { name: string }[] };
    return { refusedFor: undefined, names: participants.map((participant) => searchKey(participant.name)) };
  }
  const found = answer.status === 200 && !text.includes(webTexts.search.notFound);
  return { refusedFor: undefined, names: found ? [searchKey(name)] : [] };
}

// ---- The attack --------------------------------------------------------------------------

/** An address the attacker holds: each call, the `X-Forwarded-For` entry of one request. */
type Address = () => string;

interface AttackFigures {
  /** Names learned by each checkpoint, in all, by the API and by the form. */
  learned: { all: number; api: number; form: number }[];
  requests: { api: number; form: number };
  refused: { api: number; form: number };
}

/**
 * Every address asks on both channels, each as soon as it is answered, or when its
 * `Retry-After` is over; `until` seconds on `clock`.
 */
async function attack(
  url: string,
  school: string,
  words: { first: Weights; sur: Weights },
  addresses: readonly Address[],
  clock: SimClock,
  checkpointsS: readonly number[],
): Promise<AttackFigures> {
  const attacker = new Attacker(words);
  const lanes = addresses.flatMap((address) =>
    (['api', 'form'] as const).map((channel) => ({ address, channel, readyAt: 0, done: false })),
  );
  const figures: AttackFigures = { learned: [], requests: { api: 0, form: 0 }, refused: { api: 0, form: 0 } };
  const snapshot = () =>
    figures.learned.push({
      all: attacker.learned.size,
      api: attacker.learnedBy.api.size,
      form: attacker.learnedBy.form.size,
    });
  for (const checkpoint of checkpointsS) {
    const end = checkpoint * 1000;
    for (;;) {
      let lane: (typeof lanes)[number] | undefined;
      for (const candidate of lanes)
        if (!candidate.done && (!lane || candidate.readyAt < lane.readyAt)) lane = candidate;
      if (!lane || lane.readyAt > end) break;
      await clock.waitUntil(lane.readyAt);
      if (clock.now() > end) break;
      const query = attacker.next(lane.channel);
      if (query === undefined) {
        lane.done = true;
        continue;
      }
      figures.requests[lane.channel]++;
      const answer = await ask(url, lane.channel, query, school, lane.address());
      if (answer.refusedFor === undefined) {
        attacker.learn(lane.channel, answer.names);
        lane.readyAt = clock.now();
      } else {
        figures.refused[lane.channel]++;
        attacker.refused(lane.channel, query);
        lane.readyAt = clock.now() + answer.refusedFor * 1000;
      }
    }
    snapshot();
  }
  return figures;
}

// ---- The families ------------------------------------------------------------------------

interface Child {
  name: string;
  school: string;
}

/** A name with one letter dropped, swapped with the next or changed, in one of its words. */
function mistyped(name: string, rng: Random): string {
  const words = name.split(' ');
  const w = Math.floor(rng.next() * words.length);
  const word = words[w]!;
  const at = Math.floor(rng.next() * (word.length - 1));
  const kind = Math.floor(rng.next() * 3);
  const letter = 'abcdefghijklmnopqrstuvwxyz'[Math.floor(rng.next() * 26)]!;
  words[w] =
    kind === 0
      ? word.slice(0, at) + word.slice(at + 1)
      : kind === 1
        ? word.slice(0, at) + word[at + 1]! + word[at]! + word.slice(at + 2)
        : word.slice(0, at) + letter + word.slice(at + 1);
  const typed = words.join(' ');
  return searchKey(typed) === searchKey(name) ? `${typed}x` : typed;
}

/** Each family's attempts: mistyped ones first, then the right name; when each is sent. */
function familyAttempts(children: readonly Child[], rng: Random) {
  return children.flatMap((child, family) => {
    const start = rng.next() * FAMILIES_WINDOW_S;
    const attempts: { atS: number; family: number; name: string; school: string }[] = [];
    while (attempts.length < 2 && rng.chance(TYPO_CHANCE))
      attempts.push({
        atS: start + attempts.length * RETYPE_S,
        family,
        name: mistyped(child.name, rng),
        school: child.school,
      });
    attempts.push({
      atS: start + attempts.length * RETYPE_S,
      family,
      name: child.name,
      school: child.school,
    });
    return attempts;
  });
}

interface FamilyFigures {
  families: number;
  attempts: number;
  mistyped: number;
  refused: number;
  found: number;
}

async function families(
  url: string,
  children: readonly Child[],
  clock: SimClock,
  untilS: number,
): Promise<FamilyFigures> {
  const attempts = familyAttempts(children, new Random(7, 3))
    .filter((attempt) => attempt.atS <= untilS)
    .sort((a, b) => a.atS - b.atS);
  const refused = new Set<number>();
  const found = new Set<number>();
  let mistypes = 0;
  for (const { atS, family, name, school } of attempts) {
    if (refused.has(family) || found.has(family)) continue;
    await clock.waitUntil(atS * 1000);
    const answer = await ask(url, 'form', name, school, '198.51.100.200');
    if (answer.refusedFor !== undefined) refused.add(family);
    else if (answer.names.length > 0) found.add(family);
    else mistypes++;
  }
  const families = new Set(attempts.map((attempt) => attempt.family)).size;
  return {
    families,
    attempts: attempts.length,
    mistyped: mistypes,
    refused: refused.size,
    found: found.size,
  };
}

// ---- An attacker with every name in use -------------------------------------------------

/**
 * How many of `names` are among the `guesses` most likely whole names (first name ×
 * surname × surname) for an attacker who knows every name in use and how common each is:
 * the demo generator's own lists and Zipf weights. Counted, not enumerated: the guesses
 * are those above the score of the last one, found by bisection.
 */
function informedHits(names: ReadonlySet<string>, guesses: number): number {
  const weightsOf = (items: readonly string[], offset: number) => {
    const weights = zipfWeights(items.length, offset, 1);
    return new Map(items.map((item, i) => [searchKey(item), weights[i]!]));
  };
  const first = new Map([...weightsOf(FEMALE_FIRST_NAMES, 5), ...weightsOf(MALE_FIRST_NAMES, 5)]);
  const sur = weightsOf(SURNAMES, 8);
  const surDescending = [...sur.values()].sort((a, b) => b - a);
  /** Guesses whose score is at least `score`. */
  const above = (score: number) => {
    let count = 0;
    for (const f of first.values())
      for (const a of surDescending) {
        const needed = score / (f * a);
        if (needed > surDescending[0]!) break;
        let [low, high] = [0, surDescending.length];
        while (low < high) {
          const mid = (low + high) >> 1;
          if (surDescending[mid]! >= needed) low = mid + 1;
          else high = mid;
        }
        count += low;
      }
    return count;
  };
  let [low, high] = [0, 1];
  for (let step = 0; step < 60; step++) {
    const mid = (low + high) / 2;
    if (above(mid) > guesses) low = mid;
    else high = mid;
  }
  let hits = 0;
  for (const name of names) {
    const [f, a, b, ...more] = name.split(' ');
    const score = (first.get(f!) ?? 0) * (sur.get(a!) ?? 0) * (sur.get(b ?? '') ?? 0);
    if (more.length === 0 && score >= high) hits++;
  }
  return hits;
}

// ---- Scenarios ---------------------------------------------------------------------------

const hex = (rng: Random) => Math.floor(rng.next() * 0x10000).toString(16);

/** The addresses of each attacker scenario. */
function scenarios(): { name: string; addresses: () => Address[] }[] {
  return [
    { name: 'one address', addresses: () => [() => '198.51.100.1'] },
    {
      name: 'one IPv6 /56, a new address per request',
      addresses: () => {
        const rng = new Random(7, 1);
        const byte = () =>
          Math.floor(rng.next() * 256)
            .toString(16)
            .padStart(2, '0');
        return [() => `2001:db8:aa:bb${byte()}:${hex(rng)}:${hex(rng)}:${hex(rng)}:${hex(rng)}`];
      },
    },
    {
      name: '250 addresses',
      addresses: () => Array.from({ length: 250 }, (_, i) => () => `198.18.${i >> 8}.${i & 255}`),
    },
    {
      name: 'one address as ip:port, a new port per request (behind one trusted proxy)',
      addresses: () => {
        let port = 1024;
        return [() => `198.51.100.7:${(port = port >= 65_535 ? 1024 : port + 1)}`];
      },
    },
  ];
}

// ---- Running -----------------------------------------------------------------------------

/** The real server code in this process, behind one trusted proxy, on the simulation's clock. */
async function inProcess(db: string, clock: SimClock) {
  return startServer({
    openStore: () => openReadStore(sqliteLocation(db)),
    settings: {
      ...DEFAULT_SERVER_SETTINGS,
      listen: { host: HOST, port: 0 },
      metrics: undefined,
      pollIntervalMs: 60_000,
      trustProxy: ['127.0.0.1'],
    },
    logger: false,
    clock: clock.now,
  });
}

/** The built `serve`, behind one trusted proxy. */
async function builtServe(db: string, env: Record<string, string> = {}) {
  const port = await freePort();
  return spawnServer({
    args: [...serverNodeFlags(CLI, 1), CLI, 'serve', '--db', db, '--host', HOST, '--port', String(port)],
    port,
    env: { LOG_LEVEL: 'warn', METRICS_PORT: 'off', TRUST_PROXY: '127.0.0.1', ...env },
    readyPaths: ['/api/ping', '/api/years'],
    readyTimeoutMs: 120_000,
  });
}

function run(args: string[]): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('exit', (code) =>
      code === 0 ? done() : fail(new Error(`tamborrada ${args[0]}: exit ${code}`)),
    );
  });
}

runBenchmark(async () => {
  const started = new Date();
  const dir = mkdtempSync(join(tmpdir(), 'tamborrada-enum-'));
  const db = join(dir, 'demo.db');
  try {
    await run(['demo', '--db', db, '--seed', '1', '--scale', '1']);
    const sqlite = new Database(db, { readonly: true });
    const { school } = sqlite
      .prepare(
        'SELECT school, count(DISTINCT name) AS n FROM participants GROUP BY school ORDER BY n DESC LIMIT 1',
      )
      .get() as { school: string };
    const truth = new Set(
      (
        sqlite.prepare('SELECT DISTINCT name FROM participants WHERE school = ?').all(school) as {
          name: string;
        }[]
      ).map((row) => searchKey(row.name)),
    );
    // Children whose name has three parts: the spec's search needs them (1 % have one surname).
    const everyone = (
      sqlite.prepare('SELECT DISTINCT name, school FROM participants').all() as Child[]
    ).filter((child) => countNameParts(normalizeName(child.name)) >= 3);
    sqlite.close();
    const familyRng = new Random(7, 2);
    const children = Array.from(
      { length: FAMILIES },
      () => everyone.splice(Math.floor(familyRng.next() * everyone.length), 1)[0]!,
    );
    const share = (n: number) => `${n} (${((100 * n) / truth.size).toFixed(1)} %)`;

    // 1. A day on the simulation's clock, against the real server code.
    const simulated: { scenario: string; figures: AttackFigures }[] = [];
    let words: { first: Weights; sur: Weights } | undefined;
    for (const { name, addresses } of scenarios()) {
      const clock = virtualClock();
      const server = await inProcess(db, clock);
      try {
        words ??= await publicWords(server.url);
        const t0 = performance.now();
        const figures = await attack(server.url, school, words, addresses(), clock, CHECKPOINTS_S);
        simulated.push({ scenario: name, figures });
        console.error(`simulated: ${name} (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
      } finally {
        await server.close();
      }
    }
    const clock = virtualClock();
    const server = await inProcess(db, clock);
    const familyDay = await families(server.url, children, clock, DAY_S).finally(() => server.close());

    // 2. The first minute in real time, against the built `serve`; then without budgets.
    const real: { scenario: string; figures: AttackFigures }[] = [];
    for (const { name, addresses, env } of [
      ...scenarios().map((scenario) => ({ ...scenario, env: {} })),
      {
        name: 'one address, SEARCH_BUDGETS=off',
        addresses: () => [() => '198.51.100.1'],
        env: { SEARCH_BUDGETS: 'off' },
      },
    ]) {
      const serve = await builtServe(db, env);
      try {
        real.push({
          scenario: name,
          figures: await attack(serve.url, school, words!, addresses(), realClock(), [realSeconds]),
        });
        console.error(`real time: ${name}`);
      } finally {
        await serve.stop();
      }
    }
    const serve = await builtServe(db);
    const familyMinute = await families(serve.url, children, realClock(), realSeconds).finally(() =>
      serve.stop(),
    );

    const [one] = simulated;
    const formDay = one!.figures.requests.form - one!.figures.refused.form;
    const informed = [1, 250].map((addresses) => ({
      addresses,
      guesses: addresses * formDay,
      hits: informedHits(truth, addresses * formDay),
    }));
    const lines = [
      `school: ${school}, ${truth.size} children (demo scale 1); the attacker knows ${words!.first.size} first names and ${words!.sur.size} surnames from the public lists`,
      '',
      'names learned (share of the school), a day on the simulated clock against the real server code:',
      '| scenario | channel | 1 minute | 1 hour | 1 day | requests (refused) |',
      '| --- | --- | --- | --- | --- | --- |',
      ...simulated.flatMap(({ scenario, figures }) =>
        (['api', 'form', 'all'] as const).map(
          (channel, i) =>
            `| ${i === 0 ? scenario : ''} | ${channel === 'all' ? 'both' : channel === 'api' ? 'API' : 'form'} | ${figures.learned.map((at) => share(at[channel])).join(' | ')} | ${
              channel === 'all'
                ? ''
                : `${figures.requests[channel].toLocaleString('en')} (${figures.refused[channel].toLocaleString('en')})`
            } |`,
        ),
      ),
      `| ${FAMILIES} families behind one address | form | | | | ${familyDay.attempts} searches, ${familyDay.mistyped} mistyped: **${familyDay.refused} families refused**, ${familyDay.found} found their child |`,
      '',
      `an attacker with every name in use, guessing whole names through the form (${formDay.toLocaleString('en')} searches a day per address, as measured above):`,
      ...informed.map(
        ({ addresses, guesses, hits }) =>
          `- ${addresses === 1 ? 'one address' : `${addresses} addresses`}: the ${guesses.toLocaleString('en')} most likely names hold ${share(hits)}`,
      ),
      '',
      `the first ${realSeconds} s in real time against the built serve (TRUST_PROXY=127.0.0.1):`,
      '| scenario | API | form | both | requests (refused) |',
      '| --- | --- | --- | --- | --- |',
      ...real.map(({ scenario, figures }) => {
        const [at] = figures.learned;
        return `| ${scenario} | ${share(at!.api)} | ${share(at!.form)} | ${share(at!.all)} | ${(figures.requests.api + figures.requests.form).toLocaleString('en')} (${(figures.refused.api + figures.refused.form).toLocaleString('en')}) |`;
      }),
      `| ${FAMILIES} families behind one address, those of the first ${realSeconds} s | | | | ${familyMinute.families} families, ${familyMinute.attempts} searches, ${familyMinute.mistyped} mistyped: ${familyMinute.refused} refused |`,
    ];
    console.log(lines.join('\n'));
    writeResult('enumeration', started, {
      school,
      children: truth.size,
      simulated,
      familyDay,
      real,
      familyMinute,
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
