import { describe, expect, it } from 'vitest';

import {
  DEMO_CATCH_ALL_SCHOOL,
  DEMO_SCHOOLS,
  DEMO_YEARS,
  type DemoOptions,
  type DemoRow,
  FEMALE_COMPOUND_FIRST_NAMES,
  MALE_COMPOUND_FIRST_NAMES,
  generateDemoRows,
} from '../../../src/demo/index.js';
import { normalizeName } from '../../../src/domain/names.js';

const YEAR_TEXTS = ['2018', '2019', '2020', '2022', '2023', '2024', '2025'];

function collect(options: Partial<DemoOptions>): DemoRow[] {
  return [...generateDemoRows(options)];
}

function countBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(key(row), (counts.get(key(row)) ?? 0) + 1);
  return counts;
}

/** school → year → set of names */
function rosters(rows: readonly DemoRow[]): Map<string, Map<string, Set<string>>> {
  const bySchool = new Map<string, Map<string, Set<string>>>();
  for (const { name, school, year } of rows) {
    let byYear = bySchool.get(school);
    if (!byYear) bySchool.set(school, (byYear = new Map()));
    let names = byYear.get(year);
    if (!names) byYear.set(year, (names = new Set()));
    names.add(name);
  }
  return bySchool;
}

const base = collect({ seed: 1, scale: 1 });
const baseRosters = rosters(base);

describe('generateDemoRows: determinism', () => {
  it('gives the same rows in the same order for the same seed and scale', () => {
    const a = collect({ seed: 42, scale: 0.5 });
    const b = collect({ seed: 42, scale: 0.5 });
    expect(a.length).toBeGreaterThan(10_000);
    expect(b).toEqual(a);
  });

  it('gives different data for a different seed', () => {
    const a = collect({ seed: 42, scale: 0.5 });
    const b = collect({ seed: 43, scale: 0.5 });
    const n = Math.min(a.length, b.length);
    let sameName = 0;
    for (let i = 0; i < n; i++) if (a[i]?.name === b[i]?.name) sameName++;
    expect(sameName / n).toBeLessThan(0.05);
  });

  it('uses seed 1 and scale 1 by default', () => {
    expect(collect({})).toEqual(base);
    expect(collect({ seed: 1 })).toEqual(base);
    expect([...generateDemoRows()].length).toBe(base.length);
  });

  it('accepts negative and large seeds, and they differ from their 32-bit truncation', () => {
    const a = collect({ seed: -7, scale: 0.1 });
    const b = collect({ seed: 2 ** 32 + 1, scale: 0.1 });
    const c = collect({ seed: 1, scale: 0.1 });
    expect(a.length).toBeGreaterThan(2000);
    expect(b.map((r) => r.name)).not.toEqual(c.map((r) => r.name));
  });

  it('rejects invalid options eagerly', () => {
    expect(() => generateDemoRows({ seed: 1.5 })).toThrow(RangeError);
    expect(() => generateDemoRows({ seed: Number.NaN })).toThrow(RangeError);
    expect(() => generateDemoRows({ scale: 0 })).toThrow(RangeError);
    expect(() => generateDemoRows({ scale: -1 })).toThrow(RangeError);
    expect(() => generateDemoRows({ scale: Number.POSITIVE_INFINITY })).toThrow(RangeError);
  });
});

describe('generateDemoRows: years and volumes', () => {
  it('exports exactly the seven editions, without the cancelled 2021', () => {
    expect(DEMO_YEARS).toEqual([2018, 2019, 2020, 2022, 2023, 2024, 2025]);
  });

  it('streams the editions in order, year as 4-digit text', () => {
    const order: string[] = [];
    for (const row of base) if (order.at(-1) !== row.year) order.push(row.year);
    expect(order).toEqual(YEAR_TEXTS);
  });

  it.each([1, 2, 3, 42, 2025])('keeps each year in range (seed %i)', (seed) => {
    const perYear = countBy(collect({ seed }), (row) => row.year);
    expect([...perYear.keys()]).toEqual(YEAR_TEXTS);
    for (const [year, count] of perYear) {
      if (year === '2022') {
        expect(count).toBeGreaterThanOrEqual(2430);
        expect(count).toBeLessThanOrEqual(2970);
      } else {
        expect(count).toBeGreaterThanOrEqual(4400);
        expect(count).toBeLessThanOrEqual(5000);
      }
    }
  });

  it('doubles with scale 2 and divides by ten with scale 0.1', () => {
    const double = [...generateDemoRows({ seed: 1, scale: 2 })].length;
    const tenth = [...generateDemoRows({ seed: 1, scale: 0.1 })].length;
    expect(double / base.length).toBeGreaterThan(1.98);
    expect(double / base.length).toBeLessThan(2.02);
    expect(tenth / base.length).toBeGreaterThan(0.09);
    expect(tenth / base.length).toBeLessThan(0.11);
  });

  it('keeps the school list when scaling: schools just get bigger', () => {
    const big = rosters(collect({ seed: 1, scale: 3 }));
    expect([...big.keys()]).toEqual([...baseRosters.keys()]);
    const size = (r: typeof big, school: string) => r.get(school)?.get('2019')?.size ?? 0;
    const school = 'Colegio Nuestra Señora del Faro';
    expect(size(big, school) / size(baseRosters, school)).toBeCloseTo(3, 1);
  });
});

