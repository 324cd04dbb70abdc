import { compareSpanish } from '../domain/collation.js';
import { searchKey } from '../domain/names.js';
import type { ParticipantRecord } from '../domain/types.js';

/**
 * One school's participants. Names and keys are packed into one string each: a few large
 * strings instead of millions of small ones keep the garbage collector's work small at
 * large scales.
 */
export interface SchoolShelf {
  school: string;
  schoolJson: string;
  /** Every name as JSON, end to end: name k is `namesJson[nameStarts[k]…nameStarts[k + 1]]`. */
  namesJson: string;
  nameStarts: Uint32Array;
  years: Uint16Array;
  /**
   * The normalised, lower-cased names (what a search compares against), each followed by
   * a line feed, which no needle contains: key k starts at `keyStarts[k]`.
   */
  keysText: string;
  keyStarts: Uint32Array;
  /** The distinct words of the keys, sorted: a word's id is its index. */
  words: string[];
  /**
   * Every word occurrence of the keys, grouped by word (those of word w are
   * `wordStarts[w]…wordStarts[w + 1]`), then ordered by the id of the word after it
   * (`nextWord`, `words.length` at the end of a key): where it starts in `keysText`.
   */
  wordStarts: Uint32Array;
  nextWord: Uint32Array;
  wordAt: Uint32Array;
}

