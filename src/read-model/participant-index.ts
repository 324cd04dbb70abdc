import { compareSpanish } from '../domain/collation.js';
import type { ParticipantRecord } from '../domain/types.js';
import { buildShelf, matchingPositions, type SchoolShelf } from './school-shelf.js';

/** Shelves by school. */
export type Shelves = ReadonlyMap<string, SchoolShelf>;

/**
 * Participants of some years, read after the rest: they replace whatever the base holds
 * of those years (a year may have no participants any more).
 */
interface Overlay {
  years: ReadonlySet<number>;
  shelves: Shelves;
}

/** One match of a search over a base and its overlay. */
interface Found {
  year: number;
  nameJson: string;
}

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
 *
 * The shelves of a full read are the base. When only some years of participants changed,
 * the rows of those years are read and shelved apart as an overlay that hides the base's
 * rows of those years, so that an import of one year is served without indexing every
 * year again. A search then looks in both shelves of the school; the follower replaces
 * such an index by a full one built in the background.
 */
export class ParticipantIndex {
  readonly companies: readonly string[];
  /** Participants served, per year. */
  readonly rowsByYear: ReadonlyMap<number, number>;
  /** Participants served, per school and year (the schools' own pages). */
  readonly rowsBySchool: ReadonlyMap<string, ReadonlyMap<number, number>>;
  readonly size: number;

  constructor(
    private readonly base: Shelves,
    private readonly overlay?: Overlay,
  ) {
    const rowsByYear = new Map<number, number>();
    const rowsBySchool = new Map<string, Map<number, number>>();
    const count = (shelves: Shelves, hidden: ReadonlySet<number> | undefined) => {
      for (const [school, shelf] of shelves) {
        for (const [year, rows] of shelf.rowsByYear) {
          if (hidden?.has(year)) continue;
          rowsByYear.set(year, (rowsByYear.get(year) ?? 0) + rows);
          let years = rowsBySchool.get(school);
          if (years === undefined) rowsBySchool.set(school, (years = new Map()));
          years.set(year, rows);
        }
      }
    };
    count(base, overlay?.years);
    if (overlay) count(overlay.shelves, undefined);
    this.rowsByYear = rowsByYear;
    this.rowsBySchool = rowsBySchool;
    this.companies = [...rowsBySchool.keys()].sort(compareSpanish);
    this.size = [...rowsByYear.values()].reduce((sum, rows) => sum + rows, 0);
  }

  /** The years the overlay replaces (none for an index of one full read). */
  get overlayYears(): readonly number[] {
    return this.overlay ? [...this.overlay.years] : [];
  }

  /** This index's base with the participants of `years` replaced by `shelves` (any earlier overlay dropped). */
  withOverlay(years: readonly number[], shelves: Shelves): ParticipantIndex {
    return new ParticipantIndex(this.base, { years: new Set(years), shelves });
  }

  /**
   * The JSON answer for a search of an already normalised name (year descending,
   * then name in Spanish order), or `undefined` when nothing matches.
   */
  searchJson(normalizedName: string, school: string): string | undefined {
    if (this.overlay) return this.searchWithOverlay(normalizedName.toLowerCase(), school, this.overlay);
    const shelf = this.base.get(school);
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

  private searchWithOverlay(needle: string, school: string, overlay: Overlay): string | undefined {
    const found: Found[] = [];
    const collect = (shelf: SchoolShelf | undefined, hidden: ReadonlySet<number> | undefined) => {
      if (!shelf) return;
      for (const k of matchingPositions(shelf, needle)) {
        const year = shelf.years[k]!;
        if (!hidden?.has(year))
          found.push({ year, nameJson: shelf.namesJson.slice(shelf.nameStarts[k], shelf.nameStarts[k + 1]) });
      }
    };
    collect(this.base.get(school), overlay.years);
    collect(overlay.shelves.get(school), undefined);
    if (found.length === 0) return undefined;
    found.sort((a, b) => b.year - a.year || compareSpanish(nameOf(a.nameJson), nameOf(b.nameJson)));
    const schoolJson = JSON.stringify(school);
    return answerJson(found.map((item) => participantJson(item.nameJson, schoolJson, item.year)));
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
