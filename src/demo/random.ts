/**
 * A small seeded pseudo-random generator (sfc32, public domain, by Chris Doty-Humphrey),
 * so that the demo data never depends on `Math.random` nor on the platform: the same
 * seed gives the same sequence of numbers everywhere.
 */
export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  /**
   * @param seed any safe integer (negative allowed); two different seeds give two different streams.
   * @param stream an independent sub-stream of the same seed (e.g. one for the school sizes, one for the children).
   */
  constructor(seed: number, stream = 0) {
    const lo = seed >>> 0;
    const hi = Math.floor(seed / 4294967296) >>> 0;
    this.a = mix32(lo ^ 0x9e3779b9);
    this.b = mix32(hi ^ 0x85ebca6b);
    this.c = mix32((stream >>> 0) ^ 0xc2b2ae35);
    this.d = 1;
    for (let i = 0; i < 15; i++) this.nextUint32();
  }

  /** Uniform integer in [0, 2^32). */
  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform float in [0, 1). */
  next(): number {
    return this.nextUint32() / 4294967296;
  }

  /** Uniform integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** Uniform float in [min, max). */
  uniform(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** `true` with probability `p`. */
  chance(p: number): boolean {
    return this.next() < p;
  }
}

/** murmur3's finaliser: a bijection on 32-bit integers that spreads every input bit. */
function mix32(x: number): number {
  let h = x | 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** Picks items with given (not necessarily normalised) weights, in O(log n) per pick. */
export class WeightedPicker<T> {
  private readonly items: readonly T[];
  private readonly cumulative: Float64Array;
  private readonly total: number;

  constructor(items: readonly T[], weights: readonly number[]) {
    if (items.length === 0 || items.length !== weights.length) {
      throw new RangeError('WeightedPicker needs as many weights as items, and at least one item');
    }
    this.items = items;
    this.cumulative = new Float64Array(items.length);
    let sum = 0;
    for (let i = 0; i < weights.length; i++) {
      const w = weights[i] ?? 0;
      if (!(w >= 0) || !Number.isFinite(w)) throw new RangeError(`Invalid weight ${w}`);
      sum += w;
      this.cumulative[i] = sum;
    }
    if (sum <= 0) throw new RangeError('WeightedPicker needs a positive total weight');
    this.total = sum;
  }

  pick(rng: Random): T {
    const target = rng.next() * this.total;
    const cumulative = this.cumulative;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((cumulative[mid] ?? 0) > target) hi = mid;
      else lo = mid + 1;
    }
    return this.items[lo] as T;
  }
}

/** Zipf-like weights for ranks 1..n: 1 / (rank + offset)^exponent. */
export function zipfWeights(n: number, offset: number, exponent: number): number[] {
  const weights = new Array<number>(n);
  for (let rank = 1; rank <= n; rank++) weights[rank - 1] = 1 / Math.pow(rank + offset, exponent);
  return weights;
}

/** In-place Fisher–Yates shuffle of the first `count` positions (a uniform random prefix). */
export function shufflePrefix<T>(items: T[], count: number, rng: Random): void {
  const n = items.length;
  const k = Math.min(count, n);
  for (let i = 0; i < k; i++) {
    const j = i + rng.int(n - i);
    const tmp = items[i] as T;
    items[i] = items[j] as T;
    items[j] = tmp;
  }
}
