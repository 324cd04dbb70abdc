import { normalizeName } from '../domain/names.js';
import { headsCompoundSurname, isParticle } from '../domain/statistics/split-name.js';
import {
  FEMALE_COMPOUND_FIRST_NAMES,
  FEMALE_FIRST_NAMES,
  MALE_COMPOUND_FIRST_NAMES,
  MALE_FIRST_NAMES,
  SURNAMES,
} from './name-pools.js';
import { Random, WeightedPicker, shufflePrefix, zipfWeights } from './random.js';
import { DEMO_SCHOOLS, DEMO_YEARS, type DemoSchool, isSchoolActive } from './schools.js';

export interface DemoOptions {
  seed: number;
  scale: number;
}

export const DEFAULT_DEMO_OPTIONS: Readonly<DemoOptions> = Object.freeze({ seed: 1, scale: 1 });

/** One row as an operator's file would give it: `year` is text, names keep their accents. */
export interface DemoRow {
  name: string;
  school: string;
  year: string;
}

/** Children taking part in each edition at scale 1, before a small (±1.5 %) seeded jitter. */
export const DEMO_YEAR_TOTALS: Readonly<Record<number, number>> = Object.freeze({
  2018: 4650,
  2019: 4720,
  2020: 4800,
  2022: 2700,
  2023: 4620,
  2024: 4750,
  2025: 4830,
});

const YEAR_TOTAL_JITTER = 0.015;
/** Share of children with a compound first name (`Jon Ander`, `María José`). */
const COMPOUND_FIRST_NAME_SHARE = 0.035;
/** Share of children with a single surname (never with a compound first name: see NameMaker). */
const SINGLE_SURNAME_SHARE = 0.01;
/** Share of a school's children of one edition who take part again in the next one. */
const RETURN_SHARE = { consecutive: [0.52, 0.68], afterGap: [0.3, 0.4], catchAll: [0.12, 0.22] } as const;
/** Attempts at drawing a name not yet used in the same school and edition. */
const UNIQUE_NAME_ATTEMPTS = 20;
/** Attempts at drawing a surname that the name split reads on its own (see NameMaker). */
const SEPARATE_SURNAME_ATTEMPTS = 20;

const STREAM_STRUCTURE = 1;
const STREAM_CHILDREN = 2;

/**
 * Streams the demo rows, year by year (then school by school), without holding them all
 * in memory: at most one edition's rosters are kept, to let children come back the next
 * year. Same options → same rows in the same order. Everything is fictional.
 *
 * @throws RangeError when `seed` is not a safe integer or `scale` is not a finite number > 0.
 */
export function generateDemoRows(options: Partial<DemoOptions> = {}): Generator<DemoRow> {
  const seed = options.seed ?? DEFAULT_DEMO_OPTIONS.seed;
  const scale = options.scale ?? DEFAULT_DEMO_OPTIONS.scale;
  if (!Number.isSafeInteger(seed)) throw new RangeError(`Demo seed must be a safe integer, got ${seed}`);
  if (!Number.isFinite(scale) || scale <= 0) {
    throw new RangeError(`Demo scale must be a finite number greater than 0, got ${scale}`);
  }
  // Sizes and name fashions come from their own stream, so that they do not depend on the scale.
  const structure = new Random(seed, STREAM_STRUCTURE);
  const sizes = planSchoolSizes(structure);
  const names = new NameMaker(structure);
  return streamRows(new Random(seed, STREAM_CHILDREN), sizes, names, scale);
}

function* streamRows(
  rng: Random,
  sizes: readonly (readonly number[])[],
  names: NameMaker,
  scale: number,
): Generator<DemoRow> {
  /** Last edition's roster of each school (by index in DEMO_SCHOOLS). */
  let previous = new Map<number, string[]>();
  for (let y = 0; y < DEMO_YEARS.length; y++) {
    const yearText = String(DEMO_YEARS[y]);
    const afterGap = y > 0 && (DEMO_YEARS[y] as number) - (DEMO_YEARS[y - 1] as number) > 1;
    const current = new Map<number, string[]>();
    const yearSizes = sizes[y] as readonly number[];
    for (let s = 0; s < DEMO_SCHOOLS.length; s++) {
      const count = Math.round((yearSizes[s] ?? 0) * scale);
      if (count <= 0) continue;
      const school = DEMO_SCHOOLS[s] as DemoSchool;
      const last = previous.get(s);
      previous.delete(s);
      let returning = 0;
      if (last !== undefined) {
        const [min, max] =
          school.kind === 'otras'
            ? RETURN_SHARE.catchAll
            : afterGap
              ? RETURN_SHARE.afterGap
              : RETURN_SHARE.consecutive;
        returning = Math.min(count, Math.round(last.length * rng.uniform(min, max)));
        shufflePrefix(last, returning, rng);
      }
      const roster = new Array<string>(count);
      const used = new Set<string>();
      for (let i = 0; i < returning; i++) {
        const name = (last as string[])[i] as string;
        roster[i] = name;
        used.add(name);
      }
      for (let i = returning; i < count; i++) {
        let name = names.child(y, rng);
        for (let attempt = 1; attempt < UNIQUE_NAME_ATTEMPTS && used.has(name); attempt++) {
          name = names.child(y, rng);
        }
        roster[i] = name;
        used.add(name);
      }
      shufflePrefix(roster, count - 1, rng);
      current.set(s, roster);
      const schoolName = school.name;
      for (let i = 0; i < count; i++) yield { name: roster[i] as string, school: schoolName, year: yearText };
    }
    previous = current;
  }
}

