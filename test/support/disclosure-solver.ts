/**
 * An attacker's solver: what can be worked out about figures a site withholds from the
 * linear facts it publishes (a total is the sum of its parts) and the bounds it states
 * ("fewer than k"). Interval propagation: each fact narrows each of its unknowns by what
 * the others can be at most and at least, until nothing moves. It finds every value that
 * "a total minus its shown parts" gives, through any chain of such subtractions.
 */

/** What the attacker knows of one withheld figure: it lies in [lo, hi] (hi may be Infinity). */
export interface Bounds {
  lo: number;
  hi: number;
}

/** The unknowns `terms` add up to `total` (what is published of the fact, its known parts taken away). */
export interface LinearFact {
  terms: readonly string[];
  total: number;
}

/** Narrows `unknowns` (in place) by `facts` until nothing moves; returns them. */
export function propagate(unknowns: Map<string, Bounds>, facts: readonly LinearFact[]): Map<string, Bounds> {
  for (let round = 0, moved = true; moved && round < 1000; round++) {
    moved = false;
    for (const { terms, total } of facts) {
      const bounds = terms.map((term) => unknowns.get(term)!);
      const lowSum = bounds.reduce((sum, bound) => sum + bound.lo, 0);
      const infinite = bounds.filter((bound) => bound.hi === Infinity).length;
      const finiteHighSum = bounds.reduce((sum, bound) => sum + (bound.hi === Infinity ? 0 : bound.hi), 0);
      for (const bound of bounds) {
        const othersInfinite = infinite - (bound.hi === Infinity ? 1 : 0);
        const othersHigh = finiteHighSum - (bound.hi === Infinity ? 0 : bound.hi);
        const lo = othersInfinite > 0 ? -Infinity : total - othersHigh;
        const hi = total - (lowSum - bound.lo);
        if (lo > bound.lo) [bound.lo, moved] = [lo, true];
        if (hi < bound.hi) [bound.hi, moved] = [hi, true];
      }
    }
  }
  return unknowns;
}

/**
 * The withheld figures the attacker learns something of: pinned to one value, shown to
 * be 0, or shown not to be 0 (which tells a child with that name was there).
 */
export function disclosed(unknowns: ReadonlyMap<string, Bounds>, withheld: readonly string[]): string[] {
  return withheld.flatMap((id) => {
    const { lo, hi } = unknowns.get(id)!;
    if (lo === hi) return [`${id} = ${lo}`];
    if (hi <= 0) return [`${id} is 0`];
    if (lo >= 1) return [`${id} is at least ${lo}`];
    return [];
  });
}
