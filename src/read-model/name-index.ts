import type { NameFact, NameKind, PublishedFacts } from '../domain/statistics/name-facts.js';
import { searchKey } from '../domain/names.js';

/**
 * The first names and surnames with a page, found as the search folds what is typed, and
 * each school's participants per edition. A name under k answers as one never seen.
 */
export class NameIndex {
  readonly k: number;
  /** The published editions, ascending. */
  readonly editions: readonly number[];
  readonly participants: readonly number[];
  /** Each school's participants per published edition, as published. */
  readonly schoolCounts: ReadonlyMap<string, ReadonlyMap<number, number>>;
  private readonly byKind: Record<NameKind, { list: readonly NameFact[]; byKey: Map<string, NameFact> }>;

  constructor({ k, editions, participants, firstNames, surnames, schools }: PublishedFacts) {
    this.k = k;
    this.editions = editions;
    this.participants = participants;
    this.schoolCounts = new Map(
      schools.map(({ school, counts }) => [school, new Map(editions.map((year, e) => [year, counts[e]!]))]),
    );
    const kind = (list: NameFact[]) => ({ list, byKey: new Map(list.map((fact) => [fact.key, fact])) });
    this.byKind = { firstName: kind(firstNames), surname: kind(surnames) };
  }

  lookup(kind: NameKind, typed: string): NameFact | undefined {
    return this.byKind[kind].byKey.get(searchKey(typed));
  }

  /** Every name of the kind with a page, A to Z (Spanish order): the index page. */
  list(kind: NameKind): readonly NameFact[] {
    return this.byKind[kind].list;
  }
}
