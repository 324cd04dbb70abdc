/**
 * `npm run bench:enumeration`: how many children of one school an attacker confirms or
 * discovers through the participant search under the default search budgets
 * (docs/security.md), and whether families who share an address are refused.
 *
 * The attacker wants the demo's largest school (784 children at scale 1) and knows what
 * the site itself publishes: every first name and surname with a page (`/nombres`,
 * `/apellidos`), how many children bear each (`/datos/global-topNames.csv`,
 * `/datos/global-topSurnames.csv`), each school's share of them (`global-topSchools.csv`)
 * and, from each name's data (`/datos/nombres-<name>.json`), whether that school is among
 * those where at least k children bore it in an edition. Through the API it probes
 * `<end of a first name> <surname> <start of a surname>`, most likely first (the spec's
 * substring rule answers every name holding it), and adds every word of every name it
 * learns; through the web form, which confirms whole names only, it guesses whole names
 * (first name × surname × surname) in order of likelihood. Every address it holds asks
 * on both as fast as it is answered and waits `Retry-After` when refused.
 *
 * Scenarios: one IPv4 address; 20 addresses; 250 addresses; one IPv6 /56 (a new address
 * of it per request); one address forwarded as `ip:port` (a new port per request) by the
 * trusted proxy. The families: 200 behind one address, each searching its own child's
 * whole name through the form within 10 minutes, one in five mistyping first (a letter
 * dropped, swapped or changed; a second try mistyped as often), children of every school,
 * and again all of the largest school (its own network).
 *
 * A day cannot be run in real time: each scenario drives the real server code in this
 * process (`startServer`, behind a trusted proxy, `X-Forwarded-For` saying the address)
 * on a clock that the benchmark moves as fast as the budgets let the attacker go. The
 * first minute is then run again in real time against the built `serve`
 * (`TRUST_PROXY=127.0.0.1`), and once with `SEARCH_BUDGETS=off` to show what the budgets
 * stop. `ENUM_SECONDS` (default 60) sets the real-time runs' length.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import Database from 'better-sqlite3';
import { sqliteLocation, DEFAULT_SERVER_SETTINGS } from '../src/config/index.js';
import { countNameParts, normalizeName, searchKey } from '../src/domain/names.js';
import { Random } from '../src/demo/random.js';
import { startServer } from '../src/server.js';
import { openReadStore } from '../src/store/open-store.js';
import { es as webTexts } from '../src/web/texts/es.js';
import { envNumber } from './http-lib/env.js';
import { freePort, HOST, spawnServer } from './http-lib/process.js';
import { CLI, runBenchmark, writeResult } from './http-lib/run.js';

/** Asked again once on a reset kept-alive connection, as a browser does (undici's `fetch` does not). */
async function fetch(input: string, init?: RequestInit): Promise<Response> {
  try {
    return await globalThis.fetch(input, init);
  } catch (error) {
    if ((error as { cause?: { code?: string } }).cause?.code !== 'ECONNRESET') throw error;
    return globalThis.fetch(input, init);
  }
}

const realSeconds = envNumber('ENUM_SECONDS', 60);
const MINUTE_S = 60;
const HOUR_S = 3600;
const DAY_S = 86_400;
const CHECKPOINTS_S = [MINUTE_S, HOUR_S, DAY_S];
/** A query refused this many times (an answer of more names than a budget ever holds) is dropped. */
const MAX_TRIES = 3;
const TYPO_CHANCE = 0.2;
const FAMILIES = 200;
const FAMILIES_WINDOW_S = 600;
const RETYPE_S = 20;
/** The issue's targets: shares of the school a day. */
const TARGETS = { twenty: 0.05, many: 0.1 };

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

interface Words {
  first: Weights;
  sur: Weights;
}

/** The names with a page, as the index at `folder` (`/nombres`, `/apellidos`) links them. */
async function namesWithPages(url: string, folder: string): Promise<{ slug: string; name: string }[]> {
  const html = await (await fetch(`${url}${folder}`)).text();
  return [...html.matchAll(new RegExp(`href="${folder}/([^"?#/]+)">([^<]+)<`, 'g'))].map(
    ([, slug, name]) => ({
      slug: slug!,
      name: name!,
    }),
  );
}