describe('generateDemoRows: schools', () => {
  const schools = [...baseRosters.keys()];

  it('has 40–50 fictional schools plus exactly one catch-all company', () => {
    expect(schools.filter((s) => s === DEMO_CATCH_ALL_SCHOOL)).toHaveLength(1);
    expect(schools.filter((s) => /otras/i.test(s))).toEqual([DEMO_CATCH_ALL_SCHOOL]);
    const regular = schools.filter((s) => s !== DEMO_CATCH_ALL_SCHOOL);
    expect(regular.length).toBeGreaterThanOrEqual(40);
    expect(regular.length).toBeLessThanOrEqual(50);
    expect(new Set(DEMO_SCHOOLS.map((s) => s.name)).size).toBe(DEMO_SCHOOLS.length);
  });

  it('names schools in the city’s style, with accents', () => {
    expect(schools.filter((s) => /Ikastola/.test(s)).length).toBeGreaterThanOrEqual(10);
    expect(schools.filter((s) => s.startsWith('Colegio ')).length).toBeGreaterThanOrEqual(10);
    expect(
      schools.filter((s) => /^(Asociación|Sociedad|Club|Peña|Compañía)/.test(s)).length,
    ).toBeGreaterThanOrEqual(3);
    expect(schools.some((s) => normalizeName(s) !== s)).toBe(true);
    for (const s of schools) expect(s).toMatch(/^\p{Lu}/u);
  });

  it('has the catch-all company every year', () => {
    expect([...(baseRosters.get(DEMO_CATCH_ALL_SCHOOL)?.keys() ?? [])]).toEqual(YEAR_TEXTS);
  });

  it('has schools that join and leave over the years', () => {
    const yearsOf = (school: string) => [...(baseRosters.get(school)?.keys() ?? [])];
    const firstYears = schools.map((s) => yearsOf(s)[0]);
    const lastYears = schools.map((s) => yearsOf(s).at(-1));
    expect(firstYears.filter((y) => y === '2020').length).toBeGreaterThanOrEqual(2);
    expect(firstYears.filter((y) => y === '2023').length).toBeGreaterThanOrEqual(2);
    expect(lastYears.filter((y) => y === '2019').length).toBeGreaterThanOrEqual(2);
    // Some school skipped an edition and came back.
    const skipped = schools.filter((s) => {
      const indexes = yearsOf(s).map((y) => YEAR_TEXTS.indexOf(y));
      return indexes.some((index, i) => i > 0 && index !== (indexes[i - 1] ?? 0) + 1);
    });
    expect(skipped.length).toBeGreaterThanOrEqual(1);
  });

  it('gives each school its own size, varying only a little between consecutive years', () => {
    const sizes2019 = schools.map((s) => baseRosters.get(s)?.get('2019')?.size ?? 0).filter((n) => n > 0);
    expect(Math.min(...sizes2019)).toBeGreaterThanOrEqual(20);
    expect(Math.min(...sizes2019)).toBeLessThanOrEqual(45);
    expect(Math.max(...sizes2019)).toBeGreaterThanOrEqual(200);
    expect(Math.max(...sizes2019)).toBeLessThanOrEqual(300);
    for (const school of schools) {
      const a = baseRosters.get(school)?.get('2018')?.size;
      const b = baseRosters.get(school)?.get('2019')?.size;
      if (a === undefined || b === undefined) continue;
      expect(b / a).toBeGreaterThan(0.75);
      expect(b / a).toBeLessThan(1.33);
    }
  });
});

