import { describe, expect, it } from 'vitest';
import { sameChildKey, sameSchoolKey } from '../../../src/domain/same-child-key.js';

const NAME = 'Ane Agirre Iglesias';
const SCHOOL = 'Colegio Nuestra Señora del Monte';

describe('sameChildKey: one child of one school, however spelt', () => {
  it.each([
    ['case', 'ANE agirre IGLESIAS'],
    ['accents', 'Áne Agírre Iglésias'],
    ['combining accents', 'Ane\u0301 Agirre Iglesias'],
    ['spaces', '  Ane \t Agirre\u00a0 Iglesias '],
    ['an apostrophe', "Ane Agirre Igle'sias"],
    ['a hyphen between the surnames', 'Ane Agirre-Iglesias'],
    ['other hyphens and dashes', 'Ane Agirre\u2010Iglesias'],
    ['no space between the surnames', 'Ane AgirreIglesias'],
    ['a particle between the surnames', 'Ane Agirre y Iglesias'],
    ['particles before a surname', 'Ane de Agirre de la Iglesias'],
    ['particles in any case', 'Ane Agirre Y Iglesias'],
    ['surnames first, after a comma', 'Agirre Iglesias, Ane'],
    ['surnames first, hyphenated', 'AGIRRE-IGLESIAS,Ane'],
  ])('the name: %s (%j)', (_, name) => {
    expect(sameChildKey(name, SCHOOL)).toBe(sameChildKey(NAME, SCHOOL));
  });

  it.each([
    ['case', 'Colegio Nuestra Señora Del Monte'],
    ['accents', 'Colegio Nuestra Senora del Monte'],
    ['spaces', ' Colegio  Nuestra Señora del\tMonte '],
    ['punctuation', "Colegio Nuestra-Señora, del'Monte."],
    ['a particle left out', 'Colegio Nuestra Señora Monte'],
    ['full-width letters', 'Ｃｏｌｅｇｉｏ Nuestra Señora del Monte'],
  ])('the school: %s (%j)', (_, school) => {
    expect(sameChildKey(NAME, school)).toBe(sameChildKey(NAME, SCHOOL));
    expect(sameSchoolKey(school)).toBe(sameSchoolKey(SCHOOL));
  });

  it.each([
    ['another first name', 'Nora Agirre Iglesias', SCHOOL],
    ['another surname', 'Ane Agirre Lasa', SCHOOL],
    ['the surnames swapped', 'Ane Iglesias Agirre', SCHOOL],
    ['a name within the name', 'Ane Agirre', SCHOOL],
    ['another school', NAME, 'Colegio Nuestra Señora del Mar'],
    ['a digit of the school', NAME, 'Colegio Nuestra Señora del Monte 2'],
  ])('tells apart %s', (_, name, school) => {
    expect(sameChildKey(name, school)).not.toBe(sameChildKey(NAME, SCHOOL));
  });

  it('keeps the words of a name made only of particles', () => {
    expect(sameChildKey('De La', SCHOOL)).not.toBe(sameChildKey('La', SCHOOL));
  });

  it('keeps name and school apart: a name part cannot stand for a school part', () => {
    expect(sameChildKey('Ane Garcia Lopez', 'Colegio Monte')).not.toBe(
      sameChildKey('Ane Garcia', 'Lopez Colegio Monte'),
    );
  });
});
