import type { NameFact, NameKind, PublishedFacts } from '../domain/statistics/name-facts.js';
import { searchKey } from '../domain/names.js';

/**
 * The published facts of a model: the first names and surnames with a page (those at
 * least k children bore in an edition), found by the name as typed, folded as the search
 * folds it (accents, case, spaces), and each school's participants per edition. A name
 * under k answers exactly as a name never seen: `undefined`.
 */
export class NameIndex {
  /** The small-count rule's k the statistics were computed under. */
  readonly k: number;
  /** The published editions, ascending. */
  readonly editions: readonly number[];
  /** The participants of each edition, in the order of `editions`. */
  readonly participants: readonly number[];
  /** Each school's participants per published edition, as published (a removal does not change them). */
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

  /** The facts of a first name or surname as typed; `undefined` when it has no page. */
  lookup(kind: NameKind, typed: string): NameFact | undefined {
    return this.byKind[kind].byKey.get(searchKey(typed));
  }

  /** Every name of the kind with a page, A to Z (Spanish order): the index page. */
  list(kind: NameKind): readonly NameFact[] {
    return this.byKind[kind].list;
  }
}
