import { describe, expect, it } from 'vitest';
import { generateDemoRows } from '../../../src/demo/index.js';
import { normalizeName } from '../../../src/domain/names.js';
import { DEMO_FIRST_NAMES, DEMO_SURNAMES } from '../../support/demo-pools.js';
import { isParticle, splitFullName, type SplitName } from '../../../src/domain/statistics/split-name.js';
import { DESIGN_NAME_EXAMPLES } from '../../support/name-examples.js';

/** `simple`, `particle` (`de la Fuente`) or `compound` (`Lopez de Munain`). */
function surnameKind(surname: string): string {
  const words = surname.split(' ');
  if (words.length === 1) return 'simple';
  return isParticle(words[0]!) ? 'particle' : 'compound';
}

/** What a split looks like: one- or two-word first name, and the kind of each surname. */
function shape({ firstName, surnames }: SplitName): string {
  const first = firstName.includes(' ') ? 'compound first name' : 'first name';
  return [first, ...surnames.map(surnameKind)].join(' + ');
}

describe('the demo names, read by the statistics split (DESIGN §3)', () => {
  const names = [...generateDemoRows({ seed: 1, scale: 1 })].map((row) => normalizeName(row.name));
  const splits = names.map(splitFullName);

  it('read back as a first name of the pools and one or two surnames of the pool, every one', () => {
    const misread = names.filter(
      (_, i) =>
        !DEMO_FIRST_NAMES.has(splits[i]!.firstName) ||
        splits[i]!.surnames.length === 0 ||
        splits[i]!.surnames.some((surname) => !DEMO_SURNAMES.has(surname)),
    );
    expect(misread).toEqual([]);
  });

  it.each(DESIGN_NAME_EXAMPLES)('hold names shaped like the example %s', (example) => {
    const wanted = shape(splitFullName(example));
    expect(splits.filter((split) => shape(split) === wanted).length, wanted).toBeGreaterThan(0);
  });

  it('hold Gipuzkoa compound surnames, split whole', () => {
    for (const surname of ['Lopez de Munain', 'Ruiz de Azua', 'Saenz de Buruaga', 'Fernandez de Larrea']) {
      expect(
        splits.some((split) => split.surnames.includes(surname)),
        surname,
      ).toBe(true);
    }
  });
});
