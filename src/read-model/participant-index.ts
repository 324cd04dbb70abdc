import { compareSpanish } from '../domain/collation.js';
import { searchKey } from '../domain/names.js';
import type { ParticipantRecord } from '../domain/types.js';

/** One school's participants, packed in a few large strings and arrays (little work for the GC). */
export interface SchoolShelf {
  school: string;
  /** Every name end to end: name k is `namesText[nameStarts[k]…nameStarts[k + 1]]`. */
  namesText: string;
  nameStarts: Uint32Array;
  years: Uint16Array;
  yearCounts: Map<number, number>;
  /** Distinct names (by search key): the school's children, as far as a list can tell. */
  children: number;
  /** The names normalised and lower-cased, each followed by a line feed (which no needle holds). */
  keysText: string;
  keyStarts: Uint32Array;
  /** The distinct words of the keys, sorted, each followed by a line feed: a word's id is its place. */
  wordsText: string;
  /**
   * The name of each word occurrence (`wordName`) and the word before it (`previousWord`;
   * `words.length` at the start of a key), grouped by word (word w's are `wordStarts[w]…
   * wordStarts[w + 1]`), then ordered by the word after it (`nextWord`; `words.length` at
   * the end of a key), then by name. Word ids take 16 bits where they fit.
   */
  wordStarts: Uint32Array;
  nextWord: Uint16Array | Uint32Array;
  wordName: Uint32Array;
  previousWord: Uint16Array | Uint32Array;
}

/** The first index of `from…to` whose item is not below `value` (in ascending `sorted`). */
function lowerBound<T>(sorted: ArrayLike<T>, value: T, from = 0, to = sorted.length): number {
  while (from < to) {
    const mid = (from + to) >>> 1;
    if (sorted[mid]! < value) from = mid + 1;
    else to = mid;
  }
  return from;
}

/** The texts end to end (each followed by `separator`), and where each starts (plus the end). */
function pack(texts: readonly string[], separator: string): { text: string; starts: Uint32Array } {
  const starts = new Uint32Array(texts.length + 1);
  texts.forEach((text, k) => (starts[k + 1] = starts[k]! + text.length + separator.length));
  return { text: texts.length ? texts.join(separator) + separator : '', starts };
}

/** Indexes `0…keys.length` (or `order`) stably sorted by `keys[i]`, and where each key's run starts. */
function countingSort(keys: Uint32Array, buckets: number, order?: Uint32Array) {
  const starts = new Uint32Array(buckets + 1);
  for (let i = 0; i < keys.length; i++) starts[keys[i]! + 1]!++;
  for (let b = 0; b < buckets; b++) starts[b + 1]! += starts[b]!;
  const next = starts.slice(0, -1);
  const sorted = new Uint32Array(keys.length);
  for (let j = 0; j < keys.length; j++) {
    const i = order ? order[j]! : j;
    sorted[next[keys[i]!]!++] = i;
  }
  return { sorted, starts };
}

/** The word index (see `SchoolShelf`) of the keys. */
function indexWords(keys: readonly string[]) {
  // Ids in order of first appearance, renumbered below to follow the sorted words; the
  // last word of a key is noted as `~id`.
  const seen = new Map<string, number>();
  const found: number[] = [];
  const nameOfWord: number[] = [];
  keys.forEach((key, k) => {
    const split = key.split(' ');
    split.forEach((word, w) => {
      let id = seen.get(word);
      if (id === undefined) seen.set(word, (id = seen.size));
      found.push(w === split.length - 1 ? ~id : id);
      nameOfWord.push(k);
    });
  });
  const words = [...seen.keys()].sort();
  const rank = new Uint32Array(words.length);
  words.forEach((word, id) => (rank[seen.get(word)!] = id));
  const count = found.length;
  const wordOf = new Uint32Array(count);
  for (let i = 0; i < count; i++) wordOf[i] = rank[found[i]! < 0 ? ~found[i]! : found[i]!]!;
  const after = new Uint32Array(count);
  for (let i = 0; i < count; i++) after[i] = found[i]! < 0 ? words.length : wordOf[i + 1]!;
  const order = countingSort(after, words.length + 1).sorted;
  const { sorted, starts: wordStarts } = countingSort(wordOf, words.length, order);
  const WordIds = words.length < 0xffff ? Uint16Array : Uint32Array;
  const [nextWord, previousWord] = [new WordIds(count), new WordIds(count)];
  const wordName = new Uint32Array(count);
  for (let j = 0; j < count; j++) {
    const i = sorted[j]!;
    nextWord[j] = after[i]!;
    wordName[j] = nameOfWord[i]!;
    previousWord[j] = i === 0 || found[i - 1]! < 0 ? words.length : wordOf[i - 1]!;
  }
  return { wordsText: pack(words, '\n').text, wordStarts, nextWord, wordName, previousWord };
}

