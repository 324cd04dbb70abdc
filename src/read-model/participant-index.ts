import { compareSpanish } from '../domain/collation.js';
import { searchKey } from '../domain/names.js';
import type { ParticipantRecord } from '../domain/types.js';

interface SchoolShelf {
  /** The school as JSON, escaped once. */
  schoolJson: string;
  names: string[];
  years: Uint16Array;
  /** Normalised, lower-cased names: what a search compares against. */
  keys: string[];
  /** Word → positions (ascending) of the names that contain that whole word. */
  postings: Map<string, Uint32Array>;
}

/**
 * Participants grouped by school, searchable by literal substring.
 *
 * The spec requires at least three parts, so a search always has an inner word
 * that must appear as a whole word of any matching name: its posting list gives
 * the candidates (the rarest inner word is used), and each candidate is checked
 * with a literal `includes`. No character is ever a wildcard. The few matches are
 * sorted per search, which keeps the build free of a sort of millions of names.
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
    const candidates = rarestInnerWordPostings(shelf, needle);
    if (candidates === undefined) {
      for (let i = 0; i < shelf.keys.length; i++) if (shelf.keys[i]!.includes(needle)) matches.push(i);
    } else {
      for (const i of candidates) if (shelf.keys[i]!.includes(needle)) matches.push(i);
    }
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

const EMPTY = new Uint32Array(0);

/**
 * Postings of the needle's rarest inner word; an empty list when an inner word occurs
 * nowhere; `undefined` when the needle has no inner word (fewer than three parts).
 */
function rarestInnerWordPostings(shelf: SchoolShelf, needle: string): Uint32Array | undefined {
  const words = needle.split(' ');
  let best: Uint32Array | undefined;
  for (let w = 1; w < words.length - 1; w++) {
    const postings = shelf.postings.get(words[w]!);
    if (!postings) return EMPTY;
    if (!best || postings.length < best.length) best = postings;
  }
  return best;
}

function buildShelf(school: string, records: readonly ParticipantRecord[]): SchoolShelf {
  const keys = records.map((record) => searchKey(record.name));
  const lists = new Map<string, number[]>();
  keys.forEach((key, i) => {
    let previous = '';
    for (const word of key.split(' ')) {
      if (word === previous) continue; // "Garcia Garcia": list the name once
      previous = word;
      const list = lists.get(word);
      if (list === undefined) lists.set(word, [i]);
      else if (list[list.length - 1] !== i) list.push(i);
    }
  });
  const postings = new Map<string, Uint32Array>();
  for (const [word, list] of lists) postings.set(word, Uint32Array.from(list));
  return {
    schoolJson: JSON.stringify(school),
    names: records.map((record) => record.name),
    years: Uint16Array.from(records, (record) => record.year),
    keys,
    postings,
  };
}
