import { describe, expect, it } from 'vitest';
import { splitFullName } from '../../../../src/domain/statistics/index.js';
import { DESIGN_NAME_EXAMPLES } from '../../../support/name-examples.js';

describe('splitFullName (DESIGN §3)', () => {
  it.each(DESIGN_NAME_EXAMPLES)('splits the examples of the design: %s', (full, firstName, surnames) => {
    expect(splitFullName(full)).toEqual({ firstName, surnames: [...surnames] });
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
    expect(splitFullName('Ana Lasa Y Lopez')).toEqual({ firstName: 'Ana', surnames: ['Lasa', 'Y Lopez'] });
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

type Case = [fullName: string, firstName: string, surnames: string[]];

/** DESIGN §3's compound surnames of Gipuzkoa, rule by rule. */
const COMPOUND_RULES: [string, Case[]][] = [
  [
    'a unit that begins with particles takes the word before them when it ends in z or is Garcia, Ochoa or Ladron',
    [
      ['Ane Lopez de Munain Lasa', 'Ane', ['Lopez de Munain', 'Lasa']],
      ['Ane Lasa Lopez de Munain', 'Ane', ['Lasa', 'Lopez de Munain']],
      ['Ane Fernandez de Larrea Ochoa de Olza', 'Ane', ['Fernandez de Larrea', 'Ochoa de Olza']],
      ['Ane Garcia de Cortazar Lasa', 'Ane', ['Garcia de Cortazar', 'Lasa']],
      ['Ane Ladron de Guevara Lasa', 'Ane', ['Ladron de Guevara', 'Lasa']],
      ['Ane Martinez de la Fuente Lasa', 'Ane', ['Martinez de la Fuente', 'Lasa']],
      ['Ane Arkaitz de Cerio Lasa', 'Ane', ['Arkaitz de Cerio', 'Lasa']],
    ],
  ],
  [
    'in any letter case',
    [
      ['Ane GARCIA DE CORTAZAR Lasa', 'Ane', ['GARCIA DE CORTAZAR', 'Lasa']],
      ['Ane ochoa de Olza Lasa', 'Ane', ['ochoa de Olza', 'Lasa']],
      ['Ane LADRON de Guevara Lasa', 'Ane', ['LADRON de Guevara', 'Lasa']],
      ['Ane DIAZ de Cerio Lasa', 'Ane', ['DIAZ de Cerio', 'Lasa']],
    ],
  ],
  [
    'only a unit that begins with particles, only a head',
    [
      ['Ane Ruiz Lopez Lasa', 'Ane Ruiz', ['Lopez', 'Lasa']],
      ['Ane Lasa de Munain Flores', 'Ane Lasa', ['de Munain', 'Flores']],
      ['Ane Garcias de Munain Flores', 'Ane Garcias', ['de Munain', 'Flores']],
      ['Ane Ochoaz de Munain Flores', 'Ane', ['Ochoaz de Munain', 'Flores']],
    ],
  ],
  [
    'never the first word: it stays the first name',
    [
      ['Ruiz de Azua', 'Ruiz', ['de Azua']],
      ['Aritz de la Fuente Lasa', 'Aritz', ['de la Fuente', 'Lasa']],
      ['Ane Lopez de Munain', 'Ane', ['Lopez de Munain']],
    ],
  ],
  [
    'compound first names stay whole',
    [
      ['José Antonio Ruiz de Azúa Gómez', 'Jose Antonio', ['Ruiz de Azua', 'Gomez']],
      ['Ane Miren Lopez de Munain Saenz de Buruaga', 'Ane Miren', ['Lopez de Munain', 'Saenz de Buruaga']],
    ],
  ],
  // The rule as written: `y` is a particle like any other.
  ['a `y` after a head', [['Ana Garcia y Lopez', 'Ana', ['Garcia y Lopez']]]],
];

describe.each(COMPOUND_RULES)('splitFullName, compound surnames: %s', (_rule, cases) => {
  it.each(cases)('%s → %s + %j', (fullName, firstName, surnames) => {
    expect(splitFullName(fullName)).toEqual({ firstName, surnames });
  });
});
