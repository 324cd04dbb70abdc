import { normalizeName } from '../domain/names.js';
import { headsCompoundSurname, isParticle } from '../domain/statistics/split-name.js';
import {
  FEMALE_COMPOUND_FIRST_NAMES,
  FEMALE_FIRST_NAMES,
  MALE_COMPOUND_FIRST_NAMES,
  MALE_FIRST_NAMES,
  SURNAMES,
} from './name-pools.js';
import { Random, shufflePrefix, weightedPicker, zipfWeights } from './random.js';
import { DEMO_SCHOOLS, DEMO_YEARS, isSchoolActive } from './schools.js';

export type DemoOptions = { seed: number; scale: number };

export const DEFAULT_DEMO_OPTIONS: Readonly<DemoOptions> = Object.freeze({ seed: 1, scale: 1 });

/** A row as an operator's file gives it: `year` is text, names keep their accents. */
export type DemoRow = { name: string; school: string; year: string };

/** Children of each edition at scale 1, before a seeded ±1.5 % jitter. */
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
const COMPOUND_FIRST_NAME_SHARE = 0.035;
const SINGLE_SURNAME_SHARE = 0.01;
/** Share of a school's children who take part again in the next edition. */
const RETURN_SHARE = { consecutive: [0.52, 0.68], afterGap: [0.3, 0.4], catchAll: [0.12, 0.22] } as const;
/** Attempts at drawing a name not yet used in the same school and edition, or a surname the split reads apart. */
const ATTEMPTS = 20;

/** The fictional rows, year by year (children come back the next year); same options, same rows. */
export function generateDemoRows(options: Partial<DemoOptions> = {}): Generator<DemoRow> {
  const { seed, scale } = { ...DEFAULT_DEMO_OPTIONS, ...options };
  if (!Number.isSafeInteger(seed)) throw new RangeError(`Demo seed must be a safe integer, got ${seed}`);
  if (!Number.isFinite(scale) || scale <= 0)
    throw new RangeError(`Demo scale must be a finite number greater than 0, got ${scale}`);
  // Sizes and name fashions come from their own stream, so that they do not depend on the scale.
  const structure = new Random(seed, 1);
  const sizes = planSchoolSizes(structure);
  return streamRows(new Random(seed, 2), sizes, nameMaker(structure), scale);
}

function* streamRows(rng: Random, sizes: number[][], names: NameMaker, scale: number): Generator<DemoRow> {
  let previous = new Map<number, string[]>();
  for (const [y, year] of DEMO_YEARS.entries()) {
    const afterGap = y > 0 && year - DEMO_YEARS[y - 1]! > 1;
    const current = new Map<number, string[]>();
    for (const [s, school] of DEMO_SCHOOLS.entries()) {
      const count = Math.round(sizes[y]![s]! * scale);
      if (count <= 0) continue;
      const roster = previous.get(s) ?? [];
      let returning = 0;
      if (previous.has(s)) {
        const [min, max] =
          RETURN_SHARE[school.kind === 'otras' ? 'catchAll' : afterGap ? 'afterGap' : 'consecutive'];
        returning = Math.min(count, Math.round(roster.length * rng.uniform(min, max)));
        shufflePrefix(roster, returning, rng);
      }
      roster.length = returning;
      const used = new Set(roster);
      while (roster.length < count) {
        let name = names(y, rng);
        for (let attempt = 1; attempt < ATTEMPTS && used.has(name); attempt++) name = names(y, rng);
        roster.push(name);
        used.add(name);
      }
      shufflePrefix(roster, count - 1, rng);
      current.set(s, roster);
      for (const name of roster) yield { name, school: school.name, year: String(year) };
    }
    previous = current;
  }
}

/** Children per school and edition at scale 1: typical sizes drifting slowly, scaled to each edition's total. */
function planSchoolSizes(rng: Random): number[][] {
  const drift = DEMO_SCHOOLS.map(() => rng.uniform(0.9, 1.1));
  return DEMO_YEARS.map((year) => {
    const raw = DEMO_SCHOOLS.map((school, s) => {
      drift[s] = Math.min(1.2, Math.max(0.8, drift[s]! * rng.uniform(0.94, 1.06)));
      return isSchoolActive(school, year) ? school.typicalSize * drift[s] : 0;
    });
    const sum = raw.reduce((a, b) => a + b, 0);
    const total = DEMO_YEAR_TOTALS[year]! * rng.uniform(1 - YEAR_TOTAL_JITTER, 1 + YEAR_TOTAL_JITTER);
    return raw.map((size) => (size * total) / sum);
  });
}

type NameMaker = (yearIndex: number, rng: Random) => string;

/**
 * Names the statistics' split (DESIGN §3) reads back as made: a compound first name always
 * has two surnames (`Jon Ander Garcia` reads `Jon` + `Ander Garcia`), and a particle
 * surname never follows a compound's head (`Ruiz` + `de la Fuente` reads as one).
 */
function nameMaker(structure: Random): NameMaker {
  const female = fashionablePickers(FEMALE_FIRST_NAMES, structure);
  const male = fashionablePickers(MALE_FIRST_NAMES, structure);
  const femaleCompound = zipfPicker(FEMALE_COMPOUND_FIRST_NAMES, 1);
  const maleCompound = zipfPicker(MALE_COMPOUND_FIRST_NAMES, 1);
  const surnames = zipfPicker(SURNAMES, 8);
  const particleFirst = new Set(SURNAMES.filter((surname) => isParticle(words(surname)[0]!)));
  // A one-word first name never heads one: the split never takes a name's first word.
  const heads = new Set(
    [...SURNAMES, ...FEMALE_COMPOUND_FIRST_NAMES, ...MALE_COMPOUND_FIRST_NAMES].filter((name) =>
      headsCompoundSurname(words(name).at(-1)!),
    ),
  );
  const surnameAfter = (before: string, rng: Random): string => {
    let surname = surnames(rng);
    let tries = 1;
    while (tries++ < ATTEMPTS && heads.has(before) && particleFirst.has(surname)) surname = surnames(rng);
    return surname;
  };
  return (yearIndex, rng) => {
    const isFemale = rng.next() < 0.5;
    const compound = rng.chance(COMPOUND_FIRST_NAME_SHARE);
    const first = compound
      ? (isFemale ? femaleCompound : maleCompound)(rng)
      : (isFemale ? female : male)[yearIndex]!(rng);
    const surname1 = surnameAfter(first, rng);
    if (!compound && rng.chance(SINGLE_SURNAME_SHARE)) return `${first} ${surname1}`;
    return `${first} ${surname1} ${surnameAfter(surname1, rng)}`;
  };
}

function words(name: string): string[] {
  return normalizeName(name).split(' ');
}

function zipfPicker(items: readonly string[], offset: number) {
  return weightedPicker(items, zipfWeights(items.length, offset, 1));
}

/** A picker per edition: Zipf weights × a per-name trend; ~8 % of the tail names new from 2022/2023. */
function fashionablePickers(items: readonly string[], rng: Random) {
  const base = zipfWeights(items.length, 5, 1);
  const trend = items.map(() => rng.uniform(-0.6, 0.6));
  const since = items.map((_, i) => (i >= 30 && rng.chance(0.08) ? (rng.chance(0.5) ? 2022 : 2023) : 0));
  const middle = (DEMO_YEARS.length - 1) / 2;
  return DEMO_YEARS.map((year, y) => {
    const t = (y - middle) / middle;
    return weightedPicker(
      items,
      base.map((w, i) => (year < since[i]! ? 0 : w * Math.exp(trend[i]! * t))),
    );
  });
}
