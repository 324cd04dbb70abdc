/** Comparisons of up to five names or schools, per published edition. */
import { describe, expect, it } from 'vitest';
import type { ParticipantRecord } from '../../../src/domain/types.js';
import { compareNames, compareSchools, MAX_COMPARED } from '../../../src/read-model/comparisons.js';
import { NameIndex } from '../../../src/read-model/name-index.js';
import { nameFactsOf } from '../../support/statistics.js';

const ALFA = 'Ikastola Alfa';
const BETA = 'Colegio Beta';
const GAMMA = 'Ikastola Gamma';
const at = (year: number, school: string, names: string[]): ParticipantRecord[] =>
  names.map((name) => ({ name, school, year }));
// Fictional children.
const RECORDS: ParticipantRecord[] = [
  ...at(2023, ALFA, ['Ane Garcia Lopez', 'Ane Perez Ruiz', 'Ane Sanz Soto', 'Jon Olano Lasa']),
  ...at(2024, ALFA, ['Ane Garcia Lopez', 'Jon Perez Ruiz', 'Jon Sanz Soto', 'Jon Olano Lasa']),
  ...at(2024, BETA, ['Mikel Garcia Lopez', 'Ane Olano Soto']),
  ...at(2022, GAMMA, ['Unai Garcia Lopez']), // 2022 is not published
];
const EDITIONS = [2023, 2024];
const names = new NameIndex(nameFactsOf(RECORDS, EDITIONS, 3));

describe('compareNames', () => {
  it('gives each name its counts and shares per edition, withheld (undefined) where fewer than k bore it', () => {
    expect(compareNames(names, 'firstName', ['jon', 'ANE'])).toEqual({
      editions: EDITIONS,
      series: [
        { label: 'Jon', counts: [undefined, 3], shares: [undefined, 3 / 6] },
        { label: 'Ane', counts: [3, undefined], shares: [3 / 4, undefined] },
      ],
      notFound: [],
      tooMany: false,
    });
  });

  it('lists a name under k and one never seen alike, as typed; a name asked twice once', () => {
    const comparison = compareNames(names, 'firstName', ['Mikel', 'Ane', 'Áne', 'Xabiertxo']);
    expect(comparison.series.map((series) => series.label)).toEqual(['Ane']);
    expect(comparison.notFound).toEqual(['Mikel', 'Xabiertxo']);
  });

  it('compares surnames, and at most five names', () => {
    // Soto: 3 children over the editions, never 3 in one of them, so no figure at all;
    // Garcia: 2 children.
    expect(compareNames(names, 'surname', ['soto', 'Garcia'])).toEqual({
      editions: EDITIONS,
      series: [],
      notFound: ['soto', 'Garcia'],
      tooMany: false,
    });
    const lopez = new NameIndex(
      nameFactsOf(at(2024, BETA, ['Ane Lopez A', 'Jon Lopez B', 'Mikel Lopez C']), [2024], 3),
    );
    expect(compareNames(lopez, 'surname', ['LOPEZ']).series).toEqual([
      { label: 'Lopez', counts: [3], shares: [1] },
    ]);
    const asked = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    const comparison = compareNames(names, 'surname', asked);
    expect(comparison.notFound).toEqual(asked.slice(0, MAX_COMPARED));
    expect(comparison.tooMany).toBe(true);
    // Five distinct, one of them twice: nothing left out.
    expect(compareNames(names, 'surname', [...asked.slice(0, MAX_COMPARED), 'A']).tooMany).toBe(false);
  });
});

describe('compareSchools', () => {
  it('gives each school its participants and share per published edition, 0 where none, as its page counts them', () => {
    expect(compareSchools(names, [BETA, ALFA])).toEqual({
      editions: EDITIONS,
      series: [
        { label: BETA, counts: [0, 2], shares: [0, 2 / 6] },
        { label: ALFA, counts: [4, 4], shares: [1, 4 / 6] },
      ],
      notFound: [],
      tooMany: false,
    });
  });

  it('finds no school without participants in a published edition, nor an unknown one', () => {
    expect(compareSchools(names, [GAMMA, 'Colegio Nadie', ALFA, ALFA])).toEqual({
      editions: EDITIONS,
      series: [{ label: ALFA, counts: [4, 4], shares: [1, 4 / 6] }],
      notFound: [GAMMA, 'Colegio Nadie'],
      tooMany: false,
    });
  });
});
