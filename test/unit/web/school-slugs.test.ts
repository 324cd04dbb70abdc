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
