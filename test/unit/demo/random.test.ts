import { describe, expect, it } from 'vitest';

import { Random, weightedPicker, zipfWeights } from '../../../src/demo/index.js';

const draw = (rng: Random, n: number) => Array.from({ length: n }, () => rng.next());

describe('Random (sfc32)', () => {
  it('repeats the same sequence for the same seed and stream', () => {
    expect(draw(new Random(7), 100)).toEqual(draw(new Random(7), 100));
    expect(draw(new Random(7, 3), 100)).toEqual(draw(new Random(7, 3), 100));
  });

  it('differs for another seed or another stream', () => {
    const a = draw(new Random(7), 100);
    expect(draw(new Random(8), 100)).not.toEqual(a);
    expect(draw(new Random(7, 1), 100)).not.toEqual(a);
    expect(draw(new Random(7 + 2 ** 32), 100)).not.toEqual(a);
  });

  it('gives floats in [0, 1) with a mean near 0.5', () => {
    const rng = new Random(1);
    let sum = 0;
    let outOfRange = 0;
    for (let i = 0; i < 100_000; i++) {
      const x = rng.next();
      if (!(x >= 0 && x < 1)) outOfRange++;
      sum += x;
    }
    expect(outOfRange).toBe(0);
    expect(sum / 100_000).toBeCloseTo(0.5, 2);
  });
});

describe('weightedPicker', () => {
  it('follows the weights and never picks a zero weight', () => {
    const pick = weightedPicker(['a', 'b', 'c', 'd'], [3, 1, 0, 0]);
    const rng = new Random(5);
    const counts = { a: 0, b: 0, c: 0, d: 0 };
    for (let i = 0; i < 40_000; i++) counts[pick(rng) as keyof typeof counts]++;
    expect(counts.c + counts.d).toBe(0);
    expect(counts.a / counts.b).toBeGreaterThan(2.8);
    expect(counts.a / counts.b).toBeLessThan(3.2);
  });

  it('has decreasing Zipf-like weights', () => {
    const w = zipfWeights(5, 0, 1);
    expect(w).toEqual([1, 1 / 2, 1 / 3, 1 / 4, 1 / 5]);
  });
});
