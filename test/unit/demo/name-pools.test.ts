import { describe, expect, it } from 'vitest';

import {
  FEMALE_COMPOUND_FIRST_NAMES,
  FEMALE_FIRST_NAMES,
  MALE_COMPOUND_FIRST_NAMES,
  MALE_FIRST_NAMES,
  PARTICLE_SURNAMES,
  SURNAMES,
} from '../../../src/demo/index.js';
import { normalizeName } from '../../../src/domain/names.js';

const allFirstNames = [
  ...FEMALE_FIRST_NAMES,
  ...MALE_FIRST_NAMES,
  ...FEMALE_COMPOUND_FIRST_NAMES,
  ...MALE_COMPOUND_FIRST_NAMES,
];

describe('demo name pools', () => {
  it('has 150–250 first names, compound ones included, with no duplicates even without accents', () => {
    expect(allFirstNames.length).toBeGreaterThanOrEqual(150);
    expect(allFirstNames.length).toBeLessThanOrEqual(250);
    expect(new Set(allFirstNames.map(normalizeName)).size).toBe(allFirstNames.length);
    for (const compound of [...FEMALE_COMPOUND_FIRST_NAMES, ...MALE_COMPOUND_FIRST_NAMES]) {
      expect(compound.split(' ')).toHaveLength(2);
    }
    for (const simple of [...FEMALE_FIRST_NAMES, ...MALE_FIRST_NAMES])
      expect(simple).toMatch(/^\p{Lu}\p{Ll}+$/u);
  });

  it('has 250–400 surnames with no duplicates, particle surnames included', () => {
    expect(SURNAMES.length).toBeGreaterThanOrEqual(250);
    expect(SURNAMES.length).toBeLessThanOrEqual(400);
    expect(new Set(SURNAMES.map(normalizeName)).size).toBe(SURNAMES.length);
    for (const particle of PARTICLE_SURNAMES) expect(SURNAMES).toContain(particle);
    for (const s of ['de la Fuente', 'de la Cruz', 'del Río', 'San Martín', 'de las Heras']) {
      expect(PARTICLE_SURNAMES).toContain(s);
    }
    // Most frequent first: García leads, particle surnames sit in the middle ranks.
    expect(SURNAMES[0]).toBe('García');
    expect(SURNAMES.indexOf('de la Fuente')).toBeGreaterThan(20);
  });

  it('writes names with their accents', () => {
    for (const n of ['Lucía', 'Martín', 'Sofía', 'Iñaki', 'Ángela']) expect(allFirstNames).toContain(n);
    for (const n of ['Fernández', 'Muñoz', 'Álvarez', 'Núñez', 'Ibáñez', 'Etxeberria', 'Zubizarreta']) {
      expect(SURNAMES).toContain(n);
    }
  });
});
