import { compareSpanish } from '../collation.js';
import type { ParticipantRecord } from '../types.js';
import { readName, schoolOf, shownForm, type ReadName } from './tally.js';
import { fnv1a32, mix32 } from '../hashing.js';

export type NameKind = 'firstName' | 'surname';

/** A name's figures in one published edition. */
export interface NameEdition {
  year: number;
  /**
   * Records bearing the name, counted as `topNamesByYear` / `topSurnamesByYear` count them;
   * absent when fewer than k children bore it in the edition, none included (DESIGN §5:
   * telling 0 from 1 would name a name fewer than k children bear in the year).
   */
  count?: number;
  /** Competition rank (1, 2, 2, 4) among the names of its kind whose count the edition shows. */
  rank?: number;
  /** `count` over the edition's participants. */
  share?: number;
}

export interface SchoolCount {
  school: string;
  count: number;
}

/** What the page of one first name or surname shows: only names at least k children bear have one. */
export interface NameFact {
  kind: NameKind;
  /** The name normalised and lower-cased: what a typed name is folded to (`searchKey`). */
  key: string;
  /** As written most often over the published editions. */
  name: string;
  /** Records bearing it over the published editions (as `topNames` / `topSurnames` count them). */
  total: number;
  /** Every published edition, ascending. */
  editions: NameEdition[];
  /** The first edition whose count is shown; absent when no edition on its own reached k children. */
  firstEdition?: number;
  /**
   * Records per school over the published editions, for the schools where at least k
   * children bore it; most records first, ties in Spanish order.
   */
  schools: SchoolCount[];
}

/** The facts of every name with a page, plain data (it crosses from the build worker as it is). */
export interface NameFactsData {
  /** The small-count rule's k the statistics were computed under. */
  k: number;
  /** The published editions, ascending. */
  editions: number[];
  /** The participants of each edition, in the order of `editions`. */
  participants: number[];
  /** In Spanish order of `name`. */
  firstNames: NameFact[];
  surnames: NameFact[];
}

/** Adds `child` to at most `k` distinct children: enough to tell whether k bear a name. */
function addChild(children: string[], child: string, k: number): void {
  if (children.length < k && !children.includes(child)) children.push(child);
}

/** One first name or surname as counted over the records: records and (up to k) children, per edition and school. */
class CountedName {
  readonly records: Int32Array;
  readonly editionChildren: string[][];
  readonly children: string[] = [];
  readonly forms = new Map<string, number>();
  readonly schools = new Map<string, { records: number; children: string[] }>();

  constructor(editions: number) {
    this.records = new Int32Array(editions);
    this.editionChildren = Array.from({ length: editions }, () => []);
  }

  add(form: string, edition: number, school: string, child: string, k: number): void {
    this.records[edition]!++;
    this.forms.set(form, (this.forms.get(form) ?? 0) + 1);
    addChild(this.children, child, k);
    addChild(this.editionChildren[edition]!, child, k);
    if (school === '') return;
    let bySchool = this.schools.get(school);
    if (bySchool === undefined) this.schools.set(school, (bySchool = { records: 0, children: [] }));
    bySchool.records++;
    addChild(bySchool.children, child, k);
  }
}

/** Competition ranks of the counts: 1 + how many are larger. */
function ranks(counts: Iterable<number>): Map<number, number> {
  const descending = [...counts].sort((a, b) => b - a);
  const rankOf = new Map<number, number>();
  descending.forEach((count, i) => rankOf.has(count) || rankOf.set(count, i + 1));
  return rankOf;
}

