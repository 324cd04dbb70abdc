import { describe, expect, it } from 'vitest';
import { compareSpanish } from '../../../src/domain/collation.js';
import { rankByScore, smallest } from '../../../src/domain/statistics/ranking.js';

/** A deterministic pseudo-random sequence (mulberry32). */
function sequence(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('rankByScore', () => {
  it('orders by score desc, then by Spanish order of the label', () => {
    const items = [
      { label: 'Zoe', score: 2 },
      { label: 'Angela', score: 2 },
      { label: 'angel', score: 2 },
      { label: 'Ñandu', score: 2 },
      { label: 'Nora', score: 2 },
      { label: 'Oscar', score: 2 },
      { label: 'Ane', score: 5 },
    ];
    const ranked = rankByScore(
      items,
      10,
      (item) => item.score,
      (item) => item.label,
    );
    expect(ranked.map((item) => item.label)).toEqual([
      'Ane',
      'angel',
      'Angela',
      'Nora',
      'Ñandu',
      'Oscar',
      'Zoe',
    ]);
  });

  it('cuts at the limit, choosing among tied items by Spanish order', () => {
    const items = ['d', 'C', 'b', 'A', 'e'].map((label) => ({ label, score: 1 }));
    items.push({ label: 'z', score: 3 });
    const ranked = rankByScore(
      items,
      3,
      (item) => item.score,
      (item) => item.label,
    );
    expect(ranked.map((item) => item.label)).toEqual(['z', 'A', 'b']);
  });

  it('gives the same result as a full sort on large inputs with many ties', () => {
    const random = sequence(7);
    const items = Array.from({ length: 5000 }, (_, i) => ({
      label: `n${Math.floor(random() * 1e6).toString(36)}${i}`,
      score: Math.floor(random() * random() * 20),
    }));
    const compare = (a: (typeof items)[number], b: (typeof items)[number]): number =>
      b.score - a.score || compareSpanish(a.label, b.label);
    for (const limit of [0, 1, 15, 250, 4999, 5000, 6000]) {
      const ranked = rankByScore(
        items,
        limit,
        (item) => item.score,
        (item) => item.label,
      );
      expect(ranked).toEqual([...items].sort(compare).slice(0, limit));
    }
  });
});

describe('smallest', () => {
  it('keeps the k smallest items in order', () => {
    const numbers = [9, 3, 7, 1, 8, 2, 6, 4, 5, 0];
    expect(smallest(numbers, 4, (a, b) => a - b)).toEqual([0, 1, 2, 3]);
    expect(smallest(numbers, 0, (a, b) => a - b)).toEqual([]);
    expect(smallest(numbers, 20, (a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});
