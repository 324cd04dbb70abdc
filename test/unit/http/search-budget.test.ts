import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_SERVER_SETTINGS } from '../../../src/config/index.js';
import { createSearchBudgets } from '../../../src/http/search-budget.js';
import { PREPARED_ERRORS } from '../../../src/http/answer.js';
import type { PendingSearch } from '../../../src/http/search-budget.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const SCHOOL = 'Colegio Santa Teresa del Monte';
/** The demo's largest school. */
const CHILDREN = 784;
const FOUND = PREPARED_ERRORS.noYears; // any answer will do: the budgets never look at it

/** A clock the test moves. */
function manualClock() {
  let now = 0;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

function budgetsAt(clock: () => number, maxClients?: number) {
  return { spend: createSearchBudgets(DEFAULT_SERVER_SETTINGS, clock, maxClients)! };
}

/** A search that shows `names` (none: it finds nobody). */
function search(
  names: readonly string[],
  channel: 'api' | 'form' = 'api',
  children: number | undefined = CHILDREN,
) {
  const run = vi.fn(() => ({ answer: FOUND, names }));
  const pending: PendingSearch = {
    kind: 'search',
    channel,
    school: SCHOOL,
    children,
    run,
    refused: () => PREPARED_ERRORS.rateLimited,
  };
  return { pending, run };
}

const name = (i: number) => `nombre${i} apellido apellido`;

/**
 * One attacker through the API for `ms` of the clock, from `clients` addresses in turn,
 * each search showing one name nobody was shown, each client waiting its `Retry-After`
 * when refused: the distinct names learned.
 */
function enumerate(
  budgets: ReturnType<typeof budgetsAt>,
  clock: ReturnType<typeof manualClock>,
  clients: number,
  ms: number,
) {
  const readyAt = new Array<number>(clients).fill(0);
  let learned = 0;
  const end = clock.now() + ms;
  for (;;) {
    const next = readyAt.indexOf(Math.min(...readyAt));
    if (readyAt[next]! > end) return learned;
    if (readyAt[next]! > clock.now()) clock.advance(readyAt[next]! - clock.now());
    const spent = budgets.spend(`198.51.100.${next}`, search([name(learned)]).pending);
    if (typeof spent === 'number') readyAt[next] = clock.now() + spent * 1000;
    else learned++;
  }
}

describe('the API search', () => {
  it('one client is shown at most 5 % of a school a day, whatever its pace', () => {
    const clock = manualClock();
    const budgets = budgetsAt(clock.now);
    const firstDay = enumerate(budgets, clock, 1, DAY);
    expect(firstDay).toBeLessThanOrEqual(0.05 * CHILDREN);
    expect(firstDay).toBeGreaterThanOrEqual(0.05 * CHILDREN - 2);
    // Then half of that a day: the half held at once is spent.
    expect(enumerate(budgets, clock, 1, DAY)).toBeLessThanOrEqual(0.025 * CHILDREN + 1);
  });

  it('250 clients together are shown at most 10 % of a school a day', () => {
    const clock = manualClock();
    const learned = enumerate(budgetsAt(clock.now), clock, 250, DAY);
    expect(learned).toBeLessThanOrEqual(0.1 * CHILDREN);
    expect(learned).toBeGreaterThanOrEqual(0.1 * CHILDREN - 2);
  });

  it('a small school keeps a floor of 4 names a day per client', () => {
    const clock = manualClock();
    const budgets = budgetsAt(clock.now);
    let shown = 0;
    for (let i = 0; i < 10; i++) {
      if (typeof budgets.spend('198.51.100.1', search([name(i)], 'api', 20).pending) !== 'number') shown++;
    }
    expect(shown).toBe(2);
  });

  it('a name shown to a client lately costs nothing to show it again', () => {
    const clock = manualClock();
    const budgets = budgetsAt(clock.now);
    const same = [name(0), name(1)];
    for (let i = 0; i < 100; i++)
      expect(budgets.spend('198.51.100.1', search(same).pending)).not.toBeTypeOf('number');
    // Two of its 19.6 units are spent: 17 searches that find nobody are left.
    const misses = Array.from({ length: 20 }, () => budgets.spend('198.51.100.1', search([]).pending));
    expect(misses.filter((spent) => typeof spent !== 'number')).toHaveLength(17);
    // Another client pays for them.
    budgets.spend('198.51.100.2', search(same).pending);
    const others = Array.from({ length: 20 }, () => budgets.spend('198.51.100.2', search([]).pending));
    expect(others.filter((spent) => typeof spent !== 'number')).toHaveLength(17);
  });

  it('a search that finds nobody costs one', () => {
    const clock = manualClock();
    const budgets = budgetsAt(clock.now);
    const capacity = (0.05 * CHILDREN) / 2;
    const answered = Array.from({ length: 30 }, () => budgets.spend('198.51.100.1', search([]).pending));
    expect(answered.filter((spent) => typeof spent !== 'number')).toHaveLength(Math.floor(capacity));
  });

  it('a school that is not served costs nothing', () => {
    const budgets = budgetsAt(() => 0);
    for (let i = 0; i < 1000; i++) {
      expect(budgets.spend('198.51.100.1', { ...search([]).pending, children: undefined })).not.toBeTypeOf(
        'number',
      );
    }
  });
});

describe('no oracle', () => {
  it('an empty budget refuses before the search runs: hit or miss, the same 429', () => {
    const clock = manualClock();
    const budgets = budgetsAt(clock.now);
    while (typeof budgets.spend('198.51.100.1', search([]).pending) !== 'number');
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

  it('with a unit left, a hit and a miss are both answered', () => {
    for (const names of [[name(1)], []]) {
      const clock = manualClock();
      const budgets = budgetsAt(clock.now);
      // 19.6 units: 18 misses leave 1.6.
      for (let i = 0; i < 18; i++) budgets.spend('198.51.100.1', search([]).pending);
      expect(budgets.spend('198.51.100.1', search(names).pending)).not.toBeTypeOf('number');
      expect(budgets.spend('198.51.100.1', search(names).pending)).toBeTypeOf('number');
    }
  });

  it('an answer of more names than are left is refused, and charged as one guess', () => {
    const clock = manualClock();
    const budgets = budgetsAt(clock.now);
    for (let i = 0; i < 16; i++) budgets.spend('198.51.100.1', search([]).pending); // 3.6 left
    const many = search([1, 2, 3, 4, 5].map(name));
    const spent = budgets.spend('198.51.100.1', many.pending);
    expect(many.run).toHaveBeenCalled();
    expect(spent).toBeTypeOf('number');
    expect(spent).toBeGreaterThanOrEqual(1);
    // 2.6 left: two names are shown, no third.
    expect(budgets.spend('198.51.100.1', search([name(6), name(7)]).pending)).not.toBeTypeOf('number');
    expect(budgets.spend('198.51.100.1', search([name(8)]).pending)).toBeTypeOf('number');
  });

  it('Retry-After is when a unit is back, the same for a hit and a miss, never the count of names', () => {
    const clock = manualClock();
    const budgets = budgetsAt(clock.now);
    for (let i = 0; i < 19; i++) budgets.spend('198.51.100.1', search([]).pending); // 0.6 left
    const waits = [
      budgets.spend('198.51.100.1', search([]).pending),
      budgets.spend('198.51.100.1', search([name(1)]).pending),
    ];
    // 19.6 units a day: 0.4 of a unit in 0.4 / 19.6 days.
    expect(waits).toEqual([Math.ceil((0.4 / 19.6) * 86_400), Math.ceil((0.4 / 19.6) * 86_400)]);
    clock.advance((waits[0] as number) * 1000);
    expect(budgets.spend('198.51.100.1', search([name(1)]).pending)).not.toBeTypeOf('number');
  });
});

describe('the web form', () => {
  it('200 families behind one address, each finding its own child within 10 minutes, a fifth mistyping first: none refused', () => {
    const clock = manualClock();
    const budgets = budgetsAt(clock.now);
    const refused: number[] = [];
    for (let family = 0; family < 200; family++) {
      clock.advance((10 * 60_000) / 200);
      const attempts = family % 5 === 0 ? [[], [name(family)]] : [[name(family)]];
      for (const names of attempts) {
        if (typeof budgets.spend('198.51.100.1', search(names, 'form').pending) === 'number')
          refused.push(family);
      }
    }
    expect(refused).toEqual([]);
  });

  it('a parent who mistypes gets the answer, not a refusal; a guesser is refused after 100 misses, then one every 36 s', () => {
    const clock = manualClock();
    const budgets = budgetsAt(clock.now);
    for (let i = 0; i < 100; i++)
      expect(budgets.spend('198.51.100.1', search([], 'form').pending)).not.toBeTypeOf('number');
    expect(budgets.spend('198.51.100.1', search([], 'form').pending)).toBe(36);
    // A confirmed name waits too: the refusal does not tell what the search would find.
    expect(budgets.spend('198.51.100.1', search([name(1)], 'form').pending)).toBe(36);
    clock.advance(36_000);
    expect(budgets.spend('198.51.100.1', search([name(1)], 'form').pending)).not.toBeTypeOf('number');
  });

  it('is counted apart from the API: a client that spent its API budget still finds its child', () => {
    const clock = manualClock();
    const budgets = budgetsAt(clock.now);
    while (typeof budgets.spend('198.51.100.1', search([]).pending) !== 'number');
    expect(budgets.spend('198.51.100.1', search([name(1)], 'form').pending)).not.toBeTypeOf('number');
  });
});

describe('memory', () => {
  it('past the most clients counted, the one idle longest is forgotten and starts afresh', () => {
    const clock = manualClock();
    const budgets = budgetsAt(clock.now, 2);
    while (typeof budgets.spend('198.51.100.1', search([]).pending) !== 'number');
    budgets.spend('198.51.100.2', search([]).pending);
    expect(budgets.spend('198.51.100.1', search([]).pending)).toBeTypeOf('number');
    budgets.spend('198.51.100.3', search([]).pending);
    budgets.spend('198.51.100.2', search([]).pending);
    budgets.spend('198.51.100.4', search([]).pending);
    expect(budgets.spend('198.51.100.1', search([]).pending)).not.toBeTypeOf('number');
  });

  it('a client idle a day has its whole budget back (and is forgotten: nothing of it is lost)', () => {
    const clock = manualClock();
    const budgets = budgetsAt(clock.now);
    while (typeof budgets.spend('198.51.100.1', search([]).pending) !== 'number');
    clock.advance(DAY);
    const answered = Array.from({ length: 30 }, () => budgets.spend('198.51.100.1', search([]).pending));
    expect(answered.filter((spent) => typeof spent !== 'number')).toHaveLength(19);
  });
});

it('SEARCH_BUDGETS=off: no budgets', () => {
  expect(createSearchBudgets({ ...DEFAULT_SERVER_SETTINGS, searchBudgets: false }, () => 0)).toBeUndefined();
});
