import { describe, expect, it } from 'vitest';
import { canonicalizeJsonb, compareJsonb, type JsonValue } from '../../../src/domain/jsonb-order.js';

// Wrapped in objects: Array.prototype.sort never hands `undefined` to a comparator.
const sortDescending = (values: (JsonValue | undefined)[]) =>
  values
    .map((value) => ({ value }))
    .sort((a, b) => compareJsonb(b.value, a.value))
    .map(({ value }) => value);

describe('compareJsonb (PostgreSQL jsonb order)', () => {
  it('orders top-level types: SQL NULL first descending, then object > array > boolean > number > string > null', () => {
    expect(sortDescending([null, 'z', 5, true, [1], { a: 1 }, undefined])).toEqual([
      undefined,
      { a: 1 },
      [1],
      true,
      5,
      'z',
      null,
    ]);
  });

  it('puts an empty array above any scalar', () => {
    expect(compareJsonb([], 1e9)).toBe(1);
    expect(compareJsonb([], true)).toBe(1);
  });

  it('compares arrays by length first, then element by element', () => {
    expect(compareJsonb([1, 2, 3], [9, 9])).toBeGreaterThan(0);
    expect(compareJsonb([1, 2], [1, 3])).toBeLessThan(0);
    expect(compareJsonb(['a', 1], ['a', 1])).toBe(0);
  });

  it('orders mixed element types null < string < number < boolean < array < object', () => {
    const elements: JsonValue[] = [{}, [], false, 0, '', null];
    expect(elements.map((e) => [e]).sort((a, b) => compareJsonb(a, b))).toEqual([
      [null],
      [''],
      [0],
      [false],
      [[]],
      [{}],
    ]);
  });

  it('compares objects by pair count, then key/value in storage order (shorter keys first)', () => {
    expect(compareJsonb({ a: 1, b: 2 }, { z: 9 })).toBeGreaterThan(0);
    // storage order of {count, name} is name, count: name decides first.
    expect(compareJsonb({ count: 1, name: 'S00' }, { count: 999, name: 'N00' })).toBeGreaterThan(0);
    expect(compareJsonb({ name: 'A', count: 2 }, { name: 'A', count: 1 })).toBeGreaterThan(0);
    expect(compareJsonb({ b: 1 }, { a: 1 })).toBeGreaterThan(0);
  });

  it('compares numbers numerically and strings by code point', () => {
    expect(compareJsonb(10, 9)).toBeGreaterThan(0);
    expect(compareJsonb(1, 1.0)).toBe(0);
    expect(compareJsonb('b', 'a')).toBeGreaterThan(0);
    expect(compareJsonb('Z', 'a')).toBeLessThan(0);
    expect(compareJsonb('\u{1F600}', '\uFFFF')).toBeGreaterThan(0);
  });

  it('reproduces the ordering vector verified on PostgreSQL', () => {
    const objects = (prefix: string, first: number) =>
      Array.from({ length: 15 }, (_, i) => ({
        name: `${prefix}${String(i).padStart(2, '0')}`,
        count: first - i,
      }));
    const rows: [string, JsonValue | undefined][] = [
      ['namesDiversityByYear', 972],
      ['intro', undefined],
      ['totalParticipantsByYear', [{ year: 2025, count: 10 }]],
      ['topNamesByYear', objects('N', 100)],
      ['surnamesDiversityByYear', 3216],
      ['newNamesByYear', Array.from({ length: 15 }, (_, i) => `x${i}`)],
      [
        'commonNameBySchoolByYear',
        [
          { name: 'a', school: 'b' },
          { name: 'a', school: 'c' },
          { name: 'd', school: 'e' },
        ],
      ],
      ['topSchoolsByYear', objects('S', 300)],
      ['outro', undefined],
    ];
    rows.sort(([ca, a], [cb, b]) => compareJsonb(b, a) || (ca < cb ? -1 : 1));
    expect(rows.map(([category]) => category)).toEqual([
      'intro',
      'outro',
      'topSchoolsByYear',
      'topNamesByYear',
      'newNamesByYear',
      'commonNameBySchoolByYear',
      'totalParticipantsByYear',
      'surnamesDiversityByYear',
      'namesDiversityByYear',
    ]);
  });
});

describe('canonicalizeJsonb', () => {
  it('orders keys as jsonb stores them and recurses', () => {
    const value = canonicalizeJsonb({ school: 'x', years: [{ count: 1, year: 2 }], total: 3 });
    expect(JSON.stringify(value)).toBe('{"total":3,"years":[{"year":2,"count":1}],"school":"x"}');
  });
});
