import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemo } from '../../src/cli/commands/demo.js';
import { DEMO_CATCH_ALL_SCHOOL, DEMO_YEAR_TOTALS, generateDemoRows } from '../../src/demo/index.js';
import { normalizeName } from '../../src/domain/names.js';
import {
  createWorkspace,
  freshApiSnapshot,
  query,
  serveStore,
  storeContents,
  type Workspace,
} from '../support/workspace.js';

const SCALE = 0.2;
const DEMO_YEARS = ['2025', '2024', '2023', '2022', '2020', '2019', '2018'];

describe('the demo dataset, loaded through the import path', () => {
  let first: Workspace;
  let again: Workspace;
  let otherSeed: Workspace;

  beforeAll(async () => {
    [first, again, otherSeed] = [createWorkspace(), createWorkspace(), createWorkspace()];
    await loadDemo({ seed: 1, scale: SCALE }, first.location);
    await loadDemo({ seed: 1, scale: SCALE }, again.location);
    await loadDemo({ seed: 2, scale: SCALE }, otherSeed.location);
  });

  afterAll(() => [first, again, otherSeed].forEach((workspace) => workspace.remove()));

  it('serves the years 2025 to 2018 without 2021, then global, and about 46 companies', async () => {
    const server = await serveStore(first.dbPath);
    try {
      expect((await server.get('/api/years')).body).toEqual({ years: [...DEMO_YEARS, 'global'] });
      const statistics2021 = await server.get('/api/statistics?year=2021');
      expect(statistics2021.status).not.toBe(200);

      const { companies } = (await server.get('/api/companies')).body as { companies: string[] };
      expect(companies.length).toBeGreaterThanOrEqual(43);
      expect(companies.length).toBeLessThanOrEqual(49);
      expect(companies).toContain(DEMO_CATCH_ALL_SCHOOL);
      expect(companies.filter((school) => /ikastola/i.test(school)).length).toBeGreaterThan(10);
      expect(companies.filter((school) => /^colegio/i.test(school)).length).toBeGreaterThan(10);
      // Schools keep their accents: only names are normalised.
      expect(companies.some((school) => school.normalize('NFD') !== school)).toBe(true);
    } finally {
      await server.close();
    }
  });

  it('stores every name without diacritics and with single spaces, though the generator writes accents', () => {
    const generated = [...generateDemoRows({ seed: 1, scale: SCALE })];
    const accented = generated.filter((row) => row.name.normalize('NFD') !== row.name);
    expect(accented.length).toBeGreaterThan(generated.length / 20);

    const names = query<{ name: string }>(first.dbPath, 'SELECT DISTINCT name FROM participants').map(
      (row) => row.name,
    );
    expect(names.filter((name) => /[\u0300-\u036f]/.test(name.normalize('NFD')))).toEqual([]);
    expect(names.filter((name) => name !== name.trim() || /\s\s|[^\S ]/.test(name))).toEqual([]);
    expect(new Set(names)).toEqual(new Set(generated.map((row) => normalizeName(row.name))));
  });

  it('has about 4,400 to 5,000 children a year, about 2,700 in 2022 (at scale 1), and schools coming and going', () => {
    const counts = query<{ year: number; n: number }>(
      first.dbPath,
      'SELECT year, count(*) AS n FROM participants GROUP BY year ORDER BY year DESC',
    );
    expect(counts.map((row) => String(row.year))).toEqual(DEMO_YEARS);
    for (const { year, n } of counts) {
      const expected = (DEMO_YEAR_TOTALS[year] as number) * SCALE;
      expect(n, `${year}`).toBeGreaterThan(expected * 0.96);
      expect(n, `${year}`).toBeLessThan(expected * 1.04);
    }
    const schoolsOf = (year: number) =>
      new Set(
        query<{ school: string }>(
          first.dbPath,
          'SELECT DISTINCT school FROM participants WHERE year = ?',
          year,
        ).map((row) => row.school),
      );
    const [y2018, y2025] = [schoolsOf(2018), schoolsOf(2025)];
    expect([...y2018].some((school) => !y2025.has(school))).toBe(true);
    expect([...y2025].some((school) => !y2018.has(school))).toBe(true);
  });

  it('gives every 4-digit year 11 statistics, except the earliest (9), and global 12', () => {
    const counts = query<{ year: string; n: number }>(
      first.dbPath,
      'SELECT year, count(*) AS n FROM statistics GROUP BY year ORDER BY year',
    );
    expect(Object.fromEntries(counts.map((row) => [row.year, row.n]))).toEqual({
      '2018': 9,
      '2019': 11,
      '2020': 11,
      '2022': 11,
      '2023': 11,
      '2024': 11,
      '2025': 11,
      global: 12,
    });
    const earliest = query<{ category: string }>(
      first.dbPath,
      "SELECT category FROM statistics WHERE year = '2018' ORDER BY category",
    ).map((row) => row.category);
    expect(earliest).not.toContain('newNamesByYear');
    expect(earliest).not.toContain('newSchoolsByYear');
  });

  it('gives identical participants, statistics and answers for the same seed, and others for another seed', async () => {
    const { participants, statistics } = storeContents(first.dbPath);
    const same = storeContents(again.dbPath);
    expect(same.participants).toEqual(participants);
    expect(same.statistics).toEqual(statistics);
    expect(await freshApiSnapshot(again.dbPath)).toEqual(await freshApiSnapshot(first.dbPath));

    const other = storeContents(otherSeed.dbPath);
    expect(other.participants).not.toEqual(participants);
    expect(other.statistics).not.toEqual(statistics);
  });
});
