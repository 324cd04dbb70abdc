import { describe, expect, it } from 'vitest';
import { countNameParts, normalizeName, searchKey } from '../../../src/domain/names.js';

describe('normalizeName (spec rule 2)', () => {
  it.each([
    ['Ané García López', 'Ane Garcia Lopez'],
    ['Iñaki Muñoz Ibáñez', 'Inaki Munoz Ibanez'],
    ['Ane\u0301 Garci\u0301a', 'Ane Garcia'],
    ['  Jon \t Ander\n\r\nUrrutia  ', 'Jon Ander Urrutia'],
    ['Jon\u00a0Ander\u2003Urrutia\u3000Gomez', 'Jon Ander Urrutia Gomez'],
    ['Ümit Çelik Ørsted', 'Umit Celik Ørsted'],
    ['\u0301\u0300', ''],
    ['MARÍA', 'MARIA'],
  ])('%j → %j', (raw, expected) => {
    expect(normalizeName(raw)).toBe(expected);
  });

  it('keeps letter case; searchKey lowers it', () => {
    expect(normalizeName('ÁNE')).toBe('ANE');
    expect(searchKey('ÁNE Gárcia')).toBe('ane garcia');
  });

  it('counts parts of a normalised name', () => {
    expect(countNameParts('')).toBe(0);
    expect(countNameParts('Ane')).toBe(1);
    expect(countNameParts('Ane Garcia Lopez')).toBe(3);
  });
});
