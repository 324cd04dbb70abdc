import { describe, expect, it } from 'vitest';
import { schoolSlugs, slugOf } from '../../../src/web/school-slugs.js';

describe('the address of a school', () => {
  it.each([
    ['Ikastola Zubia', 'ikastola-zubia'],
    ['Colegio San José (Amara)', 'colegio-san-jose-amara'],
    ['  Ñaño´s  --  Txiki! ', 'nano-s-txiki'],
    ['Aitzurdi Lizeoa 2', 'aitzurdi-lizeoa-2'],
    ['¿¡!?', 'compania'],
  ])('%s → %s', (school, slug) => expect(slugOf(school)).toBe(slug));

  it('schools whose names give one slug: the first in Spanish order keeps it, the next get -2, -3', () => {
    const { slugOf: slugs, schoolOf } = schoolSlugs(['ZUBIA', 'Zubiá', 'Zubia', 'Zubia 2', 'Amara']);
    expect(Object.fromEntries(slugs)).toEqual({
      Amara: 'amara',
      Zubia: 'zubia',
      ZUBIA: 'zubia-3',
      Zubiá: 'zubia-4',
      'Zubia 2': 'zubia-2',
    });
    expect(schoolOf.size).toBe(5);
    for (const [school, slug] of slugs) expect(schoolOf.get(slug)).toBe(school);
  });
});

describe('the address of a name', () => {
  it('is its lookup key made an address, and a name of no such letter has its own word', () => {
    expect(slugOf('María José')).toBe('maria-jose');
    expect(slugOf("D'Artagnan")).toBe('d-artagnan');
    expect(slugOf('李', 'nombre')).toBe('nombre');
    const { slugOf: slugs } = schoolSlugs(['李', '王'], 'apellido');
    expect(new Set(slugs.values())).toEqual(new Set(['apellido', 'apellido-2']));
  });
});