describe('generateDemoRows: children', () => {
  const names = base.map((row) => row.name);

  it('never repeats a name within the same school and year', () => {
    const keys = new Set(base.map((row) => `${row.school}\u0000${row.year}\u0000${row.name}`));
    expect(keys.size).toBe(base.length);
  });

  it('writes names with accents, which normalizeName removes', () => {
    const accented = names.filter((n) => /[áéíóúÁÉÍÓÚñÑ]/.test(n));
    expect(accented.length / names.length).toBeGreaterThan(0.2);
    const malformed = names.filter(
      (n) => !/^[A-Za-z]+( [A-Za-z]+)+$/.test(normalizeName(n)) || n !== n.trim() || /\s{2}/.test(n),
    );
    expect(malformed).toEqual([]);
    expect(normalizeName('Iñaki Ibáñez Álvarez')).toBe('Inaki Ibanez Alvarez');
    expect(names.some((n) => n.includes('ñ'))).toBe(true);
    expect(names.some((n) => /^[ÁÉÍÓÚ]| [ÁÉÍÓÚ]/.test(n))).toBe(true);
    // The pools hold no two spellings of one name that only differ by accents.
    expect(new Set(names.map(normalizeName)).size).toBe(new Set(names).size);
  });

  it('gives most children a first name and two surnames, about 1 % a single surname', () => {
    const compounds = [...FEMALE_COMPOUND_FIRST_NAMES, ...MALE_COMPOUND_FIRST_NAMES];
    const withParticle = / (de|del|de la|de las|San) /;
    const simple = names.filter(
      (n) => !compounds.some((c) => n.startsWith(`${c} `)) && !withParticle.test(n),
    );
    const parts = countBy(simple, (n) => String(n.split(' ').length));
    const two = parts.get('2') ?? 0;
    const three = parts.get('3') ?? 0;
    expect(two + three).toBe(simple.length);
    expect(two / simple.length).toBeGreaterThan(0.004);
    expect(two / simple.length).toBeLessThan(0.02);
  });

  it('includes compound first names for a few percent of the children', () => {
    const compounds = [...FEMALE_COMPOUND_FIRST_NAMES, ...MALE_COMPOUND_FIRST_NAMES];
    const withCompound = names.filter((n) => compounds.some((c) => n.startsWith(`${c} `)));
    expect(withCompound.length / names.length).toBeGreaterThan(0.015);
    expect(withCompound.length / names.length).toBeLessThan(0.08);
    expect(names.some((n) => n.startsWith('Jon Ander '))).toBe(true);
    expect(names.some((n) => n.startsWith('María José '))).toBe(true);
  });

  it('includes particle surnames', () => {
    expect(names.some((n) => n.includes(' de la '))).toBe(true);
    expect(names.some((n) => n.includes(' del '))).toBe(true);
    expect(names.some((n) => / San [A-ZÁÉÍÓÚ]/.test(n))).toBe(true);
  });

  it('draws names from Zipf-like distributions: a few very common, a long tail', () => {
    const first = countBy(names, (n) => n.split(' ')[0] ?? '');
    const sorted = [...first.values()].sort((a, b) => b - a);
    const top10 = sorted.slice(0, 10).reduce((a, b) => a + b, 0);
    expect(top10 / names.length).toBeGreaterThan(0.15);
    expect(top10 / names.length).toBeLessThan(0.4);
    expect(first.size).toBeGreaterThanOrEqual(150);
    const lastSurnames = countBy(names, (n) => n.split(' ').at(-1) ?? '');
    expect(lastSurnames.size).toBeGreaterThanOrEqual(200);
    const topSurname = Math.max(...lastSurnames.values()) / names.length;
    expect(topSurname).toBeGreaterThan(0.015);
    expect(topSurname).toBeLessThan(0.06);
  });

  it('brings back about 60 % of a school’s children the next year', () => {
    let shares = 0;
    let schools = 0;
    for (const [school, byYear] of baseRosters) {
      if (school === DEMO_CATCH_ALL_SCHOOL) continue; // small groups change more
      const y2018 = byYear.get('2018');
      const y2019 = byYear.get('2019');
      if (!y2018 || !y2019 || y2018.size < 60) continue;
      const back = [...y2018].filter((n) => y2019.has(n)).length / y2018.size;
      expect(back).toBeGreaterThan(0.4);
      expect(back).toBeLessThan(0.8);
      shares += back;
      schools++;
    }
    expect(schools).toBeGreaterThan(20);
    expect(shares / schools).toBeGreaterThan(0.52);
    expect(shares / schools).toBeLessThan(0.68);
  });

  it('has children taking part in several consecutive years', () => {
    const faro = baseRosters.get('Colegio Nuestra Señora del Faro');
    const inAll = [...(faro?.get('2018') ?? [])].filter((n) =>
      ['2019', '2020'].every((y) => faro?.get(y)?.has(n)),
    );
    expect(inAll.length).toBeGreaterThan(20);
  });

  it('has new first names appearing after the pandemic', () => {
    const firstNames = (years: string[]) =>
      new Set(base.filter((r) => years.includes(r.year)).map((r) => r.name.split(' ')[0] ?? ''));
    const before = firstNames(['2018', '2019', '2020']);
    const after = firstNames(['2023', '2024', '2025']);
    expect([...after].filter((n) => !before.has(n)).length).toBeGreaterThanOrEqual(1);
  });
});
