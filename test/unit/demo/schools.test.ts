import { describe, expect, it } from 'vitest';
import { DEMO_CATCH_ALL_SCHOOL, DEMO_SCHOOLS, DEMO_YEARS, isSchoolActive } from '../../../src/demo/index.js';

describe('demo schools', () => {
  it('has exactly one catch-all company, present every year', () => {
    const catchAll = DEMO_SCHOOLS.filter((s) => s.kind === 'otras');
    expect(catchAll.map((s) => s.name)).toEqual([DEMO_CATCH_ALL_SCHOOL]);
    expect(DEMO_YEARS.every((y) => isSchoolActive(catchAll[0]!, y))).toBe(true);
  });

  it('gives typical sizes from about 30 to about 250 children', () => {
    const sizes = DEMO_SCHOOLS.map((s) => s.typicalSize);
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(30);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(250);
  });

  it('knows when a school takes part', () => {
    const school = {
      name: 'X',
      kind: 'colegio',
      typicalSize: 50,
      from: 2020,
      until: 2024,
      skips: [2022],
    } as const;
    expect(DEMO_YEARS.filter((y) => isSchoolActive(school, y))).toEqual([2020, 2023, 2024]);
  });
});
