import { searchKey } from '../domain/names.js';
import { MIN_NAME_PARTS } from '../domain/validation.js';

/** The packed sort key of `buildPairs` must stay an exact integer in a double. */
const MAX_PACKED = Number.MAX_SAFE_INTEGER;

/** `previous` of a pair that starts its name: no word before it. */
const NAME_START = 0;

/**
 * The pairs of consecutive words of a school's names, in compressed sparse rows: the
 * pair (word a, word b) has key `a * wordCount + b` (word ids follow the sorted
 * words, so all pairs (a, b…) whose second word starts with some text form one range
 * of keys), and `positions[starts[i]…starts[i + 1]]` are the names that contain pair i,
 * ordered by the word just before the pair: `previous` holds that word's id + 1, or
 * `NAME_START`.
 */
interface PairIndex {
  keys: Uint32Array;
  starts: Uint32Array;
  positions: Uint32Array;
  previous: Uint32Array;
}

/**
 * One school's participants. Names and keys are packed into one string each (a few
 * large strings instead of millions of small ones: less memory, and far less work for
 * the garbage collector, whose every minor collection grows with the number of objects
 * in the heap).
 */
export interface SchoolShelf {
  school: string;
  /** The school as JSON, escaped once. */
  schoolJson: string;
  /** Every name as JSON (escaped once), end to end: name k is `namesJson[nameStarts[k]…nameStarts[k + 1]]`. */
  namesJson: string;
  nameStarts: Uint32Array;
  years: Uint16Array;
  /**
   * The normalised, lower-cased names (what a search compares against), each followed
   * by a line feed, which neither a key nor a needle contains: key k starts at
   * `keyStarts[k]` and no match spans two keys.
   */
  keysText: string;
  keyStarts: Uint32Array;
  /** Distinct words of the names, sorted; a word's id is its position. */
  words: string[];
  wordIds: Map<string, number>;
  /** The words spelt backwards, sorted, and their ids: the words ending with some text form one range. */
  reversedWords: string[];
  reversedIds: Uint32Array;
  /** `undefined` for a school too large to pack (a search then scans the school). */
  pairs: PairIndex | undefined;
}

/** First index in `sorted[from…to]` whose number is not below `value`. */
function lowerBound(sorted: Uint32Array, value: number, from = 0, to = sorted.length): number {
  let low = from;
  let high = to;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid]! < value) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** First index in `sorted` whose text is not below `value` (a twin of `lowerBound`, kept monomorphic). */
function lowerBoundText(sorted: readonly string[], value: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid]! < value) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Positions of the names whose key contains the needle, each once. */
export function matchingPositions(shelf: SchoolShelf, needle: string): number[] {
  const { keysText, keyStarts } = shelf;
  const found = candidates(shelf, needle);
  if (found === undefined) {
    // No pair index to narrow the search: one scan of the whole text.
    const matches: number[] = [];
    for (let at = keysText.indexOf(needle); at >= 0;) {
      const k = lowerBound(keyStarts, at + 1) - 1;
      matches.push(k);
      at = keysText.indexOf(needle, keyStarts[k + 1]);
    }
    return matches;
  }
  const matches: number[] = [];
  for (const k of found) {
    if (keysText.slice(keyStarts[k], keyStarts[k + 1]! - 1).includes(needle)) matches.push(k);
  }
  return matches;
}

/** The ids of the words that end with `suffix` (one range of the backwards-sorted words). */
function wordsEndingWith(shelf: SchoolShelf, suffix: string): number[] {
  const backwards = reversed(suffix);
  const ids: number[] = [];
  for (let i = lowerBoundText(shelf.reversedWords, backwards); i < shelf.reversedWords.length; i++) {
    if (!shelf.reversedWords[i]!.startsWith(backwards)) break;
    ids.push(shelf.reversedIds[i]!);
  }
  return ids;
}

/**
 * Positions, once each, of the names that may contain the needle; undefined when the
 * pair index cannot narrow the search (a needle of fewer parts than the spec's minimum of
 * three, which puts parts 1 to 3 in three consecutive words of a match, or a school too
 * large to pack).
 */
function candidates(shelf: SchoolShelf, needle: string): Iterable<number> | undefined {
  const parts = needle.split(' ');
  if (parts.length < MIN_NAME_PARTS || !shelf.pairs) return undefined;
  const first = shelf.wordIds.get(parts[1]!);
  if (first === undefined) return [];
  // The third part is a whole word when more parts follow, else a prefix of one: the
  // words from it (or from where it would be) that start with it.
  const third = parts[2]!;
  const thirdId = shelf.wordIds.get(third);
  if (parts.length > 3 && thirdId === undefined) return [];
  const fromWord = thirdId ?? lowerBoundText(shelf.words, third);
  let toWord = fromWord + (thirdId === undefined ? 0 : 1);
  if (parts.length === 3)
    while (toWord < shelf.words.length && shelf.words[toWord]!.startsWith(third)) toWord++;
  const before = wordsEndingWith(shelf, parts[0]!);
  if (before.length === 0) return [];

  const { keys, starts, positions, previous } = shelf.pairs;
  const base = first * shelf.words.length;
  const found: number[] = [];
  for (
    let pair = lowerBound(keys, base + fromWord);
    pair < keys.length && keys[pair]! < base + toWord;
    pair++
  ) {
    const end = starts[pair + 1]!;
    for (const word of before) {
      // Within a pair, names are ordered by the word before it.
      for (
        let i = lowerBound(previous, word + 1, starts[pair]!, end);
        i < end && previous[i] === word + 1;
        i++
      ) {
        found.push(positions[i]!);
      }
    }
  }
  // A name holding the pair twice, after two such words, is found twice.
  return before.length > 1 || found.length > 1 ? new Set(found) : found;
}