function factsOfKind(
  kind: NameKind,
  counted: ReadonlyMap<string, CountedName>,
  editions: readonly number[],
  participants: readonly number[],
  k: number,
): NameFact[] {
  // Per edition, the records of each name k children bore there; their ranks.
  const shown = editions.map((_, e) => {
    const counts = new Map<string, number>();
    for (const [key, name] of counted)
      if (name.editionChildren[e]!.length >= k) counts.set(key, name.records[e]!);
    return { counts, rankOf: ranks(counts.values()) };
  });
  const facts: NameFact[] = [];
  for (const [key, name] of counted) {
    if (name.children.length < k) continue;
    const perEdition = editions.map((year, e): NameEdition => {
      const count = shown[e]!.counts.get(key);
      return count === undefined
        ? { year }
        : { year, count, rank: shown[e]!.rankOf.get(count)!, share: count / participants[e]! };
    });
    const firstEdition = perEdition.find((edition) => edition.count !== undefined)?.year;
    const schools = [...name.schools]
      .filter(([, bySchool]) => bySchool.children.length >= k)
      .map(([school, bySchool]) => ({ school, count: bySchool.records }))
      .sort((a, b) => b.count - a.count || compareSpanish(a.school, b.school));
    facts.push({
      kind,
      key,
      name: shownForm(name.forms),
      total: name.records.reduce((sum, records) => sum + records, 0),
      editions: perEdition,
      ...(firstEdition === undefined ? {} : { firstEdition }),
      schools,
    });
  }
  return facts.sort((a, b) => compareSpanish(a.name, b.name));
}

/**
 * The facts of every first name and surname that at least `k` children bear over the
 * published `editions` (ascending), read as the statistics' tally reads them (`readName`,
 * `schoolOf`: the same counts as `topNames*` and `topSurnames*`): per edition, the count and
 * rank where at least `k` children bore it there; per school, where at least `k` children
 * of the school did. Records of other years are left out. Leaner than the tally (each
 * distinct name read once, counts in arrays): it runs in every build of the read model.
 */
export function nameFactsOf(
  records: Iterable<ParticipantRecord>,
  editions: readonly number[],
  k: number,
): NameFactsData {
  const editionOf = new Map(editions.map((year, e) => [year, e]));
  const participants = editions.map(() => 0);
  const read = new Map<string, ReadName>();
  const firstNames = new Map<string, CountedName>();
  const surnames = new Map<string, CountedName>();
  const counted = (names: Map<string, CountedName>, key: string) => {
    let name = names.get(key);
    if (name === undefined) names.set(key, (name = new CountedName(editions.length)));
    return name;
  };
  for (const record of records) {
    const e = editionOf.get(record.year);
    if (e === undefined) continue;
    participants[e]!++;
    let name = read.get(record.name);
    if (name === undefined) read.set(record.name, (name = readName(record.name)));
    if (name.firstName === '') continue;
    const school = schoolOf(record.school);
    counted(firstNames, name.firstKey).add(name.firstName, e, school, name.child, k);
    name.surnames.forEach((surname, i) =>
      counted(surnames, name.surnameKeys[i]!).add(surname, e, school, name.child, k),
    );
  }
  return {
    k,
    editions: [...editions],
    participants,
    firstNames: factsOfKind('firstName', firstNames, editions, participants, k),
    surnames: factsOfKind('surname', surnames, editions, participants, k),
  };
}

/** The seed of a row's second hash: two 32-bit hashes make a collision of fingerprints unlikely. */
const SECOND_SEED = 0x9747b28c;

/**
 * A fingerprint of the records of the `editions` (in any order): what stored facts were
 * made from. A build compares it with the rows it read, so that facts made before a change
 * by plain SQL (which recomputes nothing) are not served. The count and two sums of
 * per-row hashes (name, school and year mixed): the same rows in any order give the same
 * text. Each school is hashed once; it runs in every build.
 */
export function recordsFingerprint(
  records: Iterable<ParticipantRecord>,
  editions: readonly number[],
): string {
  const counted = new Set(editions);
  const schools = new Map<string, [number, number]>();
  let [rows, low, high] = [0, 0, 0];
  for (const { name, school, year } of records) {
    if (!counted.has(year)) continue;
    let place = schools.get(school);
    if (place === undefined) schools.set(school, (place = [fnv1a32(school), fnv1a32(school, SECOND_SEED)]));
    const [a, b] = [fnv1a32(name), fnv1a32(name, SECOND_SEED)];
    const when = Math.imul(year, 0x27d4eb2d);
    rows++;
    low = (low + mix32(a ^ Math.imul(place[0], 0x9e3779b1) ^ when)) >>> 0;
    high = (high + mix32(b ^ Math.imul(place[1], 0x85ebca77) ^ when)) >>> 0;
  }
  return `${rows}:${high.toString(16)}:${low.toString(16)}`;
}
