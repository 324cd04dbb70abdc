import { compareSpanish } from '../domain/collation.js';
import { searchKey } from '../domain/names.js';
import type { ParticipantRecord } from '../domain/types.js';

/** Records per school and pair keys must fit the packed sort key (see `buildPairs`). */
const RECORD_BITS = 2 ** 22;
const MAX_PAIR_KEY = 2 ** 31;

/**
 * The pairs of consecutive words of a school's names, in compressed sparse rows: the
 * pair (word a, word b) has key `a * wordCount + b` (word ids follow the sorted
 * words, so all pairs (a, b…) whose second word starts with some text form one range
 * of keys), and `positions[starts[i]…starts[i + 1]]` are the names that contain pair i.
 */
interface PairIndex {
  keys: Uint32Array;
  starts: Uint32Array;
  positions: Uint32Array;
}

interface SchoolShelf {
  /** The school as JSON, escaped once. */
  schoolJson: string;
  names: string[];
  years: Uint16Array;
  /** Normalised, lower-cased names: what a search compares against. */
  keys: string[];
  /** Distinct words of the names, sorted; a word's id is its position. */
  words: string[];
  wordIds: Map<string, number>;
  /** `undefined` for a school too large to pack (a search then scans the school). */
  pairs: PairIndex | undefined;
}

/**
 * Participants grouped by school, searchable by literal substring.
 *
 * The spec requires at least three parts, so in any matching name the needle's second
 * part is a whole word and the third begins the word right after it: the names with
 * such a pair of words (binary searches in the pair index) are the only candidates,
 * and each is checked with a literal `includes`. No character is ever a wildcard. The
 * few matches are sorted per search, which keeps the build free of a sort of millions
 * of names.
 */
export class ParticipantIndex {
  private readonly shelves = new Map<string, SchoolShelf>();
  readonly companies: readonly string[];
  readonly size: number;

  constructor(records: readonly ParticipantRecord[]) {
    const bySchool = new Map<string, ParticipantRecord[]>();
    for (const record of records) {
      const list = bySchool.get(record.school);
      if (list) list.push(record);
      else bySchool.set(record.school, [record]);
    }
    for (const [school, list] of bySchool) this.shelves.set(school, buildShelf(school, list));
    this.companies = [...bySchool.keys()].sort(compareSpanish);
    this.size = records.length;
  }

  /**
   * The JSON answer for a search of an already normalised name (year descending,
   * then name in Spanish order), or `undefined` when nothing matches.
   */
  searchJson(normalizedName: string, school: string): string | undefined {
    const shelf = this.shelves.get(school);
    if (!shelf) return undefined;
    const needle = normalizedName.toLowerCase();
    const matches: number[] = [];
    for (const i of candidates(shelf, needle)) if (shelf.keys[i]!.includes(needle)) matches.push(i);
    if (matches.length === 0) return undefined;
    matches.sort(
      (a, b) => shelf.years[b]! - shelf.years[a]! || compareSpanish(shelf.names[a]!, shelf.names[b]!),
    );
    const items = matches.map(
      (i) =>
        `{"name":${JSON.stringify(shelf.names[i])},"school":${shelf.schoolJson},"year":${shelf.years[i]}}`,
    );
    return `{"participants":[${items.join(',')}]}`;
  }
}

/** First index in `sorted` whose value is not below `value`. */
function lowerBound<T>(sorted: ArrayLike<T>, value: T): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid]! < value) low = mid + 1;
    else high = mid;
  }
  return low;
}

function* allPositions(count: number): Iterable<number> {
  for (let i = 0; i < count; i++) yield i;
}

/** Positions, ascending and once each, of the names that may contain the needle. */
function candidates(shelf: SchoolShelf, needle: string): Iterable<number> {
  const parts = needle.split(' ');
  if (parts.length < 3 || !shelf.pairs) return allPositions(shelf.keys.length);
  const first = shelf.wordIds.get(parts[1]!);
  if (first === undefined) return [];
  // The third part is a whole word when more parts follow, else a prefix of one.
  const wholeWord = parts.length > 3 ? shelf.wordIds.get(parts[2]!) : undefined;
  if (parts.length > 3 && wholeWord === undefined) return [];
  const fromWord = wholeWord ?? lowerBound(shelf.words, parts[2]!);
  let toWord = wholeWord === undefined ? fromWord : wholeWord + 1;
  if (wholeWord === undefined)
    while (toWord < shelf.words.length && shelf.words[toWord]!.startsWith(parts[2]!)) toWord++;

  const { keys, starts, positions } = shelf.pairs;
  const base = first * shelf.words.length;
  const fromPair = lowerBound(keys, base + fromWord);
  const toPair = lowerBound(keys, base + toWord);
  if (toPair - fromPair === 1) return positions.subarray(starts[fromPair]!, starts[fromPair + 1]!);
  const found = new Set<number>();
  for (let p = fromPair; p < toPair; p++) {
    for (let i = starts[p]!; i < starts[p + 1]!; i++) found.add(positions[i]!);
  }
  return [...found].sort((a, b) => a - b);
}

function buildShelf(school: string, records: readonly ParticipantRecord[]): SchoolShelf {
  const keys = records.map((record) => searchKey(record.name));
  // Words are split again for the pairs rather than kept: millions of small arrays
  // alive at once would dominate the memory peak of the build.
  const distinct = new Set<string>();
  for (const key of keys) for (const word of key.split(' ')) distinct.add(word);
  const words = [...distinct].sort();
  const wordIds = new Map(words.map((word, id) => [word, id]));
  return {
    schoolJson: JSON.stringify(school),
    names: records.map((record) => record.name),
    years: Uint16Array.from(records, (record) => record.year),
    keys,
    words,
    wordIds,
    pairs: buildPairs(keys, wordIds, words.length),
  };
}

function buildPairs(
  keys: readonly string[],
  wordIds: ReadonlyMap<string, number>,
  wordCount: number,
): PairIndex | undefined {
  if (keys.length >= RECORD_BITS || wordCount * wordCount >= MAX_PAIR_KEY) return undefined;
  // Every (pair key, name position) packed into one number, so one numeric sort groups them.
  let total = 0;
  for (const key of keys) for (let at = key.indexOf(' '); at >= 0; at = key.indexOf(' ', at + 1)) total++;
  const packed = new Float64Array(total);
  let n = 0;
  keys.forEach((key, position) => {
    const words = key.split(' ');
    let previous = wordIds.get(words[0]!)!;
    for (let w = 1; w < words.length; w++) {
      const current = wordIds.get(words[w]!)!;
      packed[n++] = (previous * wordCount + current) * RECORD_BITS + position;
      previous = current;
    }
  });
  packed.sort();
  const pairKeys: number[] = [];
  const starts: number[] = [];
  const positions = new Uint32Array(total);
  let count = 0;
  let previous = -1;
  for (let i = 0; i < total; i++) {
    const key = Math.floor(packed[i]! / RECORD_BITS);
    const position = packed[i]! - key * RECORD_BITS;
    if (key !== previous) {
      pairKeys.push(key);
      starts.push(count);
      previous = key;
    } else if (positions[count - 1] === position) {
      continue; // the same pair twice in one name
    }
    positions[count++] = position;
  }
  starts.push(count);
  return {
    keys: Uint32Array.from(pairKeys),
    starts: Uint32Array.from(starts),
    positions: positions.subarray(0, count),
  };
}
