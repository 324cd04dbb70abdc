import { describe, expect, it } from 'vitest';
import { changeBetween, orderedByChange } from '../../../../src/domain/statistics/school-change.js';

const school = (name: string, counts: Record<number, number>) => ({
  school: name,
  years: Object.entries(counts).map(([year, count]) => ({ year: Number(year), count })),
});

describe("the change in a school's participants", () => {
  it('is the later count less the base, and its share of the base', () => {
    expect(changeBetween(school('A', { 2018: 40, 2025: 50 }).years, 2018, 2025)).toEqual({
      change: 10,
      share: 0.25,
    });
  });

  it('counts an edition the school missed as 0, with no share from 0', () => {
    expect(changeBetween(school('New', { 2024: 12 }).years, 2018, 2024)).toEqual({
      change: 12,
      share: undefined,
    });
    expect(changeBetween(school('Gone', { 2018: 7 }).years, 2018, 2024).change).toBe(-7);
  });

  it('orders the schools by the change to the last edition, ties in the order given', () => {
    const schools = [
      school('Fell', { 2018: 30, 2025: 20 }),
      school('Same1', { 2018: 5, 2025: 5 }),
      school('Rose', { 2018: 10, 2025: 25 }),
      school('Same2', { 2019: 8, 2025: 8 }),
    ];
    expect(
      orderedByChange(schools, 2018).map(({ school, change }) => [school.school, change.change]),
    ).toEqual([
      ['Rose', 15],
      ['Same2', 8],
      ['Same1', 0],
      ['Fell', -10],
    ]);
  });
});
