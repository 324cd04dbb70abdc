import { compareSpanish } from '../collation.js';
import type { ParticipantRecord } from '../types.js';
import { fnv1a32, mix32 } from '../hashing.js';
import { recordsByEdition, shownForm, tallyEdition, type EditionTally, type NameCell } from './tally.js';

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

/** What the page of one first name or surname shows: only names published in an edition have one. */
export interface NameFact {
  kind: NameKind;
  /** The name normalised and lower-cased: what a typed name is folded to (`searchKey`). */
  key: string;
  /** As written most often over the editions where it is published. */
  name: string;
  /** Every published edition, ascending. */
  editions: NameEdition[];
  /** The first edition whose count is shown (every name with a page has one). */
  firstEdition: number;
  /**
   * The schools where at least k of its children bore it in an edition, most of them
   * first (added over those editions), ties in Spanish order. No count is shown: with the
   * name's own figures, counts per school would tell what the other schools hold.
   */
  schools: string[];
}

/** A school's participants in each published edition (0 where it took part in none). */
export interface SchoolSeries {
  school: string;
  /** In the order of `PublishedFacts.editions`. */
  counts: number[];
}

/**
 * What the pages publish beyond the statistics, made from the editions' tallies alone
 * (plain data: it crosses from the build worker as it is): the names with a page, and
 * each school's participants per edition. Like the statistics, nothing in it moves when a
 * child is removed.
 */
export interface PublishedFacts {
  /** The small-count rule's k the tallies were made under. */
  k: number;
  /** The published editions, ascending. */
  editions: number[];
  /** The participants of each edition, in the order of `editions`. */
  participants: number[];
  /** In Spanish order of `name`. */
  firstNames: NameFact[];
  surnames: NameFact[];
  /** Every school with participants in a published edition, in byte order of the name. */
  schools: SchoolSeries[];
}

/** Competition ranks of the counts: 1 + how many are larger. */
function ranks(counts: Iterable<number>): Map<number, number> {
  const descending = [...counts].sort((a, b) => b - a);
  const rankOf = new Map<number, number>();
  descending.forEach((count, i) => rankOf.has(count) || rankOf.set(count, i + 1));
  return rankOf;
}

/** A name while its facts are gathered from the tallies. */
interface Gathered {
  counts: (number | undefined)[];
  forms: Map<string, number>;
  schools: Map<string, number>;
}

function factsOfKind(kind: NameKind, tallies: readonly EditionTally[]): NameFact[] {
  const cellsOf = (tally: EditionTally): NameCell[] =>
    kind === 'firstName' ? tally.firstNames : tally.surnames;
  const gathered = new Map<string, Gathered>();
  tallies.forEach((tally, e) => {
    for (const cell of cellsOf(tally)) {
      let name = gathered.get(cell.key);
      if (name === undefined)
        gathered.set(
          cell.key,
          (name = { counts: tallies.map(() => undefined), forms: new Map(), schools: new Map() }),
        );
      name.counts[e] = cell.records;
      for (const [form, records] of cell.forms) name.forms.set(form, (name.forms.get(form) ?? 0) + records);
    }
    for (const school of tally.schools)
      for (const cell of kind === 'firstName' ? school.firstNames : school.surnames) {
        const schools = gathered.get(cell.key)!.schools;
        schools.set(school.school, (schools.get(school.school) ?? 0) + cell.records);
      }
  });
  const rankOf = tallies.map((tally) => ranks(cellsOf(tally).map((cell) => cell.records)));
  const facts: NameFact[] = [];
  for (const [key, name] of gathered) {
    const editions = tallies.map(({ year, participants }, e): NameEdition => {
      const count = name.counts[e];
      return count === undefined
        ? { year }
        : { year, count, rank: rankOf[e]!.get(count)!, share: count / participants };
    });
    facts.push({
      kind,
      key,
      name: shownForm(name.forms),
      editions,
      firstEdition: editions.find((edition) => edition.count !== undefined)!.year,
      schools: [...name.schools]
        .sort(([a, x], [b, y]) => y - x || compareSpanish(a, b))
        .map(([school]) => school),
    });
  }
  return facts.sort((a, b) => compareSpanish(a.name, b.name));
}

/** Each school's participants per edition of `tallies`. */
function schoolSeries(tallies: readonly EditionTally[]): SchoolSeries[] {
  const bySchool = new Map<string, number[]>();
  tallies.forEach((tally, e) => {
    for (const { school, records } of tally.schools) {
      let counts = bySchool.get(school);
      if (counts === undefined) bySchool.set(school, (counts = tallies.map(() => 0)));
      counts[e] = records;
    }
  });
  return [...bySchool]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([school, counts]) => ({ school, counts }));
}

/**
 * The published facts of the editions whose `tallies` are given (ascending, all under one
 * k): every first name and surname published in at least one of them, with its count,
 * rank and share where it is published, and its schools; each school's participants.
 */
export function publishedFacts(tallies: readonly EditionTally[], k: number): PublishedFacts {
  return {
    k,
    editions: tallies.map((tally) => tally.year),
    participants: tallies.map((tally) => tally.participants),
    firstNames: factsOfKind('firstName', tallies),
    surnames: factsOfKind('surname', tallies),
    schools: schoolSeries(tallies),
  };
}

/** The published facts of the records of `editions` (ascending), each tallied under `k`. */
export function nameFactsOf(
  records: Iterable<ParticipantRecord>,
  editions: readonly number[],
  k: number,
): PublishedFacts {
  const byYear = recordsByEdition(records);
  return publishedFacts(
    editions.map((year) => tallyEdition(year, byYear.get(year) ?? [], k)),
    k,
  );
}

/** The seed of a row's second hash: two 32-bit hashes make a collision of fingerprints unlikely. */
const SECOND_SEED = 0x9747b28c;

/**
 * A fingerprint of each edition's records (in any order): what a stored tally was made
 * from. A build or a recompute compares it with the rows it read, so that a tally made
 * before a change by plain SQL (which recomputes nothing) is not taken for the edition's.
 * The count and two sums of per-row hashes (name, school and year mixed): the same rows in
 * any order give the same text. Each school is hashed once; it runs in every build.
 */
export function editionFingerprints(records: Iterable<ParticipantRecord>): Map<number, string> {
  const schools = new Map<string, [number, number]>();
  const sums = new Map<number, [rows: number, low: number, high: number]>();
  for (const { name, school, year } of records) {
    let place = schools.get(school);
    if (place === undefined) schools.set(school, (place = [fnv1a32(school), fnv1a32(school, SECOND_SEED)]));
    let sum = sums.get(year);
    if (sum === undefined) sums.set(year, (sum = [0, 0, 0]));
    const [a, b] = [fnv1a32(name), fnv1a32(name, SECOND_SEED)];
    const when = Math.imul(year, 0x27d4eb2d);
    sum[0]++;
    sum[1] = (sum[1] + mix32(a ^ Math.imul(place[0], 0x9e3779b1) ^ when)) >>> 0;
    sum[2] = (sum[2] + mix32(b ^ Math.imul(place[1], 0x85ebca77) ^ when)) >>> 0;
  }
  return new Map(
    [...sums].map(([year, [rows, low, high]]) => [year, `${rows}:${high.toString(16)}:${low.toString(16)}`]),
  );
}
