import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { compareSpanish } from '../../../src/domain/collation.js';

/** What the written order replaced: ICU's Spanish collation, ties by code point. */
const icu = new Intl.Collator('es');
const byIcu = (a: string, b: string) => icu.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);

/** Names' characters, their look-alikes, and a few the written order leaves to ICU. */
const character = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...'aAbBcCnNñÑeEoOuUzZ áéíóúÁÉÍÓÚàèüÜçÇâäãåñ') },
  { weight: 3, arbitrary: fc.constantFrom(...` _-,;:!?.'’"()/&0123456789xXkKtTsSlL`) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('ß', 'æ', 'ø', 'ı', 'İ', 'ǅ', '\u0301', 'n\u0303', 'Ł', 'ő', 'ā', 'ĉ'),
  },
);
const text = fc.array(character, { maxLength: 8 }).map((parts) => parts.join(''));

describe('Spanish order', () => {
  it('is ICU`s `es` order for any two strings', () => {
    fc.assert(
      fc.property(text, text, (a, b) => {
        expect(Math.sign(compareSpanish(a, b))).toBe(byIcu(a, b));
      }),
      { numRuns: 20_000 },
    );
  });

  it('sorts as ICU does: ñ after n, accents then case as later differences', () => {
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
    expect([...names].sort(compareSpanish)).toEqual([...names].sort(byIcu));
    expect([...names].sort(compareSpanish)).toEqual([
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

  it('orders names and schools without ICU, whose data would stay resident', async () => {
    vi.resetModules();
    const collator = vi.spyOn(Intl, 'Collator');
    const fresh = await import('../../../src/domain/collation.js');
    ['Zuriñe Agirre', "Itziar O'Donnell-Pérez", 'Ikastola 2', 'Ç. Ülker'].sort(fresh.compareSpanish);
    expect(collator).not.toHaveBeenCalled();
    collator.mockRestore();
  });
});
