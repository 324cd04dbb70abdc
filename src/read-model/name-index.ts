import type { NameFact, NameKind, PublishedFacts } from '../domain/statistics/name-facts.js';
import { searchKey } from '../domain/names.js';
import { suggestedKeys, variantKey } from '../domain/name-variants.js';

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
  private readonly byKind: Record<
    NameKind,
    { list: readonly NameFact[]; byKey: Map<string, NameFact>; byVariant: Map<string, NameFact[]> }
  >;

  constructor({ k, editions, participants, firstNames, surnames, schools }: PublishedFacts) {
    this.k = k;
    this.editions = editions;
    this.participants = participants;
    this.schoolCounts = new Map(
      schools.map(({ school, counts }) => [school, new Map(editions.map((year, e) => [year, counts[e]!]))]),
    );
    const kind = (list: NameFact[]) => ({
      list,
      byKey: new Map(list.map((fact) => [fact.key, fact])),
      byVariant: list.reduce((groups, fact) => {
        const key = variantKey(fact.key);
        return groups.set(key, [...(groups.get(key) ?? []), fact]);
      }, new Map<string, NameFact[]>()),
    });
    this.byKind = { firstName: kind(firstNames), surname: kind(surnames) };
  }

  lookup(kind: NameKind, typed: string): NameFact | undefined {
    return this.byKind[kind].byKey.get(searchKey(typed));
  }

  /** The names with a page to suggest for what was typed: other spellings, one edit away, beginning with it. */
  suggest(kind: NameKind, typed: string): NameFact[] {
    const { list, byKey } = this.byKind[kind];
    return suggestedKeys(
      list.map((fact) => fact.key),
      searchKey(typed),
    ).map((key) => byKey.get(key)!);
  }

  /** The other spellings of a name with a page (`Echeverria` of `Etxeberria`) that have pages too. */
  variants(fact: NameFact): NameFact[] {
    const same = this.byKind[fact.kind].byVariant.get(variantKey(fact.key)) ?? [];
    return same.filter((other) => other !== fact);
  }

  /** Every name of the kind with a page, A to Z (Spanish order): the index page. */
  list(kind: NameKind): readonly NameFact[] {
    return this.byKind[kind].list;
  }
}
