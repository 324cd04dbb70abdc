import { expect, it } from 'vitest';
import { compareSpanish } from '../../../src/domain/collation.js';

it('sorts in Spanish order: ñ after n, accents and case secondary, stable for equal keys', () => {
  const words = [
    'Zubieta',
    'ñandú',
    'Ñoño',
    'nube',
    'Oso',
    'ábaco',
    'Abeto',
    'abeto',
    'Élite',
    'elite',
    'llave',
    'luz',
  ];
  expect([...words].sort(compareSpanish)).toEqual([
    'ábaco',
    'abeto',
    'Abeto',
    'elite',
    'Élite',
    'llave',
    'luz',
    'nube',
    'ñandú',
    'Ñoño',
    'Oso',
    'Zubieta',
  ]);
});

it('never calls two different strings equal', () => {
  expect(compareSpanish('e\u0301', '\u00e9')).not.toBe(0);
});
