import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_SERVER_SETTINGS } from '../../../src/config/index.js';
import { memoryBook } from '../../../src/http/account-books.js';
import { createSearchBudgets } from '../../../src/http/search-budget.js';
import { PREPARED_ERRORS } from '../../../src/answer/answer.js';
import { Random } from '../../../src/demo/random.js';
import type { PendingSearch, Ran } from '../../../src/answer/answer.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const SCHOOL = 'Colegio Santa Teresa del Monte';
/** The demo's largest school. */
const CHILDREN = 784;
const FOUND = PREPARED_ERRORS.noYears; // any answer will do: the budgets never look at it
const MISS = 'nadie nada nunca';

/** A clock the test moves. */
function manualClock() {
  let now = 0;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

function budgetsAt(clock: () => number, maxAccounts?: number) {
  const spend = createSearchBudgets(DEFAULT_SERVER_SETTINGS, memoryBook(clock, maxAccounts))!;
  // The memory book answers at once.
  return { spend: (client: string, pending: PendingSearch) => spend(client, pending) as Ran | number };
}

interface Searched {
  channel?: 'api' | 'form';
  /** The name typed: by default a fragment through the API, the name shown through the form. */
  typed?: string;
  children?: number;
  school?: string;
}

/** A search that shows `names` (none: it finds nobody). */
function search(names: readonly string[], searched: Searched = {}) {
  const { channel = 'api', children = CHILDREN, school = SCHOOL } = searched;
  const typed = searched.typed ?? (channel === 'form' ? (names[0] ?? MISS) : 'e apellido a');
  const run = vi.fn(() => ({ answer: FOUND, names }));
  const pending: PendingSearch = {
    kind: 'search',
    channel,
    school,
    children,
    typed,
    run,
    refused: () => PREPARED_ERRORS.rateLimited,
  };
  return { pending, run };
}

const name = (i: number) => `nombre${i} apellido apellido`;
const answered = (spent: Ran | number) => typeof spent !== 'number';

/** Names no test has shown yet start here. */
let named = 1000;

/**
 * Clients through the API for `ms` of the clock, in turn, each search discovering one
 * name nobody was shown, each client waiting its `Retry-After` when refused: the
 * distinct names discovered.
 */
function discover(
  budgets: ReturnType<typeof budgetsAt>,
  clock: ReturnType<typeof manualClock>,
  clients: number,
  ms: number,
) {
  const readyAt = new Array<number>(clients).fill(clock.now());
  const first = named;
  let learned = 0;
  const end = clock.now() + ms;
  for (;;) {
    const next = readyAt.indexOf(Math.min(...readyAt));
    if (readyAt[next]! > end) return learned;
    if (readyAt[next]! > clock.now()) clock.advance(readyAt[next]! - clock.now());
    const spent = budgets.spend(`198.51.100.${next}`, search([name(first + learned)]).pending);
    if (typeof spent === 'number') readyAt[next] = clock.now() + spent * 1000;
    else named = first + ++learned;
  }
}

describe('the API search', () => {
  it('one client discovers at most 1 % of a school a day, whatever its pace', () => {
    const clock = manualClock();
    const budgets = budgetsAt(clock.now);
    const firstDay = discover(budgets, clock, 1, DAY);
    expect(firstDay).toBeLessThanOrEqual(0.01 * CHILDREN);
    expect(firstDay).toBeGreaterThanOrEqual(0.01 * CHILDREN - 2);
    // Then half of that a day: the half held at once is spent.
    expect(discover(budgets, clock, 1, DAY)).toBeLessThanOrEqual(0.005 * CHILDREN + 1);
  });

  it('250 clients together are shown at most 4 % of a school a day', () => {
    const clock = manualClock();
    const learned = discover(budgetsAt(clock.now), clock, 250, DAY);
    expect(learned).toBeLessThanOrEqual(0.04 * CHILDREN);
    expect(learned).toBeGreaterThanOrEqual(0.04 * CHILDREN - 2);
  });

  it('a small school keeps a floor of 2 names a day per client, 4 for all', () => {
    const clock = manualClock();
    const budgets = budgetsAt(clock.now);
    const shown = (client: string) =>
      Array.from({ length: 5 }, (_, i) =>
        budgets.spend(client, search([name(i + client.length)], { children: 20 }).pending),
      );
    expect(shown('198.51.100.1').filter(answered)).toHaveLength(1);
    expect(shown('198.51.100.22').filter(answered)).toHaveLength(1);
    // The school's 2 at once are spent: a third client is refused.
    expect(shown('198.51.100.333').filter(answered)).toHaveLength(0);
  });

  it('a name shown to a client lately costs nothing to show it again', () => {
    const clock = manualClock();
    const budgets = budgetsAt(clock.now);
    const same = [name(0), name(1)];
    for (let i = 0; i < 100; i++)
      expect(answered(budgets.spend('198.51.100.1', search(same).pending))).toBe(true);
    // Two of its 3.92 units are spent: 1 more name.
    const more = Array.from({ length: 8 }, (_, i) =>
      budgets.spend('198.51.100.1', search([name(10 + i)]).pending),
    );
    expect(more.filter(answered)).toHaveLength(1);
  });

  it('a search that finds nobody costs one of the client’s 10 misses at that school, and nothing of another school', () => {
    const clock = manualClock();
    const budgets = budgetsAt(clock.now);
    const misses = Array.from({ length: 15 }, () => budgets.spend('198.51.100.1', search([]).pending));
    expect(misses.filter(answered)).toHaveLength(10);
    expect(
      answered(budgets.spend('198.51.100.1', search([], { school: 'Ikastola Txori Berri' }).pending)),
    ).toBe(true);
    // One miss back in 2.4 hours: 10 a day refilled.
    clock.advance(2.4 * HOUR);
    expect(answered(budgets.spend('198.51.100.1', search([]).pending))).toBe(true);
    expect(answered(budgets.spend('198.51.100.1', search([]).pending))).toBe(false);
  });

  it('the name typed whole, found, is a confirmation: it spends no discovery and nothing of the school', () => {
    const clock = manualClock();
    const budgets = budgetsAt(clock.now);
    for (let i = 0; i < 100; i++) {
      const whole = name(i);
      expect(answered(budgets.spend(`198.51.100.${i}`, search([whole], { typed: whole }).pending))).toBe(
        true,
      );
    }
    expect(discover(budgets, clock, 250, DAY)).toBeGreaterThanOrEqual(0.04 * CHILDREN - 2);
  });

  it('a school that is not served costs nothing', () => {
    const budgets = budgetsAt(() => 0);
    const nowhere = { ...search([]).pending, children: undefined };
    for (let i = 0; i < 1000; i++) expect(answered(budgets.spend('198.51.100.1', nowhere))).toBe(true);
  });
});

describe('no lock-out by searches that reveal nothing', () => {
  it('250 addresses that find nobody, or repeat names shown already, leave every other client its budget', () => {
    const clock = manualClock();
    const budgets = budgetsAt(clock.now);
    const shown = [name(1), name(2)];
    expect(answered(budgets.spend('203.0.113.1', search(shown).pending))).toBe(true);
    for (let round = 0; round < 3; round++)
      for (let i = 0; i < 250; i++) {
        budgets.spend(`198.18.0.${i}`, search([]).pending);
        budgets.spend(`198.18.1.${i}`, search(shown).pending);
        budgets.spend(`198.18.2.${i}`, search([], { channel: 'form' }).pending);
      }
    // Another client is shown what its own budget allows: 3 names at once.
    const other = Array.from({ length: 9 }, (_, i) =>
      budgets.spend('203.0.113.2', search([name(100 + i)]).pending),
    );
    expect(other.filter(answered)).toHaveLength(3);
  });
});

describe('no oracle', () => {
  it('an empty budget refuses before the search runs: hit or miss, the same 429', () => {
    const clock = manualClock();
    const budgets = budgetsAt(clock.now);
    while (answered(budgets.spend('198.51.100.1', search([]).pending)));
    const hit = search([name(1)]);
    const miss = search([]);
    const [refusedHit, refusedMiss] = [
      budgets.spend('198.51.100.1', hit.pending),
      budgets.spend('198.51.100.1', miss.pending),
    ];
    expect(refusedHit).toBeTypeOf('number');
    expect(refusedHit).toBe(refusedMiss);
    expect(hit.run).not.toHaveBeenCalled();
    expect(miss.run).not.toHaveBeenCalled();
  });

  it('an answer of more names than are left is refused, and charged as a miss', () => {
    const clock = manualClock();
    const budgets = budgetsAt(clock.now);
    budgets.spend('198.51.100.1', search([name(0)]).pending); // 2.92 left
    const many = search([5, 6, 7, 8].map(name));
    const spent = budgets.spend('198.51.100.1', many.pending);
    expect(many.run).toHaveBeenCalled();
    expect(spent).toBeTypeOf('number');
    expect(spent).toBeGreaterThanOrEqual(1);
    // Two names are shown, no third; 9 misses are left of 10.
    expect(answered(budgets.spend('198.51.100.1', search([name(9), name(10)]).pending))).toBe(true);
    expect(answered(budgets.spend('198.51.100.1', search([name(11)]).pending))).toBe(false);
    const misses = Array.from({ length: 10 }, () =>
      budgets.spend('198.51.100.1', search([], { channel: 'form' }).pending),
    );
    expect(misses.filter(answered)).toHaveLength(9);
  });

  it('Retry-After is when a unit is back, the same for a hit and a miss, never the count of names', () => {
    const clock = manualClock();
    const budgets = budgetsAt(clock.now);
    for (let i = 0; i < 3; i++) budgets.spend('198.51.100.1', search([name(i)]).pending); // 0.92 left
    const waits = [
      budgets.spend('198.51.100.1', search([]).pending),
      budgets.spend('198.51.100.1', search([name(100), name(101)]).pending),
    ];
    // 3.92 units a day refilled: 0.08 of a unit in 0.08 / 3.92 days.
    expect(waits).toEqual([Math.ceil((0.08 / 3.92) * 86_400), Math.ceil((0.08 / 3.92) * 86_400)]);
    clock.advance((waits[0] as number) * 1000);
    expect(answered(budgets.spend('198.51.100.1', search([name(100)]).pending))).toBe(true);
  });
});

/** 200 children of schools in turn (or all of one school). */
const family = (i: number, schools: number) => ({ child: name(i), school: `Escuela ${i % schools}` });

describe('the web form', () => {
  it.each([
    ['of 40 schools', 40],
    ['all of one school', 1],
  ])(
    '200 families behind one address, %s, each finding its own child within 10 minutes, a fifth mistyping first: none refused',
    (_, schools) => {
      const clock = manualClock();
      const budgets = budgetsAt(clock.now);
      // Each family starts at a moment of the 10 minutes, and tries again 20 s after a typo (a tenth twice).
      const rng = new Random(7, 3);
      const attempts = Array.from({ length: 200 }, (_, i) => {
        const { child, school } = family(i, schools);
        const typos = i % 5 === 0 ? (i % 10 === 0 ? 2 : 1) : 0;
        const start = rng.next() * 10 * MINUTE;
        return Array.from({ length: typos + 1 }, (_, t) => ({
          at: start + t * 20_000,
          family: i,
          names: t < typos ? [] : [child],
          school,
        }));
      })
        .flat()
        .sort((a, b) => a.at - b.at);
      const refused = new Set<number>();
      for (const { at, family: i, names, school } of attempts) {
        clock.advance(at - clock.now());
        const typed = names[0] ?? 'nombre apelido apellido';
        if (
          !answered(budgets.spend('198.51.100.1', search(names, { channel: 'form', typed, school }).pending))
        )
          refused.add(i);
      }
      expect([...refused]).toEqual([]);
    },
  );

  it('a typo put right within five minutes is forgiven; one left longer is not', () => {
    const clock = manualClock();
    const budgets = budgetsAt(clock.now);
    for (let i = 0; i < 30; i++) {
      expect(answered(budgets.spend('198.51.100.1', search([], { channel: 'form' }).pending))).toBe(true);
      clock.advance(20_000);
      expect(answered(budgets.spend('198.51.100.1', search([name(i)], { channel: 'form' }).pending))).toBe(
        true,
      );
    }
    // Ten misses left and none forgiven once their five minutes are over.
    for (let i = 0; i < 10; i++) {
      expect(answered(budgets.spend('198.51.100.1', search([], { channel: 'form' }).pending))).toBe(true);
      clock.advance(6 * MINUTE);
      budgets.spend('198.51.100.1', search([name(100 + i)], { channel: 'form' }).pending);
    }
    expect(answered(budgets.spend('198.51.100.1', search([], { channel: 'form' }).pending))).toBe(false);
  });

  it('a name forgives once a day: one the guesser knows does not buy it more guesses', () => {
    const clock = manualClock();
    const budgets = budgetsAt(clock.now);
    const known = name(1);
    let guesses = 0;
    for (let i = 0; i < 100; i++) {
      if (!answered(budgets.spend(`198.51.100.${i % 3}`, search([], { channel: 'form' }).pending))) break;
      guesses++;
      budgets.spend(`198.51.100.${i % 3}`, search([known], { channel: 'form' }).pending);
    }
    // Three addresses, ten misses each, one of them forgiven once.
    expect(guesses).toBe(31);
  });

  it('a guesser’s finds spend the school, and once it is spent guessers wait; families who typed right never do', () => {
    const clock = manualClock();
    const budgets = budgetsAt(clock.now);
    // 40 guessers, each with a miss older than five minutes and then finds: 15.68 of the school's units.
    for (let i = 0; i < 40; i++) budgets.spend(`198.18.0.${i}`, search([], { channel: 'form' }).pending);
    clock.advance(6 * MINUTE);
    const found = Array.from({ length: 40 }, (_, i) =>
      budgets.spend(`198.18.0.${i}`, search([name(i)], { channel: 'form' }).pending),
    );
    expect(found.filter(answered)).toHaveLength(15);
    const waiting = search([name(50)], { channel: 'form' });
    expect(budgets.spend('198.18.0.39', waiting.pending)).toBeTypeOf('number');
    expect(waiting.run).not.toHaveBeenCalled();
    // The API, which may discover, waits too; a family that types its child's name does not.
    expect(budgets.spend('203.0.113.1', search([name(60)]).pending)).toBeTypeOf('number');
    for (let i = 0; i < 50; i++)
      expect(
        answered(budgets.spend('203.0.113.2', search([name(70 + i)], { channel: 'form' }).pending)),
      ).toBe(true);
    // A family's fresh typo, put right at once, is not refused either.
    expect(answered(budgets.spend('203.0.113.3', search([], { channel: 'form' }).pending))).toBe(true);
    expect(answered(budgets.spend('203.0.113.3', search([name(200)], { channel: 'form' }).pending))).toBe(
      true,
    );
  });

  it('shares the client’s misses at a school with the API', () => {
    const clock = manualClock();
    const budgets = budgetsAt(clock.now);
    for (let i = 0; i < 10; i++) budgets.spend('198.51.100.1', search([]).pending);
    expect(budgets.spend('198.51.100.1', search([], { channel: 'form' }).pending)).toBeTypeOf('number');
  });
});

describe('memory', () => {
  it('past the most accounts kept, the one idle longest is forgotten and starts afresh', () => {
    const clock = manualClock();
    const budgets = budgetsAt(clock.now, 2);
    while (answered(budgets.spend('198.51.100.1', search([]).pending)));
    budgets.spend('198.51.100.2', search([]).pending);
    expect(budgets.spend('198.51.100.1', search([]).pending)).toBeTypeOf('number');
    budgets.spend('198.51.100.3', search([]).pending);
    budgets.spend('198.51.100.2', search([]).pending);
    budgets.spend('198.51.100.4', search([]).pending);
    expect(answered(budgets.spend('198.51.100.1', search([]).pending))).toBe(true);
  });

  it('a client idle a day has its whole budget back (and is forgotten: nothing of it is lost)', () => {
    const clock = manualClock();
    const budgets = budgetsAt(clock.now);
    while (answered(budgets.spend('198.51.100.1', search([]).pending)));
    clock.advance(DAY);
    const misses = Array.from({ length: 30 }, () => budgets.spend('198.51.100.1', search([]).pending));
    expect(misses.filter(answered)).toHaveLength(10);
  });
});

it('SEARCH_BUDGETS=off: no budgets', () => {
  expect(
    createSearchBudgets(
      { ...DEFAULT_SERVER_SETTINGS, searchBudgets: false },
      memoryBook(() => 0),
    ),
  ).toBeUndefined();
});