/**
 * Each school's number of children per edition at scale 1: its typical size with a slow
 * drift (a few percent a year), then every edition brought to its total (DEMO_YEAR_TOTALS,
 * jittered) — which is what makes 2022 small for every school.
 */
function planSchoolSizes(rng: Random): number[][] {
  const drift = DEMO_SCHOOLS.map(() => rng.uniform(0.9, 1.1));
  return DEMO_YEARS.map((year) => {
    const raw = DEMO_SCHOOLS.map((school, s) => {
      const d = Math.min(1.2, Math.max(0.8, (drift[s] as number) * rng.uniform(0.94, 1.06)));
      drift[s] = d;
      return isSchoolActive(school, year) ? school.typicalSize * d : 0;
    });
    const sum = raw.reduce((a, b) => a + b, 0);
    const total =
      (DEMO_YEAR_TOTALS[year] as number) * rng.uniform(1 - YEAR_TOTAL_JITTER, 1 + YEAR_TOTAL_JITTER);
    return raw.map((size) => (size * total) / sum);
  });
}

/**
 * Composes children's names: first name (Zipf-like, with a per-edition fashion trend and a
 * few names that only appear from 2022 or 2023 on) and two surnames (Zipf-like).
 *
 * Every name is composed so that the statistics' name split (DESIGN §3) reads back the
 * first name and surnames it was made of, as a real list mostly does: a compound first
 * name always has two surnames (`Jon Ander Garcia` would read as `Jon` + `Ander Garcia`),
 * and a surname that begins with a particle never follows a word that would take it
 * into a compound surname (`Ruiz` + `de la Fuente` would read as `Ruiz de la Fuente`).
 */
class NameMaker {
  private readonly female: WeightedPicker<string>[];
  private readonly male: WeightedPicker<string>[];
  private readonly femaleCompound: WeightedPicker<string>;
  private readonly maleCompound: WeightedPicker<string>;
  private readonly surnames: WeightedPicker<string>;
  /** Surnames that begin with a particle (`de la Fuente`, `San Martín`). */
  private readonly particleFirst: ReadonlySet<string>;
  /**
   * First names and surnames whose last word heads a compound surname (`Díaz`, `García`).
   * A one-word first name is not among them: the split never takes a name's first word.
   */
  private readonly compoundHeads: ReadonlySet<string>;

  constructor(rng: Random) {
    this.female = fashionablePickers(FEMALE_FIRST_NAMES, rng);
    this.male = fashionablePickers(MALE_FIRST_NAMES, rng);
    this.femaleCompound = zipfPicker(FEMALE_COMPOUND_FIRST_NAMES, 1, 1);
    this.maleCompound = zipfPicker(MALE_COMPOUND_FIRST_NAMES, 1, 1);
    this.surnames = zipfPicker(SURNAMES, 8, 1);
    const words = (name: string): string[] => normalizeName(name).split(' ');
    this.particleFirst = new Set(SURNAMES.filter((surname) => isParticle(words(surname)[0]!)));
    this.compoundHeads = new Set(
      [...SURNAMES, ...FEMALE_COMPOUND_FIRST_NAMES, ...MALE_COMPOUND_FIRST_NAMES].filter((name) =>
        headsCompoundSurname(words(name).at(-1)!),
      ),
    );
  }

  child(yearIndex: number, rng: Random): string {
    const female = rng.next() < 0.5;
    const compound = rng.chance(COMPOUND_FIRST_NAME_SHARE);
    const first = compound
      ? (female ? this.femaleCompound : this.maleCompound).pick(rng)
      : ((female ? this.female : this.male)[yearIndex] as WeightedPicker<string>).pick(rng);
    const surname1 = this.surnameAfter(first, rng);
    if (!compound && rng.chance(SINGLE_SURNAME_SHARE)) return `${first} ${surname1}`;
    return `${first} ${surname1} ${this.surnameAfter(surname1, rng)}`;
  }

  /** A surname that the name split will not join to the name part before it. */
  private surnameAfter(before: string, rng: Random): string {
    let surname = this.surnames.pick(rng);
    if (!this.compoundHeads.has(before)) return surname;
    for (let attempt = 1; attempt < SEPARATE_SURNAME_ATTEMPTS && this.particleFirst.has(surname); attempt++)
      surname = this.surnames.pick(rng);
    return surname;
  }
}

function zipfPicker(items: readonly string[], offset: number, exponent: number): WeightedPicker<string> {
  return new WeightedPicker(items, zipfWeights(items.length, offset, exponent));
}

/** One picker per edition: Zipf base weights × a per-name trend; ~8 % of the tail names are new from 2022/2023. */
function fashionablePickers(items: readonly string[], rng: Random): WeightedPicker<string>[] {
  const base = zipfWeights(items.length, 5, 1);
  const trend = items.map(() => rng.uniform(-0.6, 0.6));
  const since = items.map((_, i) => (i >= 30 && rng.chance(0.08) ? (rng.chance(0.5) ? 2022 : 2023) : 0));
  const middle = (DEMO_YEARS.length - 1) / 2;
  return DEMO_YEARS.map((year, y) => {
    const t = (y - middle) / middle;
    const weights = base.map((w, i) =>
      year < (since[i] as number) ? 0 : w * Math.exp((trend[i] as number) * t),
    );
    return new WeightedPicker(items, weights);
  });
}
