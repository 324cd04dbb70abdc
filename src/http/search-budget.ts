import type { ServerSettings } from '../config/index.js';
import type { PendingSearch, Ran } from '../answer/answer.js';
import { fnv1a32 } from '../domain/hashing.js';

/** Budgets on what searches reveal, not on how many arrive (docs/security.md, "Search budgets"). */

/** Milliseconds on a clock that only goes forward (`performance.now`, or a test's). */
export type Clock = () => number;

const DAY_MS = 24 * 3_600_000;
/** A day's least allowance of a client's discoveries and of a school's revealed names, however small the school. */
const CLIENT_FLOOR = 2;
const SCHOOL_FLOOR = 4;
/** A miss followed this soon by the name typed and found was a typo; one find forgives `FORGIVABLE` of them. */
const TYPO_WINDOW_MS = 5 * 60_000;
const FORGIVABLE = 2;
/** Misses waiting to be forgiven, names shown to a client, and names a school remembers, kept at most. */
const PENDING_MAX = 16;
const REMEMBERED_NAMES = 32;
const SCHOOL_NAMES = 1024;
/** Refills are sums of small floating-point steps. */
const ROUNDING = 1e-9;

/** A leaky bucket: `level` units as of `at`. */
interface Bucket {
  level: number;
  at: number;
}

/** One client's account at one school; plain data, as a shared ledger keeps it as JSON. */
export interface ClientAccount {
  misses: Bucket;
  discoveries: Bucket;
  /** When its misses that may still be forgiven were made, oldest first. */
  pending: number[];
  /** Until when an unforgiven miss makes it a guesser at this school. */
  guesserUntil: number;
  /** FNV-1a hashes of the names shown to it lately, oldest first. */
  shown: number[];
}

/** One school's account: the names (hashes) it was charged for or that forgave a typo in the last day, and when. */
export interface SchoolAccount {
  revealed: Bucket;
  names: number[];
  namesAt: number[];
}

/** The accounts one search touches; a step fills the missing ones. */
export interface Accounts {
  client: ClientAccount | undefined;
  school: SchoolAccount | undefined;
}

/** Runs `step` on a client's accounts at a school, with no other search of theirs in between, and keeps them. */
export interface AccountBook {
  open<T>(client: string, school: string, step: (accounts: Accounts, now: number) => T): T | Promise<T>;
}

type Allowances = Record<'misses' | 'discoveries' | 'revealed', number>;

type Settings = Pick<
  ServerSettings,
  'searchBudgets' | 'searchClientShare' | 'searchSchoolShare' | 'searchClientMisses'
>;

const full = (day: number, now: number): Bucket => ({ level: day / 2, at: now });
const empty = ([bucket]: [Bucket, number]) => bucket.level < 1 - ROUNDING;

function refill(bucket: Bucket, day: number, now: number): void {
  bucket.level = Math.min(day / 2, bucket.level + ((now - bucket.at) * day) / 2 / DAY_MS);
  bucket.at = now;
}

/** Seconds until every bucket holds a unit, at least 1. */
function waitSeconds(buckets: readonly [Bucket, number][]): number {
  let ms = 0;
  for (const [bucket, day] of buckets) ms = Math.max(ms, ((1 - ROUNDING - bucket.level) * 2 * DAY_MS) / day);
  return Math.max(1, Math.ceil(ms / 1000));
}

/** The oldest pending miss is no longer forgivable: the client guesses at the school for a day. */
function expireMiss(client: ClientAccount): void {
  client.guesserUntil = Math.max(client.guesserUntil, client.pending.shift()! + DAY_MS);
}

function missed(client: ClientAccount, now: number): void {
  client.misses.level -= 1;
  client.pending.push(now);
  if (client.pending.length > PENDING_MAX) expireMiss(client);
}

/** The accounts of a search, made or brought up to `now`. */
function accountsAt(accounts: Accounts, allowances: Allowances, now: number) {
  const client = (accounts.client ??= {
    misses: full(allowances.misses, now),
    discoveries: full(allowances.discoveries, now),
    pending: [],
    guesserUntil: 0,
    shown: [],
  });
  const school = (accounts.school ??= { revealed: full(allowances.revealed, now), names: [], namesAt: [] });
  refill(client.misses, allowances.misses, now);
  refill(client.discoveries, allowances.discoveries, now);
  refill(school.revealed, allowances.revealed, now);
  while (client.pending.length > 0 && now - client.pending[0]! > TYPO_WINDOW_MS) expireMiss(client);
  while (school.namesAt.length > 0 && now - school.namesAt[0]! >= DAY_MS) {
    school.names.shift();
    school.namesAt.shift();
  }
  return { client, school };
}

