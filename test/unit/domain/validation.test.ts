import { describe, expect, it } from 'vitest';
import {
  decideCategory,
  decideParticipants,
  decideStatistics,
  isYearFormat,
} from '../../../src/domain/validation.js';

const years = new Set(['2024', '2023', 'global']);

describe('isYearFormat', () => {
  it.each(['2024', '0000', '9999', 'global'])('accepts %j', (year) => expect(isYearFormat(year)).toBe(true));
  it.each(['', '24', '20245', 'Global', 'GLOBAL', ' 2024', '2024 ', '２０２４', '٢٠٢٤', '2024\n', 'globals'])(
    'rejects %j',
    (year) => expect(isYearFormat(year)).toBe(false),
  );
});

describe('decideStatistics: presence, then format, then existence', () => {
  it.each([
    [{}, 'yearRequired'],
    [{ year: '' }, 'yearRequired'],
    [{ year: 'x' }, 'yearFormat'],
    [{ year: '2021' }, 'yearUnknown'],
    [{ year: '2024' }, 'ok'],
    [{ year: 'global' }, 'ok'],
  ])('%j → %s', (query, kind) => expect(decideStatistics(query, years).kind).toBe(kind));
});

describe('decideCategory: presence, category, format, existence', () => {
  it.each([
    [{}, 'paramsRequired'],
    [{ year: '2024' }, 'paramsRequired'],
    [{ category: 'nope' }, 'paramsRequired'],
    [{ year: '', category: 'topNames' }, 'paramsRequired'],
    [{ year: 'x', category: 'nope' }, 'categoryInvalid'],
    [{ year: 'x', category: 'topNames' }, 'yearFormat'],
    [{ year: '1999', category: 'topNames' }, 'yearUnknown'],
    [{ year: 'global', category: 'topNames' }, 'ok'],
    [{ year: '2024', category: '__proto__' }, 'categoryInvalid'],
    [{ year: '2024', category: 'toString' }, 'categoryInvalid'],
  ])('%j → %s', (query, kind) => expect(decideCategory(query, years).kind).toBe(kind));
});

describe('decideParticipants', () => {
  it.each([
    [{}, 'paramsRequired'],
    [{ name: 'Ane Garcia Lopez' }, 'paramsRequired'],
    [{ company: 'X' }, 'paramsRequired'],
    [{ name: 'Ane Garcia', company: 'X' }, 'nameTooShort'],
    [{ name: '   ', company: 'X' }, 'nameTooShort'],
    [{ name: 'Ane  Garcia\t', company: 'X' }, 'nameTooShort'],
    [{ name: 'a b c', company: 'X' }, 'ok'],
  ])('%j → %s', (query, kind) => expect(decideParticipants(query).kind).toBe(kind));

  it('hands back the normalised name and the company untouched', () => {
    expect(decideParticipants({ name: '  Ané \n García  López ', company: ' Ikastola ' })).toEqual({
      kind: 'ok',
      normalizedName: 'Ane Garcia Lopez',
      company: ' Ikastola ',
    });
  });
});