/** The shelf of one school from its participants' names and years (in the same order). */
function buildShelf(school: string, names: readonly string[], years: readonly number[]): SchoolShelf {
  const packedNames = pack(names, '');
  const keys = names.map(searchKey);
  const yearCounts = new Map<number, number>();
  for (const year of years) yearCounts.set(year, (yearCounts.get(year) ?? 0) + 1);
  const packedKeys = pack(keys, '\n');
  return {
    school,
    namesText: packedNames.text,
    nameStarts: packedNames.starts,
    years: Uint16Array.from(years),
    yearCounts,
    keysText: packedKeys.text,
    keyStarts: packedKeys.starts,
    children: new Set(keys).size,
    ...indexWords(keys),
  };
}

/** A shelf's typed arrays: moved, not copied, when a worker hands the shelf over. */
export function shelfBuffers(shelf: SchoolShelf): ArrayBuffer[] {
  return Object.values(shelf).flatMap((value) =>
    ArrayBuffer.isView(value) ? [value.buffer as ArrayBuffer] : [],
  );
}

/** A shelf's words as a list and by id, made at its first search and kept with it. */
const wordLists = new WeakMap<SchoolShelf, { words: string[]; wordIds: Map<string, number> }>();

function wordsOf(shelf: SchoolShelf): { words: string[]; wordIds: Map<string, number> } {
  let list = wordLists.get(shelf);
  if (list === undefined) {
    const words = shelf.wordsText === '' ? [] : shelf.wordsText.slice(0, -1).split('\n');
    wordLists.set(shelf, (list = { words, wordIds: new Map(words.map((word, id) => [word, id])) }));
  }
  return list;
}

/**
 * The names whose key contains the needle, unordered, some maybe twice. In a needle of
 * three parts or more each middle part is a whole word, followed by the next part (which
 * the last only begins): only the names holding the rarest such pair may match. A shorter
 * needle (never one of the HTTP operation) is looked for in the whole text.
 */
function matchingNames(shelf: SchoolShelf, needle: string): number[] {
  const { keysText, keyStarts, wordStarts, nextWord, wordName, previousWord } = shelf;
  const found: number[] = [];
  const parts = needle.split(' ');
  if (parts.length < 3) {
    for (let at = keysText.indexOf(needle); at >= 0; at = keysText.indexOf(needle, at + 1))
      found.push(lowerBound(keyStarts, at + 1) - 1);
    return found;
  }
  const { words, wordIds } = wordsOf(shelf);
  let [first, last, pair] = [0, Infinity, 1];
  for (let i = 1; i < parts.length - 1; i++) {
    const word = wordIds.get(parts[i]!);
    if (word === undefined) return found;
    const next = parts[i + 1]!;
    let from = wordIds.get(next) ?? -1; // -1: no such word, an empty range
    let to = from + 1;
    if (i + 2 === parts.length) {
      // The last part begins the words from itself, or from where it would stand among them.
      to = from = from >= 0 ? from : lowerBound(words, next);
      while (to < words.length && words[to]!.startsWith(next)) to++;
    }
    const end = wordStarts[word + 1]!;
    const pairFirst = lowerBound(nextWord, from, wordStarts[word]!, end);
    const pairLast = lowerBound(nextWord, to, pairFirst, end);
    if (pairLast - pairFirst < last - first) [first, last, pair] = [pairFirst, pairLast, i];
  }
  // The word before the pair ends with the part before it: checked first, as the words are few.
  for (let j = first; j < last; j++) {
    if (!words[previousWord[j]!]?.endsWith(parts[pair - 1]!)) continue;
    const k = wordName[j]!;
    if (keysText.slice(keyStarts[k], keyStarts[k + 1]).includes(needle)) found.push(k);
  }
  return found;
}

