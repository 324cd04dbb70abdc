import { compareSpanish } from '../domain/collation.js';
import { searchKey } from '../domain/names.js';
import type { ParticipantRecord } from '../domain/types.js';

/** Separates names in a school's haystack; a normalised name never contains it. */
const SEPARATOR = '\n';

interface SchoolShelf {
  /** The school as JSON, escaped once. */
  schoolJson: string;
  /** Stored names, sorted by year descending then name: the order of the answer. */
  names: string[];
  years: Uint16Array;
  /** Search keys of all names joined by SEPARATOR; `starts[i]` is where name i begins. */
  haystack: string;
  starts: Uint32Array;
}

export interface ParticipantMatch {
  name: string;
  year: number;
}

/**
 * Participants grouped by school, each school's normalised, lower-cased names joined
 * into one string: a search is one exact-school lookup plus `indexOf` over that
 * string, a literal substring match in which no character is a wildcard.
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
    for (const [school, list] of bySchool) {
      list.sort((a, b) => b.year - a.year || compareSpanish(a.name, b.name));
      const keys = list.map((record) => searchKey(record.name));
      const starts = new Uint32Array(list.length);
      let offset = 0;
      keys.forEach((key, i) => {
        starts[i] = offset;
        offset += key.length + SEPARATOR.length;
      });
      this.shelves.set(school, {
        schoolJson: JSON.stringify(school),
        names: list.map((record) => record.name),
        years: Uint16Array.from(list, (record) => record.year),
        haystack: keys.join(SEPARATOR),
        starts,
      });
    }
    this.companies = [...bySchool.keys()].sort(compareSpanish);
    this.size = records.length;
  }

  /** The JSON answer for a search, or `undefined` when nothing matches. */
  searchJson(normalizedName: string, school: string): string | undefined {
    const shelf = this.shelves.get(school);
    if (!shelf) return undefined;
    const needle = normalizedName.toLowerCase();
    const items: string[] = [];
    let from = 0;
    for (;;) {
      const at = shelf.haystack.indexOf(needle, from);
      if (at < 0) break;
      const i = recordAt(shelf.starts, at);
      items.push(
        `{"name":${JSON.stringify(shelf.names[i])},"school":${shelf.schoolJson},"year":${shelf.years[i]}}`,
      );
      // Continue after this name: each record is listed once.
      from = i + 1 < shelf.starts.length ? shelf.starts[i + 1]! : shelf.haystack.length;
    }
    return items.length === 0 ? undefined : `{"participants":[${items.join(',')}]}`;
  }
}

/** Index of the last start at or before `offset` (binary search). */
function recordAt(starts: Uint32Array, offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >>> 1;
    if (starts[mid]! <= offset) low = mid;
    else high = mid - 1;
  }
  return low;
}
