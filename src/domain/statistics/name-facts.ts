import { compareSpanish } from '../collation.js';
import type { ParticipantRecord } from '../types.js';
import { fnv1a32, mix32 } from '../hashing.js';
import { addTo, shownForm, type Counts, type EditionTally } from './tally.js';

export type NameKind = 'firstName' | 'surname';

/**
 * A name's figures in one published edition; none where fewer than k children bore it,
 * none included (DESIGN §5: telling 0 from 1 would name a name under k).
 */
interface NameEdition {
  year: number;
  count?: number;
  /** Competition rank (1, 2, 2, 4) among the names of its kind the edition shows. */
  rank?: number;
  /** `count` over the edition's participants. */
  share?: number;
}

/** What the page of a first name or surname published in some edition shows. */
export interface NameFact {
  kind: NameKind;
  /** What a typed name is folded to (`searchKey`). */
  key: string;
  /** As written most often where it is published. */
  name: string;
  editions: NameEdition[];
  firstEdition: number;
  /**
   * Where k of its children bore it, most first; no count per school, which with the
   * name's own figures would tell what the other schools hold.
   */
  schools: string[];
}

/** A school's participants in each published edition (0 where it took part in none). */
interface SchoolSeries {
  school: string;
  counts: number[];
}

/**
 * What the pages publish beyond the statistics, made from the tallies alone (plain data,
 * it crosses from the build worker): the names with a page, each school's participants.
 * Editions ascending; names in Spanish order, schools in byte order.
 */
export interface PublishedFacts {
  k: number;
  editions: number[];
  participants: number[];
  firstNames: NameFact[];
  surnames: NameFact[];
  schools: SchoolSeries[];
}

/** Competition ranks of the counts: 1 + how many are larger. */
function ranks(counts: Iterable<number>): Map<number, number> {
  const descending = [...counts].sort((a, b) => b - a);
  const rankOf = new Map<number, number>();
  descending.forEach((count, i) => rankOf.has(count) || rankOf.set(count, i + 1));
  return rankOf;
}

function factsOfKind(kind: NameKind, tallies: readonly EditionTally[]): NameFact[] {
  const field = kind === 'firstName' ? 'firstNames' : 'surnames';
  const gathered = new Map<string, { counts: (number | undefined)[]; forms: Counts; schools: Counts }>();
  const fresh = () => ({ counts: tallies.map(() => undefined), forms: new Map(), schools: new Map() });
  tallies.forEach((tally, e) => {
    for (const cell of tally[field]) {
      const name = gathered.get(cell.key) ?? gathered.set(cell.key, fresh()).get(cell.key)!;
      name.counts[e] = cell.records;
      for (const [form, records] of cell.forms) addTo(name.forms, form, records);
    }
    for (const school of tally.schools)
      for (const cell of school[field]) addTo(gathered.get(cell.key)!.schools, school.school, cell.records);
  });
  const rankOf = tallies.map((tally) => ranks(tally[field].map((cell) => cell.records)));
  const facts = [...gathered].map(([key, name]): NameFact => {
    const editions = tallies.map(({ year, participants }, e): NameEdition => {
      const count = name.counts[e];
      return count === undefined
        ? { year }
        : { year, count, rank: rankOf[e]!.get(count)!, share: count / participants };
    });
    return {
      kind,
      key,
      name: shownForm(name.forms),
      editions,
      firstEdition: editions.find((edition) => edition.count !== undefined)!.year,
      schools: [...name.schools]
        .sort(([a, x], [b, y]) => y - x || compareSpanish(a, b))
        .map(([school]) => school),
    };
  });
  return facts.sort((a, b) => compareSpanish(a.name, b.name));
}

function schoolSeries(tallies: readonly EditionTally[]): SchoolSeries[] {
  const bySchool = new Map<string, number[]>();
  tallies.forEach((tally, e) => {
    for (const { school, records } of tally.schools) {
      const counts = bySchool.get(school) ?? tallies.map(() => 0);
      bySchool.set(school, counts);
      counts[e] = records;
    }
  });
  return [...bySchool.keys()].sort().map((school) => ({ school, counts: bySchool.get(school)! }));
}

/** The published facts of the editions' `tallies` (ascending, all under one k). */
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

/** Two 32-bit hashes a row make a collision of fingerprints unlikely. */
const SECOND_SEED = 0x9747b28c;

/**
 * A fingerprint of each edition's records, in any order (a count and two sums of row
 * hashes): a tally made before a change by plain SQL is not taken for the edition's.
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
