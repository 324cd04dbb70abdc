import { compareSpanish } from '../domain/collation.js';
import type { ParticipantRecord } from '../domain/types.js';
import { buildShelf, matchingPositions, type SchoolShelf } from './school-shelf.js';

/** Shelves by school. */
export type Shelves = ReadonlyMap<string, SchoolShelf>;

/** One participant of a search answer, as JSON. */
function participantJson(nameJson: string, schoolJson: string, year: number): string {
  return `{"name":${nameJson},"school":${schoolJson},"year":${year}}`;
}

function answerJson(items: readonly string[]): string {
  return `{"participants":[${items.join(',')}]}`;
}

const nameOf = (nameJson: string) => JSON.parse(nameJson) as string;

/**
 * Participants grouped by school (a shelf per school, see school-shelf.ts), searchable
 * by literal substring: year descending, then name in Spanish order.
 */
export class ParticipantIndex {
  readonly companies: readonly string[];
  /** Participants served. */
  readonly size: number;
  private countsBySchool: Map<string, Map<number, number>> | undefined;

  constructor(private readonly shelves: Shelves) {
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
   * The JSON answer for a search of an already normalised name (year descending,
   * then name in Spanish order), or `undefined` when nothing matches.
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
    return answerJson(matches.map((k) => participantJson(nameJson(k), shelf.schoolJson, shelf.years[k]!)));
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
