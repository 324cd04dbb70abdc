import { describe, expect, it } from 'vitest';
import { compareSpanish } from '../../../src/domain/collation.js';

describe('Spanish order', () => {
  it('puts ñ after n, and tells accents, then case, apart only where the letters are the same', () => {
    const names = [
      'Ñuñez',
      'Nuñez',
      'nuñez',
      'Núñez',
      'Nunez',
      'Ane',
      'Áne',
      'ane',
      'Ander',
      'Zuriñe',
      'Oihane',
    ];
    expect(names.sort(compareSpanish)).toEqual([
      'Ander',
      'ane',
      'Ane',
      'Áne',
      'Nunez',
      'nuñez',
      'Nuñez',
      'Núñez',
      'Ñuñez',
      'Oihane',
      'Zuriñe',
    ]);
  });

  it('sorts words as a Spanish dictionary does: ll is two letters, ñandú after nube', () => {
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
    expect(words.sort(compareSpanish)).toEqual([
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

  it('never calls two different strings equal, so no order depends on the input order', () => {
    const composed = '\u00e9';
    const decomposed = 'e\u0301';
    expect(compareSpanish(decomposed, composed)).not.toBe(0);
    expect([composed, decomposed].sort(compareSpanish)).toEqual([decomposed, composed].sort(compareSpanish));
  });
});
