import type { ServerSettings } from '../config/index.js';
import type { Answer } from './answer.js';
import { fnv1a32 } from '../domain/hashing.js';

/**
 * A participant search that passed validation and has not run yet: the search budgets
 * decide whether it may run, then charge what it showed.
 */
export interface PendingSearch {
  readonly kind: 'search';
  /** The API's search (names that contain the input) or the web form's (the whole name typed). */
  channel: 'api' | 'form';
  school: string;
  /** The school's children in the served model; undefined when no such school is served. */
  children: number | undefined;
  /** The answer, and the distinct names it shows (their search keys; none when it found nobody). */
  run(): { answer: Answer; names: readonly string[] };
  /** The answer when a budget refuses it (429). */
  refused(): Answer;
}

/**
 * Budgets on what participant searches reveal, not on how many arrive (docs/security.md,
 * "Search budgets"). Each is a leaky bucket: it holds up to its capacity in units and
 * refills continuously, so nobody waits for a window to end.
 *
 * - The API (`/api/participants`, names that contain the input): a search that finds
 *   people costs one unit per distinct name it shows that this client was not shown
 *   lately; one that finds nobody costs one. Charged to the client's bucket for that
 *   school and to the school's bucket (every client together), each sized from the
 *   school's children: a day's allowance of `searchClientShare` and `searchSchoolShare`
 *   per cent of them, half held at once, the other half refilled over the day.
 * - The web form (`POST /buscar`, only the whole name typed): a name confirmed costs a
 *   unit of the client's `confirmed` bucket, a search that finds nobody one of its
 *   `missed` bucket (`searchFormFamilies` and half as many, each refilled in an hour).
 *
 * No oracle: a search is refused before it runs when a bucket it could be charged to
 * holds less than a unit, so the refusal depends on what the client already knew. After
 * it ran, an answer that would cost more names than a bucket holds is refused too and
 * charged as a search that found nobody: it tells that several names match, and none of them.
 */

/** Milliseconds on a clock that only goes forward (`performance.now`, or a test's). */
export type Clock = () => number;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Names a day one client, and every client together, may be shown of a school through the API, however small. */
const CLIENT_FLOOR = 4;
const SCHOOL_FLOOR = 8;
/** The form's `missed` bucket, as a share of its `confirmed` one. */
const MISSED_SHARE = 0.5;
/** How many of the names shown to a client last are free to show it again. */
const REMEMBERED_NAMES = 32;
/** A client idle this long has every bucket full again: it is forgotten. */
const IDLE_MS = DAY_MS;
/** Units a bucket may lack and still count as holding one (refills are sums of small floating-point steps). */
const ROUNDING = 1e-9;
/** Clients counted at most; past it the one idle longest is forgotten (its next search starts afresh). */
const MAX_CLIENTS = 50_000;

/** A leaky bucket: `level` units as of `at`. */
type Bucket = { level: number; at: number };

/** A bucket with its size for this search: capacity and refill per millisecond. */
interface Account {
  bucket: Bucket;
  capacity: number;
  perMs: number;
}

/** One client's buckets, and the names it was shown last (hashed). */
interface Client {
  lastSeen: number;
  /** The API's, one per school searched (a few: a list is lighter than a map). */
  schools: (Bucket & { readonly school: string })[];
  confirmed: Bucket | undefined;
  missed: Bucket | undefined;
  shown: number[];
  nextShown: number;
}

/** An account whose day's allowance is `units`: half held at once, half refilled over the day. */
function dayAccount(bucket: Bucket, units: number): Account {
  return { bucket, capacity: units / 2, perMs: units / 2 / DAY_MS };
}

/** Seconds until every account holds a unit, at least 1. */
function waitSeconds(accounts: readonly Account[]): number {
  let ms = 0;
  for (const { bucket, perMs } of accounts) ms = Math.max(ms, (1 - ROUNDING - bucket.level) / perMs);
  return Math.max(1, Math.ceil(ms / 1000));
}

function charge(accounts: readonly Account[], units: number): void {
  for (const { bucket } of accounts) bucket.level -= units;
}

/**
 * The client of `key`, seen now: moved to the end of `clients` (least recently seen
 * first), and the clients idle too long, or past `maxClients`, forgotten.
 */
