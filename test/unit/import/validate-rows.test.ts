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

describe('validateRow: what a name and a school may hold', () => {
  const withName = (name: string, school = 'Ikastola Txori Berri') => ({
    line: 4,
    name,
    school,
    year: '2025',
  });
  const reason = (name: string, school?: string) => {
    const result = validateRow(withName(name, school), years);
    return 'reason' in result ? result.reason : undefined;
  };

  it.each([
    "Zoë O'Neill-Ruiz",
    'Jon Ander Peña Goñi',
    'Gal·la Puig i Soler',
    'Mª José Sáez Ruiz',
    'Nguyễn Thị Minh Khai',
    'Αλέξανδρος Παπαδόπουλος Γεώργιος',
    'محمد علي حسن',
    '王 小 明',
    'Aitor Etxeberria Jr.',
    'Ane D’Alessandro Lopez',
    'Peña, Jon Ander',
  ])('keeps %s (letters of any script, apostrophes, hyphens, dots)', (name) => {
    expect(reason(name)).toBeUndefined();
  });

  it.each([
    ['Ane Garcia Lopez 2', "'2'"],
    ['=HYPERLINK("x") Ruiz Soto', "'='"],
    ['Ane;Garcia Lopez', "';'"],
    ['Ane <b>Garcia</b> Lopez', "'<'"],
    ['ane@example.org Soto Ruiz', "'@'"],
    ['Ane Garcia Lopez ★', "'★'"],
    ['Ane Garcia Lopez 😀', "'😀'"],
    ['Ane\u200bGarcia Lopez', 'U+200B'],
  ])('refuses %s, naming the character', (name, shown) => {
    expect(reason(name)).toBe(
      `name contains ${shown}, which no name has (letters, spaces, apostrophes, hyphens, dots and commas only)`,
    );
  });

  it('refuses a name longer than the limit, counted in characters once normalised', () => {
    expect(reason(`Ane ${'a'.repeat(91)} Ruiz`)).toBeUndefined(); // 100 characters
    expect(reason(`Ane ${'a'.repeat(92)} Ruiz`)).toBe(
      'name has 101 characters; at most 100 are allowed (MAX_NAME_LENGTH)',
    );
    // Accents go (NFD) and spaces collapse before counting: 100 characters stored.
    expect(reason(`Ané   ${'é'.repeat(91)} Ruiz`)).toBeUndefined();
    const limits = { maxNameLength: 20, maxSchoolLength: 150 };
    expect(validateRow(withName('Ane Garcia Lopez Soto Ruiz'), years, limits)).toEqual({
      line: 4,
      reason: 'name has 26 characters; at most 20 are allowed (MAX_NAME_LENGTH)',
    });
  });

  it('refuses a school longer than the limit; a school may hold digits', () => {
    expect(reason('Ane Garcia Lopez', `CEIP 23 ${'x'.repeat(142)}`)).toBeUndefined(); // 150
    expect(reason('Ane Garcia Lopez', `CEIP 23 ${'x'.repeat(143)}`)).toBe(
      'school has 151 characters; at most 150 are allowed (MAX_SCHOOL_LENGTH)',
    );
  });
});