/** A global list's CSV (`name,count` rows under a header) as counts by search key. */
async function globalCounts(url: string, file: string): Promise<Weights> {
  const text = (await (await fetch(`${url}/datos/${file}`)).text()).replace(/^\uFEFF/, '');
  const counts: Weights = new Map();
  for (const line of text.trim().split('\n').slice(1)) {
    const comma = line.lastIndexOf(',');
    counts.set(searchKey(line.slice(0, comma).replace(/^"|"$/g, '')), Number(line.slice(comma + 1)));
  }
  return counts;
}

/**
 * How likely each word of one kind is in `school`: a name whose page lists the school
 * among those where k of its children bore it in an edition, its global count; any
 * other, its global count times the school's share of the appearances, below k; a name
 * with a page but no global count, the least of those.
 */
async function wordsOf(url: string, folder: string, file: string, school: string): Promise<Weights> {
  const pages = await namesWithPages(url, folder);
  const global = await globalCounts(url, file);
  const schools = await globalCounts(url, 'global-topSchools.csv');
  const share = (schools.get(searchKey(school)) ?? 0) / [...schools.values()].reduce((a, b) => a + b, 1);
  const listed = new Set<string>();
  let k = 3;
  for (const { slug, name } of pages) {
    const response = await fetch(`${url}/datos${folder}-${slug}.json`);
    if (!response.ok) continue;
    const data = (await response.json()) as { k?: number; schools?: string[] };
    k = data.k ?? k;
    if (data.schools?.includes(school)) listed.add(searchKey(name));
  }
  const below = (count: number) => Math.min(k - 1, count * share);
  const least = below(Math.min(...global.values()));
  const weights: Weights = new Map();
  for (const key of new Set([...pages.map(({ name }) => searchKey(name)), ...global.keys()])) {
    const count = global.get(key);
    weights.set(key, count === undefined ? least : listed.has(key) ? count : below(count));
  }
  return weights;
}