/** What the names of an answer cost: discovered by the client, charged to the school, and the name that forgives. */
function costOf(
  search: PendingSearch,
  names: readonly string[],
  { client, school, guesser }: { client: ClientAccount; school: SchoolAccount; guesser: boolean },
) {
  const fresh: number[] = [];
  const charged: number[] = [];
  let discovered = 0;
  let forgiving: number | undefined;
  for (const name of names) {
    const hash = fnv1a32(name);
    if (client.shown.includes(hash)) continue;
    fresh.push(hash);
    const typed = name === search.typed;
    const known = school.names.includes(hash);
    if (!typed) discovered++;
    if (!known && (!typed || guesser)) charged.push(hash);
    if (!known && typed) forgiving = hash;
  }
  return { fresh, charged, discovered, forgiving };
}

/** Keeps the last `max` items of each array. */
function keepLast(max: number, ...lists: unknown[][]): void {
  for (const list of lists) if (list.length > max) list.splice(0, list.length - max);
}

/** One search: refused before it runs, or after when it shows more than a bucket holds (no oracle). */
function spendOn(
  search: PendingSearch,
  accounts: Accounts,
  allowances: Allowances,
  now: number,
): Ran | number {
  const { client, school } = accountsAt(accounts, allowances, now);
  // More misses waiting than a find forgives: what it finds now is charged as guessed.
  const guesser = client.guesserUntil > now || client.pending.length > FORGIVABLE;
  const api = search.channel === 'api';
  const buckets: [Bucket, number][] = [[client.misses, allowances.misses]];
  if (api) buckets.push([client.discoveries, allowances.discoveries]);
  if (api || guesser) buckets.push([school.revealed, allowances.revealed]);
  if (buckets.some(empty)) return waitSeconds(buckets);

  const ran = search.run();
  if (ran.names.length === 0) {
    missed(client, now);
    return ran;
  }
  const { fresh, charged, discovered, forgiving } = costOf(search, ran.names, { client, school, guesser });
  if (discovered > client.discoveries.level + ROUNDING || charged.length > school.revealed.level + ROUNDING) {
    missed(client, now);
    return waitSeconds(buckets);
  }
  client.discoveries.level -= discovered;
  school.revealed.level -= charged.length;
  if (forgiving !== undefined && client.pending.length > 0) {
    const forgiven = client.pending.splice(0, FORGIVABLE).length;
    client.misses.level = Math.min(allowances.misses / 2, client.misses.level + forgiven);
    // Remembered with the names charged: a name forgives once a day, whoever types it.
    if (!charged.includes(forgiving)) charged.push(forgiving);
  }
  for (const hash of charged) {
    school.names.push(hash);
    school.namesAt.push(now);
  }
  client.shown.push(...fresh);
  keepLast(SCHOOL_NAMES, school.names, school.namesAt);
  keepLast(REMEMBERED_NAMES, client.shown);
  return ran;
}

/** Runs a search for the client of `key` if its budgets allow and charges it (a promise when the book is shared). */
export function createSearchBudgets(settings: Settings, book: AccountBook) {
  if (!settings.searchBudgets) return undefined;
  const allowancesOf = (children: number): Allowances => ({
    misses: settings.searchClientMisses,
    discoveries: Math.max(CLIENT_FLOOR, (settings.searchClientShare / 100) * children),
    revealed: Math.max(SCHOOL_FLOOR, (settings.searchSchoolShare / 100) * children),
  });
  return (key: string, search: PendingSearch): Ran | number | Promise<Ran | number> => {
    const { children } = search;
    // A school that is not served: the search finds nobody, which the list of schools already says.
    if (children === undefined) return search.run();
    return book.open(key, search.school, (accounts, now) =>
      spendOn(search, accounts, allowancesOf(children), now),
    );
  };
}