/** Participants grouped by school, searchable by literal substring of the normalised name. */
export class ParticipantIndex {
  readonly companies: readonly string[];
  readonly size: number;
  /** Participants served, per school and year (the schools' own pages). */
  readonly rowsBySchool: ReadonlyMap<string, ReadonlyMap<number, number>>;

  constructor(private readonly shelves: ReadonlyMap<string, SchoolShelf>) {
    this.companies = [...shelves.keys()].sort(compareSpanish);
    this.size = [...shelves.values()].reduce((sum, shelf) => sum + shelf.years.length, 0);
    this.rowsBySchool = new Map([...shelves].map(([school, shelf]) => [school, shelf.yearCounts]));
  }

  /** A school's distinct names, or undefined when it is not served. */
  childrenOf(school: string): number | undefined {
    return this.shelves.get(school)?.children;
  }

  /**
   * The rows whose name holds a normalised needle (year descending, then name in Spanish
   * order) and the distinct names among them (their search keys); `undefined`: none.
   */
  search(normalizedName: string, school: string) {
    const shelf = this.shelves.get(school);
    if (!shelf) return undefined;
    const found = matchingNames(shelf, normalizedName.toLowerCase());
    if (found.length === 0) return undefined;
    const { namesText, nameStarts, years, keysText, keyStarts } = shelf;
    const nameOf = (k: number) => namesText.slice(nameStarts[k], nameStarts[k + 1]);
    found.sort((a, b) => years[b]! - years[a]! || compareSpanish(nameOf(a), nameOf(b)) || a - b);
    // A name that holds the needle twice was found twice: once is kept.
    const distinct = found.filter((k, i) => k !== found[i - 1]);
    const names = new Set(distinct.map((k) => keysText.slice(keyStarts[k], keyStarts[k + 1]! - 1)));
    return {
      matches: distinct.map((k) => ({ name: nameOf(k), school, year: years[k]! })),
      names: [...names],
    };
  }
}

/** Gathers participant rows by school as they are read, then shelves each school. */
export class ShelfCollector {
  readonly bySchool = new Map<string, { names: string[]; years: number[] }>();
  rows = 0;

  readonly take = (name: string, school: string, year: number): void => {
    let rows = this.bySchool.get(school);
    if (rows === undefined) this.bySchool.set(school, (rows = { names: [], years: [] }));
    rows.names.push(name);
    rows.years.push(year);
    this.rows++;
  };

  /** Every row gathered, as records made one at a time. */
  *records(): Generator<ParticipantRecord> {
    for (const [school, { names, years }] of this.bySchool)
      for (let i = 0; i < names.length; i++) yield { name: names[i]!, school, year: years[i]! };
  }

  /** Shelves the schools one at a time, letting go of each school's rows once shelved. */
  *shelve(): Generator<SchoolShelf> {
    for (const [school, rows] of this.bySchool) {
      this.bySchool.delete(school);
      yield buildShelf(school, rows.names, rows.years);
    }
  }
}

/** The shelves of `records`, built in this thread (tests, benchmarks). */
export function shelvesOf(records: Iterable<ParticipantRecord>): Map<string, SchoolShelf> {
  const collector = new ShelfCollector();
  for (const { name, school, year } of records) collector.take(name, school, year);
  return new Map([...collector.shelve()].map((shelf) => [shelf.school, shelf]));
}