/** The first index of `from…to` where `below` turns false (it holds up to some index, then never). */
function firstNotBelow(from: number, to: number, below: (index: number) => boolean): number {
  while (from < to) {
    const mid = (from + to) >>> 1;
    if (below(mid)) from = mid + 1;
    else to = mid;
  }
  return from;
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

/** The word index (see `SchoolShelf`) of the keys, packed from `keyStarts`. */
function indexWords(keys: readonly string[], keyStarts: Uint32Array) {
  // Ids in order of first appearance, renumbered below to follow the sorted words; the
  // last word of a key is noted as `~id`.
  const seen = new Map<string, number>();
  const found: number[] = [];
  const offsets: number[] = [];
  keys.forEach((key, k) => {
    let at = keyStarts[k]!;
    const split = key.split(' ');
    split.forEach((word, w) => {
      let id = seen.get(word);
      if (id === undefined) seen.set(word, (id = seen.size));
      found.push(w === split.length - 1 ? ~id : id);
      offsets.push(at);
      at += word.length + 1;
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
  const { sorted, starts } = countingSort(wordOf, words.length, countingSort(after, words.length + 1).sorted);
  const nextWord = new Uint32Array(count);
  const wordAt = new Uint32Array(count);
  for (let j = 0; j < count; j++) {
    nextWord[j] = after[sorted[j]!]!;
    wordAt[j] = offsets[sorted[j]!]!;
  }
  return { words, wordStarts: starts, nextWord, wordAt };
}

/** The shelf of one school from its participants' names and years (in the same order). */
export function buildShelf(school: string, names: readonly string[], years: readonly number[]): SchoolShelf {
  const packedNames = pack(
    names.map((name) => JSON.stringify(name)),
    '',
  );
  const keys = names.map(searchKey);
  const packedKeys = pack(keys, '\n');
  return {
    school,
    schoolJson: JSON.stringify(school),
    namesJson: packedNames.text,
    nameStarts: packedNames.starts,
    years: Uint16Array.from(years),
    keysText: packedKeys.text,
    keyStarts: packedKeys.starts,
    ...indexWords(keys, packedKeys.starts),
  };
}

/** The memory of a shelf's typed arrays: moved, not copied, when a worker hands the shelf over. */
export function shelfBuffers(shelf: SchoolShelf): ArrayBuffer[] {
  return Object.values(shelf).flatMap((value) =>
    ArrayBuffer.isView(value) ? [value.buffer as ArrayBuffer] : [],
  );
}

/**
 * Where the needle starts in `keysText`, ascending. A needle of three parts or more holds
 * its second part as a whole word, followed by a word that begins with the third part
 * (the whole word when more parts follow): the occurrences of that pair, shifted back by
 * the first part, are the only places it can start. A shorter needle (never one of the
 * HTTP operation) is looked for in the whole text.
 */
function needleStarts(shelf: SchoolShelf, needle: string): number[] {
  const { keysText, words, wordStarts, nextWord, wordAt } = shelf;
  const found: number[] = [];
  const parts = needle.split(' ');
  if (parts.length < 3) {
    for (let at = keysText.indexOf(needle); at >= 0; at = keysText.indexOf(needle, at + 1)) found.push(at);
    return found;
  }
  const firstFrom = (text: string) => firstNotBelow(0, words.length, (id) => words[id]! < text);
  const word = firstFrom(parts[1]!);
  if (words[word] !== parts[1]) return found;
  const third = parts[2]!;
  const from = firstFrom(third);
  let to = from;
  if (parts.length > 3) to = words[from] === third ? from + 1 : from;
  else while (to < words.length && words[to]!.startsWith(third)) to++;
  const end = wordStarts[word + 1]!;
  const shift = parts[0]!.length + 1;
  const first = firstNotBelow(wordStarts[word]!, end, (i) => nextWord[i]! < from);
  for (let i = first; i < end && nextWord[i]! < to; i++) {
    const at = wordAt[i]! - shift;
    if (at >= 0 && keysText.startsWith(needle, at)) found.push(at);
  }
  return found.sort((a, b) => a - b);
}

/** Positions of the names whose key contains the needle, each once. */
function matchingPositions(shelf: SchoolShelf, needle: string): number[] {
  const positions: number[] = [];
  const names = shelf.keyStarts.length - 1;
  for (const at of needleStarts(shelf, needle)) {
    const k = firstNotBelow(0, names, (position) => shelf.keyStarts[position + 1]! <= at);
    if (positions[positions.length - 1] !== k) positions.push(k);
  }
  return positions;
}

const nameOf = (nameJson: string) => JSON.parse(nameJson) as string;

/** Participants grouped by school, searchable by literal substring of the normalised name. */
export class ParticipantIndex {
  readonly companies: readonly string[];
  /** Participants served. */
  readonly size: number;
  private countsBySchool: Map<string, Map<number, number>> | undefined;

  constructor(private readonly shelves: ReadonlyMap<string, SchoolShelf>) {
    this.companies = [...shelves.keys()].sort(compareSpanish);
    this.size = [...shelves.values()].reduce((sum, shelf) => sum + shelf.years.length, 0);
  }

  /** Participants served, per school and year (the schools' own pages), counted on first use. */
  get rowsBySchool(): ReadonlyMap<string, ReadonlyMap<number, number>> {
    if (this.countsBySchool === undefined) {
      this.countsBySchool = new Map();
      for (const [school, shelf] of this.shelves) {
        const byYear = new Map<number, number>();
        for (const year of shelf.years) byYear.set(year, (byYear.get(year) ?? 0) + 1);
        this.countsBySchool.set(school, byYear);
      }
    }
    return this.countsBySchool;
  }

  /**
   * The JSON answer for a search of an already normalised name (year descending, then
   * name in Spanish order), or `undefined` when nothing matches.
   */
  searchJson(normalizedName: string, school: string): string | undefined {
    const shelf = this.shelves.get(school);
    if (!shelf) return undefined;
    const matches = matchingPositions(shelf, normalizedName.toLowerCase());
    if (matches.length === 0) return undefined;
    const nameJson = (k: number) => shelf.namesJson.slice(shelf.nameStarts[k], shelf.nameStarts[k + 1]);
    matches.sort(
      (a, b) =>
        shelf.years[b]! - shelf.years[a]! ||
        compareSpanish(nameOf(nameJson(a)), nameOf(nameJson(b))) ||
        a - b,
    );
    const items = matches.map(
      (k) => `{"name":${nameJson(k)},"school":${shelf.schoolJson},"year":${shelf.years[k]!}}`,
    );
    return `{"participants":[${items.join(',')}]}`;
  }
}

/** Gathers participant rows by school as they are read, then shelves each school. */
export class ShelfCollector {
  private readonly bySchool = new Map<string, { names: string[]; years: number[] }>();
  rows = 0;

  readonly take = (name: string, school: string, year: number): void => {
    let rows = this.bySchool.get(school);
    if (rows === undefined) this.bySchool.set(school, (rows = { names: [], years: [] }));
    rows.names.push(name);
    rows.years.push(year);
    this.rows++;
  };

  get schools(): number {
    return this.bySchool.size;
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