function seeClient(clients: Map<string, Client>, key: string, now: number, maxClients: number): Client {
  let client = clients.get(key);
  if (client === undefined)
    client = { lastSeen: now, schools: [], confirmed: undefined, missed: undefined, shown: [], nextShown: 0 };
  else clients.delete(key);
  client.lastSeen = now;
  clients.set(key, client);
  for (const [idleKey, idle] of clients) {
    if (now - idle.lastSeen < IDLE_MS && clients.size <= maxClients) break;
    clients.delete(idleKey);
  }
  return client;
}

/**
 * Runs a search for the client of `key` if its budgets allow, and charges what it showed:
 * the search that ran, or the seconds to wait (429, `Retry-After`). Undefined when off.
 */
export function createSearchBudgets(
  settings: Pick<
    ServerSettings,
    'searchBudgets' | 'searchClientShare' | 'searchSchoolShare' | 'searchFormFamilies'
  >,
  clock: Clock,
  maxClients = MAX_CLIENTS,
) {
  if (!settings.searchBudgets) return undefined;
  const clientShare = settings.searchClientShare / 100;
  const schoolShare = settings.searchSchoolShare / 100;
  const families = settings.searchFormFamilies;
  /** Least recently seen first: a client seen again is moved to the end. */
  const clients = new Map<string, Client>();
  const schools = new Map<string, Bucket>();

  /** The accounts a search is charged to when it shows names, and when it finds nobody. */
  const accountsOf = (client: Client, { channel, school }: PendingSearch, children: number, now: number) => {
    if (channel === 'api') {
      const own = Math.max(CLIENT_FLOOR, clientShare * children);
      const all = Math.max(SCHOOL_FLOOR, schoolShare * children);
      let clientBucket = client.schools.find((bucket) => bucket.school === school);
      if (clientBucket === undefined)
        client.schools.push((clientBucket = { school, level: own / 2, at: now }));
      let schoolBucket = schools.get(school);
      if (schoolBucket === undefined) schools.set(school, (schoolBucket = { level: all / 2, at: now }));
      const accounts = [dayAccount(clientBucket, own), dayAccount(schoolBucket, all)];
      return { hit: accounts, miss: accounts };
    }
    const missed = families * MISSED_SHARE;
    client.confirmed ??= { level: families, at: now };
    client.missed ??= { level: missed, at: now };
    return {
      hit: [{ bucket: client.confirmed, capacity: families, perMs: families / HOUR_MS }],
      miss: [{ bucket: client.missed, capacity: missed, perMs: missed / HOUR_MS }],
    };
  };

  return (key: string, search: PendingSearch): ReturnType<PendingSearch['run']> | number => {
    const { children } = search;
    // A school that is not served: the search finds nobody, which the list of schools already says.
    if (children === undefined) return search.run();
    const now = clock();
    const client = seeClient(clients, key, now, maxClients);
    const { hit, miss } = accountsOf(client, search, children, now);
    const accounts = hit === miss ? hit : [...hit, ...miss];
    let empty = false;
    for (const { bucket, capacity, perMs } of accounts) {
      bucket.level = Math.min(capacity, bucket.level + (now - bucket.at) * perMs);
      bucket.at = now;
      if (bucket.level < 1 - ROUNDING) empty = true;
    }
    if (empty) return waitSeconds(accounts);

    const ran = search.run();
    if (ran.names.length === 0) {
      charge(miss, 1);
      return ran;
    }
    // Hashed with the school (FNV-1a, 32 bits, of `school\nname`, the school's part once):
    // the client's memory of names keeps no text.
    const ofSchool = fnv1a32('\n', fnv1a32(search.school));
    const fresh: number[] = [];
    for (const name of ran.names) {
      const hash = fnv1a32(name, ofSchool);
      if (!client.shown.includes(hash)) fresh.push(hash);
    }
    if (hit.some(({ bucket }) => bucket.level < fresh.length - ROUNDING)) {
      charge(miss, 1);
      return waitSeconds(accounts);
    }
    charge(hit, fresh.length);
    for (const hash of fresh) client.shown[client.nextShown++ % REMEMBERED_NAMES] = hash;
    return ran;
  };
}
