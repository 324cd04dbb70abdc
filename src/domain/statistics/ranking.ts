import { compareSpanish } from '../collation.js';

/** Items of an array `public_data` (DESIGN §3). */
export const PUBLIC_LIMIT = 15;
/** Items of an array `full_data` (DESIGN §3). */
export const FULL_LIMIT = 250;

/**
 * The `limit` smallest items by `compare`, in order, without sorting all of them:
 * a sorted buffer of at most `limit` items that most items are rejected from with one
 * comparison.
 */
export function smallest<T>(items: readonly T[], limit: number, compare: (a: T, b: T) => number): T[] {
  if (items.length <= limit) return [...items].sort(compare);
  const best: T[] = [];
  if (limit <= 0) return best;
  for (const item of items) {
    if (best.length === limit) {
      if (compare(item, best[limit - 1]!) >= 0) continue;
      best.pop();
    }
    let low = 0;
    let high = best.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compare(item, best[middle]!) < 0) high = middle;
      else low = middle + 1;
    }
    best.splice(low, 0, item);
  }
  return best;
}

/**
 * The first `limit` items by `score` descending, ties broken by Spanish alphabetical
 * order of `label` (the displayed string). Only the items that can make the cut are
 * sorted: the cut-off score is found on a typed array first.
 */
export function rankByScore<T>(
  items: readonly T[],
  limit: number,
  score: (item: T) => number,
  label: (item: T) => string,
): T[] {
  const compare = (a: T, b: T): number => score(b) - score(a) || compareSpanish(label(a), label(b));
  if (items.length <= limit) return [...items].sort(compare);
  if (limit <= 0) return [];
  const scores = new Float64Array(items.length);
  for (let i = 0; i < items.length; i++) scores[i] = score(items[i]!);
  const cutOff = scores.slice().sort()[items.length - limit]!;
  const above: T[] = [];
  const tied: T[] = [];
  for (let i = 0; i < items.length; i++) {
    const value = scores[i]!;
    if (value > cutOff) above.push(items[i]!);
    else if (value === cutOff) tied.push(items[i]!);
  }
  above.sort(compare);
  const byLabel = (a: T, b: T): number => compareSpanish(label(a), label(b));
  return above.concat(smallest(tied, limit - above.length, byLabel));
}
