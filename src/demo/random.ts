import { mix32 } from '../domain/hashing.js';

/** sfc32 (public domain, Chris Doty-Humphrey): the same seed gives the same numbers on every platform. */
export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d = 1;

  /** `stream`: an independent sub-stream of the same seed. */
  constructor(seed: number, stream = 0) {
    this.a = mix32((seed >>> 0) ^ 0x9e3779b9);
    this.b = mix32((Math.floor(seed / 4294967296) >>> 0) ^ 0x85ebca6b);
    this.c = mix32((stream >>> 0) ^ 0xc2b2ae35);
    for (let i = 0; i < 15; i++) this.next();
  }

  /** In [0, 1). */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  uniform(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  chance(p: number): boolean {
    return this.next() < p;
  }
}

/** Picks items by weight (not necessarily normalised), in O(log n). */
export function weightedPicker<T>(items: readonly T[], weights: readonly number[]): (rng: Random) => T {
  let sum = 0;
  const cumulative = weights.map((weight) => (sum += weight));
  return (rng) => {
    const target = rng.next() * sum;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cumulative[mid]! > target) hi = mid;
      else lo = mid + 1;
    }
    return items[lo]!;
  };
}

/** 1 / (rank + offset)^exponent for ranks 1..n. */
export function zipfWeights(n: number, offset: number, exponent: number): number[] {
  return Array.from({ length: n }, (_, i) => 1 / Math.pow(i + 1 + offset, exponent));
}

/** Fisher–Yates, in place, of the first `count` positions only. */
export function shufflePrefix<T>(items: T[], count: number, rng: Random): void {
  for (let i = 0; i < Math.min(count, items.length); i++) {
    const j = i + Math.floor(rng.next() * (items.length - i));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
}
