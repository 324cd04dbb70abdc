import { describe, expect, it } from 'vitest';
import { splitFullName } from '../../../src/domain/statistics/index.js';

describe('splitFullName (DESIGN §3)', () => {
  it.each([
    ['Ane Garcia Lopez', 'Ane', ['Garcia', 'Lopez']],
    ['Jon Ander Urrutia Gomez', 'Jon Ander', ['Urrutia', 'Gomez']],
    ['Maria de la Fuente Perez', 'Maria', ['de la Fuente', 'Perez']],
    ['Pepito Garcia', 'Pepito', ['Garcia']],
  ])('splits the examples of the design: %s', (full, firstName, surnames) => {
    expect(splitFullName(full)).toEqual({ firstName, surnames });
  });

  it('recognises particles in any letter case', () => {
    expect(splitFullName('Maria DE LA Fuente Perez')).toEqual({
      firstName: 'Maria',
      surnames: ['DE LA Fuente', 'Perez'],
    });
    expect(splitFullName('Iker Van Der Berg Lasa')).toEqual({
      firstName: 'Iker',
      surnames: ['Van Der Berg', 'Lasa'],
    });
    expect(splitFullName('Ana Garcia Y Lopez')).toEqual({
      firstName: 'Ana',
      surnames: ['Garcia', 'Y Lopez'],
    });
  });

  it('recognises every particle of the list', () => {
    for (const particle of [
      'de',
      'del',
      'la',
      'las',
      'los',
      'y',
      'da',
      'das',
      'do',
      'dos',
      'di',
      'van',
      'von',
      'der',
      'san',
      'santa',
    ]) {
      expect(splitFullName(`Ane ${particle} Cruz Lasa`)).toEqual({
        firstName: 'Ane',
        surnames: [`${particle} Cruz`, 'Lasa'],
      });
    }
    // `dela` and `sant` are not particles.
    expect(splitFullName('Ane dela Cruz Lasa')).toEqual({
      firstName: 'Ane dela',
      surnames: ['Cruz', 'Lasa'],
    });
    expect(splitFullName('Ane Sant Cruz Lasa')).toEqual({
      firstName: 'Ane Sant',
      surnames: ['Cruz', 'Lasa'],
    });
  });

  it('takes particles in both surname units', () => {
    expect(splitFullName('Jose del Rio de la Torre')).toEqual({
      firstName: 'Jose',
      surnames: ['del Rio', 'de la Torre'],
    });
    expect(splitFullName('Maria del Carmen San Martin Santa Cruz')).toEqual({
      firstName: 'Maria del Carmen',
      surnames: ['San Martin', 'Santa Cruz'],
    });
  });

  it('takes at most two surname units', () => {
    expect(splitFullName('Ane Miren Itziar Garcia Lopez')).toEqual({
      firstName: 'Ane Miren Itziar',
      surnames: ['Garcia', 'Lopez'],
    });
  });

  it('always leaves at least one token for the first name', () => {
    expect(splitFullName('De la Fuente')).toEqual({ firstName: 'De', surnames: ['la Fuente'] });
    expect(splitFullName('Ane de la Fuente')).toEqual({ firstName: 'Ane', surnames: ['de la Fuente'] });
    expect(splitFullName('de Garcia')).toEqual({ firstName: 'de', surnames: ['Garcia'] });
  });

  it('keeps a single token as the first name, with no surnames', () => {
    expect(splitFullName('Ane')).toEqual({ firstName: 'Ane', surnames: [] });
    expect(splitFullName('de')).toEqual({ firstName: 'de', surnames: [] });
    expect(splitFullName('')).toEqual({ firstName: '', surnames: [] });
    expect(splitFullName('   ')).toEqual({ firstName: '', surnames: [] });
  });

  it('normalises diacritics and whitespace first', () => {
    expect(splitFullName('  Ángel\tMuñoz   Ibáñez ')).toEqual({
      firstName: 'Angel',
      surnames: ['Munoz', 'Ibanez'],
    });
    expect(splitFullName('José\u00a0de  la Peña')).toEqual({ firstName: 'Jose', surnames: ['de la Pena'] });
  });
});
