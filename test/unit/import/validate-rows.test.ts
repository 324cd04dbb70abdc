import { describe, expect, it } from 'vitest';
import { festivalYears, validateRow } from '../../../src/import/validate-rows.js';

const years = festivalYears(2026);
const row = (year: string, extra: { malformed?: string } = {}) => ({
  line: 7,
  name: 'Ane Garcia Lopez',
  school: 'Ikastola Txori Berri',
  year,
  ...extra,
});

describe('validateRow: the years of the festival', () => {
  it('accepts 1900 to the year after the current one', () => {
    expect(years).toEqual({ first: 1900, last: 2027 });
    for (const year of ['1900', '2026', '2027'])
      expect(validateRow(row(year), years)).toEqual({
        name: 'Ane Garcia Lopez',
        school: 'Ikastola Txori Berri',
        year: Number(year),
      });
  });

  it.each(['0000', '0999', '1899', '2028', '9999'])('refuses %s, saying which years it takes', (year) => {
    expect(validateRow(row(year), years)).toEqual({
      line: 7,
      reason: `year must be between 1900 and 2027, got '${year}'`,
    });
  });

  it('still says a year that is not 4 digits is not one', () => {
    expect(validateRow(row('25'), years)).toEqual({ line: 7, reason: "year must be 4 digits, got '25'" });
  });

  it('reports the reason the reader gave a malformed row', () => {
    const reason = 'malformed CSV: 4 fields, but the header has 3';
    expect(validateRow(row('2025', { malformed: reason }), years)).toEqual({ line: 7, reason });
  });
});