async function publicWords(url: string, school: string): Promise<Words> {
  return {
    first: await wordsOf(url, '/nombres', 'global-topNames.csv', school),
    sur: await wordsOf(url, '/apellidos', 'global-topSurnames.csv', school),
  };
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
 * Whole names (first name × surname × surname) from the most likely down, made as they
 * are asked for: best first over the three lists sorted by weight, each step offering
 * the next first name, first surname or second surname of the one taken.
 */
class WholeNames {
  private readonly first: [string, number][];
  private readonly sur: [string, number][];
  /** A max-heap of [score, index] (index: the three positions in one number). */
  private readonly heap: [number, number][] = [];
  private readonly offered = new Set<number>();

  constructor(words: Words) {
    const sorted = (weights: Weights) => [...weights].sort((a, b) => b[1] - a[1]);
    this.first = sorted(words.first);
    this.sur = sorted(words.sur);
    this.offer(0, 0, 0);
  }

  next(): string | undefined {
    const top = this.heap[0];
    if (top === undefined) return undefined;
    const last = this.heap.pop()!;
    if (this.heap.length > 0) {
      this.heap[0] = last;
      this.sink(0);
    }
    const n = this.sur.length;
    const [i, j, l] = [Math.floor(top[1] / (n * n)), Math.floor(top[1] / n) % n, top[1] % n];
    this.offer(i + 1, j, l);
    this.offer(i, j + 1, l);
    this.offer(i, j, l + 1);
    return `${this.first[i]![0]} ${this.sur[j]![0]} ${this.sur[l]![0]}`;
  }

  private offer(i: number, j: number, l: number) {
    const n = this.sur.length;
    if (i >= this.first.length || j >= n || l >= n) return;
    const index = (i * n + j) * n + l;
    if (this.offered.has(index)) return;
    this.offered.add(index);
    this.heap.push([this.first[i]![1] * this.sur[j]![1] * this.sur[l]![1], index]);
    for (let at = this.heap.length - 1; at > 0;) {
      const parent = (at - 1) >> 1;
      if (this.heap[parent]![0] >= this.heap[at]![0]) break;
      [this.heap[parent], this.heap[at]] = [this.heap[at]!, this.heap[parent]!];
      at = parent;
    }
  }

  private sink(at: number) {
    for (;;) {
      let largest = at;
      for (const child of [2 * at + 1, 2 * at + 2])
        if (child < this.heap.length && this.heap[child]![0] > this.heap[largest]![0]) largest = child;
      if (largest === at) return;
      [this.heap[largest], this.heap[at]] = [this.heap[at]!, this.heap[largest]!];
      at = largest;
    }
  }
}

/**
 * The attacker: what it knows, and its next question for each channel, most likely
 * first. Its lists grow with every word it learns (weighing half the least weight of the
 * public lists); a refused question is asked again first, up to MAX_TRIES times.
 */
class Attacker {
  readonly learned = new Set<string>();
  readonly learnedBy = { api: new Set<string>(), form: new Set<string>() };
  private readonly words: Words;
  private readonly asked = new Set<string>();
  private readonly tries = new Map<string, number>();
  private readonly again: Record<Channel, string[]> = { api: [], form: [] };
  private fragments: string[] = [];
  private wholeNames: WholeNames;
  private stale = { api: true, form: false };
  private readonly newWordWeight: number;

  constructor(words: Words) {
    this.words = { first: new Map(words.first), sur: new Map(words.sur) };
    this.newWordWeight = Math.min(...this.words.first.values(), ...this.words.sur.values()) / 2;
    this.wholeNames = new WholeNames(this.words);
  }

  /** The next question of a channel, or undefined when it has none left. */
  next(channel: Channel): string | undefined {
    const retry = this.again[channel].pop();
    if (retry !== undefined) return retry;
    if (channel === 'api') {
      if (this.stale.api) this.rebuildFragments();
      for (let query = this.fragments.pop(); query !== undefined; query = this.fragments.pop())
        if (this.ask(query)) return query;
      return undefined;
    }
    // The form's guesses are remade with the words learned, the ones asked skipped.
    if (this.stale.form) [this.wholeNames, this.stale.form] = [new WholeNames(this.words), false];
    for (let query = this.wholeNames.next(); query !== undefined; query = this.wholeNames.next())
      if (!this.learned.has(query) && this.ask(query)) return query;
    return undefined;
  }

  refused(channel: Channel, query: string) {
    const tries = (this.tries.get(query) ?? 0) + 1;
    this.tries.set(query, tries);
    if (tries < MAX_TRIES) this.again[channel].push(query);
  }

  learn(channel: Channel, keys: readonly string[]) {
    for (const key of keys) {
      this.learnedBy[channel].add(key);
      if (this.learned.has(key)) continue;
      this.learned.add(key);
      const words = key.split(' ');
      if (words.length < 3) continue;
      this.know(this.words.first, words.slice(0, -2).join(' '));
      for (const surname of words.slice(-2)) this.know(this.words.sur, surname);
    }
  }

  private ask(query: string): boolean {
    if (this.asked.has(query)) return false;
    this.asked.add(query);
    return true;
  }

  private know(words: Weights, word: string) {
    if (words.has(word)) return;
    words.set(word, this.newWordWeight);
    this.stale = { api: true, form: true };
  }

  /** Sorted so that the most likely fragment is last (popped first). */
  private rebuildFragments() {
    const ends = letterShares(this.words.first, 'end');
    const starts = letterShares(this.words.sur, 'start');
    const scored: [string, number][] = [];
    for (const [word, weight] of this.words.sur)
      for (const [end, p] of ends)
        for (const [start, q] of starts) scored.push([`${end} ${word} ${start}`, p * weight * q]);
    scored.sort((a, b) => a[1] - b[1]);
    this.fragments = scored.map(([query]) => query).filter((query) => !this.asked.has(query));
    this.stale.api = false;
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

// ---- Scenarios ---------------------------------------------------------------------------

const hex = (rng: Random) => Math.floor(rng.next() * 0x10000).toString(16);
const manyAddresses = (count: number) =>
  Array.from({ length: count }, (_, i) => () => `198.18.${i >> 8}.${i & 255}`);

/** The addresses of each attacker scenario. */
function scenarios(): { name: string; addresses: () => Address[] }[] {
  return [
    { name: 'one address', addresses: () => [() => '198.51.100.1'] },
    { name: '20 addresses', addresses: () => manyAddresses(20) },
    { name: '250 addresses', addresses: () => manyAddresses(250) },
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
      name: 'one address as ip:port, a new port per request (behind the trusted proxy)',
      addresses: () => {
        let port = 1024;
        return [() => `198.51.100.7:${(port = port >= 65_535 ? 1024 : port + 1)}`];
      },
    },
  ];
}

/** The scenarios run again in real time, and the one without budgets. */
const REAL_TIME = ['one address', '20 addresses', '250 addresses'];

// ---- Running -----------------------------------------------------------------------------

/** The real server code in this process, behind a trusted proxy, on the simulation's clock. */
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

/** The built `serve`, behind a trusted proxy. */
async function builtServe(db: string, env: Record<string, string> = {}) {
  const port = await freePort();
  return spawnServer({
    args: [CLI, 'serve', '--db', db, '--host', HOST, '--port', String(port)],
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

/** The demo's largest school, its children's names (keys), and 200 families' children. */
function demoFacts(db: string) {
  const sqlite = new Database(db, { readonly: true });
  try {
    const { school } = sqlite
      .prepare(
        'SELECT school, count(DISTINCT name) AS n FROM participants GROUP BY school ORDER BY n DESC LIMIT 1',
      )
      .get() as { school: string };
    // Children whose name has three parts: the spec's search needs them (1 % have one surname).
    const everyone = (
      sqlite.prepare('SELECT DISTINCT name, school FROM participants').all() as Child[]
    ).filter((child) => countNameParts(normalizeName(child.name)) >= 3);
    const truth = new Set(
      (sqlite.prepare('SELECT DISTINCT name FROM participants WHERE school = ?').all(school) as Child[]).map(
        (child) => searchKey(child.name),
      ),
    );
    const pick = (from: Child[], rng: Random) =>
      Array.from({ length: FAMILIES }, () => from.splice(Math.floor(rng.next() * from.length), 1)[0]!);
    return {
      school,
      truth,
      everywhere: pick([...everyone], new Random(7, 2)),
      ofTheSchool: pick(
        everyone.filter((child) => child.school === school),
        new Random(7, 4),
      ),
    };
  } finally {
    sqlite.close();
  }
}

interface Outcome {
  scenario: string;
  figures: AttackFigures;
}

/** A day of each scenario on the simulation's clock, against the real server code; then the families'. */
async function simulatedDay(db: string, facts: ReturnType<typeof demoFacts>) {
  const simulated: Outcome[] = [];
  let words: Words | undefined;
  for (const { name, addresses } of scenarios()) {
    const clock = virtualClock();
    const server = await inProcess(db, clock);
    try {
      words ??= await publicWords(server.url, facts.school);
      const t0 = performance.now();
      simulated.push({
        scenario: name,
        figures: await attack(server.url, facts.school, words, addresses(), clock, CHECKPOINTS_S),
      });
      console.error(`simulated: ${name} (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
    } finally {
      await server.close();
    }
  }
  const familyDays: FamilyFigures[] = [];
  for (const children of [facts.everywhere, facts.ofTheSchool]) {
    const clock = virtualClock();
    const server = await inProcess(db, clock);
    familyDays.push(await families(server.url, children, clock, DAY_S).finally(() => server.close()));
  }
  return { simulated, familyDays, words: words! };
}

/** The first `realSeconds` in real time against the built `serve`; then without budgets; then the families. */
async function realTime(db: string, facts: ReturnType<typeof demoFacts>, words: Words) {
  const real: Outcome[] = [];
  const runs = [
    ...scenarios()
      .filter((scenario) => REAL_TIME.includes(scenario.name))
      .map((scenario) => ({ ...scenario, env: {} })),
    {
      name: 'one address, SEARCH_BUDGETS=off',
      addresses: () => [() => '198.51.100.1'],
      env: { SEARCH_BUDGETS: 'off' },
    },
  ];
  for (const { name, addresses, env } of runs) {
    const serve = await builtServe(db, env);
    try {
      real.push({
        scenario: name,
        figures: await attack(serve.url, facts.school, words, addresses(), realClock(), [realSeconds]),
      });
      console.error(`real time: ${name}`);
    } finally {
      await serve.stop();
    }
  }
  const serve = await builtServe(db);
  const familyMinute = await families(serve.url, facts.everywhere, realClock(), realSeconds).finally(() =>
    serve.stop(),
  );
  return { real, familyMinute };
}

/** The tables docs/security.md shows, and whether the targets hold. */
function report(
  facts: ReturnType<typeof demoFacts>,
  words: Words,
  day: Awaited<ReturnType<typeof simulatedDay>>,
  minute: Awaited<ReturnType<typeof realTime>>,
) {
  const children = facts.truth.size;
  const share = (n: number) => `${n} (${((100 * n) / children).toFixed(1)} %)`;
  const count = (n: number) => n.toLocaleString('en');
  const dayOf = (scenario: string) =>
    day.simulated.find((outcome) => outcome.scenario === scenario)!.figures.learned.at(-1)!.all / children;
  const [everywhere, ofTheSchool] = day.familyDays;
  const checks = [
    [
      `20 addresses: at most ${100 * TARGETS.twenty} % of the school in a day`,
      dayOf('20 addresses') <= TARGETS.twenty,
    ],
    [
      `250 addresses: at most ${100 * TARGETS.many} % of the school in a day`,
      dayOf('250 addresses') <= TARGETS.many,
    ],
    ['200 families behind one address, every school: none refused', everywhere!.refused === 0],
    ['200 families behind one address, one school: none refused', ofTheSchool!.refused === 0],
  ] as const;
  const familyRow = (who: string, figures: FamilyFigures) =>
    `| ${FAMILIES} families behind one address, ${who} | form | | | | ${figures.attempts} searches, ${figures.mistyped} mistyped: **${figures.refused} families refused**, ${figures.found} found their child |`;
  return {
    checks,
    lines: [
      `school: ${facts.school}, ${children} children (demo scale 1); the attacker knows ${words.first.size} first names and ${words.sur.size} surnames from the site's own lists`,
      '',
      'names learned (share of the school), a day on the simulated clock against the real server code:',
      '| scenario | channel | 1 minute | 1 hour | 1 day | requests (refused) |',
      '| --- | --- | --- | --- | --- | --- |',
      ...day.simulated.flatMap(({ scenario, figures }) =>
        (['api', 'form', 'all'] as const).map(
          (channel, i) =>
            `| ${i === 0 ? scenario : ''} | ${channel === 'all' ? 'both' : channel === 'api' ? 'API' : 'form'} | ${figures.learned.map((at) => share(at[channel])).join(' | ')} | ${
              channel === 'all'
                ? ''
                : `${count(figures.requests[channel])} (${count(figures.refused[channel])})`
            } |`,
        ),
      ),
      familyRow('children of every school', everywhere!),
      familyRow('children of this school', ofTheSchool!),
      '',
      `the first ${realSeconds} s in real time against the built serve (TRUST_PROXY=127.0.0.1):`,
      '| scenario | API | form | both | requests (refused) |',
      '| --- | --- | --- | --- | --- |',
      ...minute.real.map(({ scenario, figures }) => {
        const [at] = figures.learned;
        return `| ${scenario} | ${share(at!.api)} | ${share(at!.form)} | ${share(at!.all)} | ${count(figures.requests.api + figures.requests.form)} (${count(figures.refused.api + figures.refused.form)}) |`;
      }),
      `| ${FAMILIES} families behind one address, those of the first ${realSeconds} s | | | | ${minute.familyMinute.families} families, ${minute.familyMinute.attempts} searches, ${minute.familyMinute.mistyped} mistyped: ${minute.familyMinute.refused} refused |`,
      '',
      ...checks.map(([target, pass]) => `${pass ? 'PASS' : 'FAIL'} ${target}`),
    ],
  };
}

runBenchmark(async () => {
  const started = new Date();
  const dir = mkdtempSync(join(tmpdir(), 'tamborrada-enum-'));
  const db = join(dir, 'demo.db');
  try {
    await run(['demo', '--db', db, '--seed', '1', '--scale', '1']);
    const facts = demoFacts(db);
    const day = await simulatedDay(db, facts);
    const minute = await realTime(db, facts, day.words);
    const { checks, lines } = report(facts, day.words, day, minute);
    console.log(lines.join('\n'));
    writeResult('enumeration', started, {
      school: facts.school,
      children: facts.truth.size,
      simulated: day.simulated,
      familyDays: day.familyDays,
      real: minute.real,
      familyMinute: minute.familyMinute,
      checks: checks.map(([target, pass]) => ({ target, pass })),
    });
    if (checks.some(([, pass]) => !pass)) process.exitCode = 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