/**
 * The text's UTF-16 code units in reverse order: a word ends with a text exactly when
 * the reversed word starts with the reversed text.
 */
function reversed(text: string): string {
  let backwards = '';
  for (let i = text.length - 1; i >= 0; i--) backwards += text[i];
  return backwards;
}

/** The texts end to end (each followed by `separator`), and where each starts (plus the end). */
function pack(texts: readonly string[], separator: string): { text: string; starts: Uint32Array } {
  const starts = new Uint32Array(texts.length + 1);
  let at = 0;
  texts.forEach((text, k) => {
    starts[k] = at;
    at += text.length + separator.length;
  });
  starts[texts.length] = at;
  return { text: texts.length ? texts.join(separator) + separator : '', starts };
}

/** The shelf of one school from its participants' names and years (in the same order). */
export function buildShelf(school: string, names: readonly string[], years: readonly number[]): SchoolShelf {
  const keys = names.map(searchKey);
  const { words, wordIds, nameWords, wordStarts } = splitWords(keys);
  const backwards = words.map((word, id) => ({ text: reversed(word), id }));
  backwards.sort((a, b) => (a.text < b.text ? -1 : a.text > b.text ? 1 : 0));
  const packedNames = pack(
    names.map((name) => JSON.stringify(name)),
    '',
  );
  const packedKeys = pack(keys, '\n');
  return {
    school,
    schoolJson: JSON.stringify(school),
    namesJson: packedNames.text,
    nameStarts: packedNames.starts,
    years: Uint16Array.from(years),
    keysText: packedKeys.text,
    keyStarts: packedKeys.starts,
    words,
    wordIds,
    reversedWords: backwards.map((word) => word.text),
    reversedIds: Uint32Array.from(backwards, (word) => word.id),
    pairs: buildPairs(nameWords, wordStarts, words.length),
  };
}

/** The memory of a shelf's typed arrays: moved, not copied, when a worker hands the shelf over. */
export function shelfBuffers(shelf: SchoolShelf): ArrayBuffer[] {
  const arrays = [shelf.nameStarts, shelf.years, shelf.keyStarts, shelf.reversedIds];
  if (shelf.pairs)
    arrays.push(shelf.pairs.keys, shelf.pairs.starts, shelf.pairs.positions, shelf.pairs.previous);
  return [...new Set(arrays.map((array) => array.buffer as ArrayBuffer))];
}

/**
 * The sorted distinct words of the keys, and every key as word ids in one flat array
 * (`nameWords[wordStarts[k]…wordStarts[k + 1]]`): one split per key, and no small array
 * per name alive during the build.
 */
function splitWords(keys: readonly string[]) {
  const wordStarts = new Uint32Array(keys.length + 1);
  let total = 0;
  keys.forEach((key, k) => {
    wordStarts[k] = total;
    total++;
    for (let at = key.indexOf(' '); at >= 0; at = key.indexOf(' ', at + 1)) total++;
  });
  wordStarts[keys.length] = total;
  // Ids in order of first appearance, renumbered below to follow the sorted words.
  const firstSeen = new Map<string, number>();
  const nameWords = new Uint32Array(total);
  let n = 0;
  for (const key of keys) {
    for (const word of key.split(' ')) {
      let id = firstSeen.get(word);
      if (id === undefined) firstSeen.set(word, (id = firstSeen.size));
      nameWords[n++] = id;
    }
  }
  const words = [...firstSeen.keys()].sort();
  const wordIds = new Map(words.map((word, id) => [word, id]));
  const sortedId = new Uint32Array(words.length);
  for (const [word, id] of firstSeen) sortedId[id] = wordIds.get(word)!;
  for (let i = 0; i < total; i++) nameWords[i] = sortedId[nameWords[i]!]!;
  return { words, wordIds, nameWords, wordStarts };
}

function buildPairs(
  nameWords: Uint32Array,
  wordStarts: Uint32Array,
  wordCount: number,
): PairIndex | undefined {
  // Every (pair, word before it, name position) packed into one number, so that one
  // numeric sort orders them: `((pair * befores) + before) * names + position`.
  const names = wordStarts.length - 1;
  const befores = wordCount + 1;
  if (wordCount * wordCount * befores * names > MAX_PACKED) return undefined;
  const packed = new Float64Array(nameWords.length - names);
  let n = 0;
  for (let position = 0; position < names; position++) {
    let before = NAME_START;
    for (let w = wordStarts[position]!; w + 1 < wordStarts[position + 1]!; w++) {
      const current = nameWords[w]!;
      packed[n++] = ((current * wordCount + nameWords[w + 1]!) * befores + before) * names + position;
      before = current + 1;
    }
  }
  packed.sort();
  const total = packed.length;
  const pairKeys: number[] = [];
  const starts: number[] = [];
  const positions = new Uint32Array(total);
  const previous = new Uint32Array(total);
  let count = 0;
  let lastKey = -1;
  for (let i = 0; i < total; i++) {
    const value = packed[i]!;
    if (i > 0 && value === packed[i - 1]) continue; // the same three words twice in one name
    // Floor divisions: exact below 2^53, and faster than `%` on doubles.
    const rest = Math.floor(value / names);
    const position = value - rest * names;
    const key = Math.floor(rest / befores);
    const before = rest - key * befores;
    if (key !== lastKey) {
      pairKeys.push(key);
      starts.push(count);
      lastKey = key;
    }
    positions[count] = position;
    previous[count++] = before;
  }
  starts.push(count);
  return {
    keys: Uint32Array.from(pairKeys),
    starts: Uint32Array.from(starts),
    positions: positions.subarray(0, count),
    previous: previous.subarray(0, count),
  };
}
