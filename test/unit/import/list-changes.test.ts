import { expect, it } from 'vitest';
import { compareLists, storedListsTaker } from '../../../src/import/list-changes.js';

const child = (name: string, school: string, year: number) => ({ name, school, year });

it('says per year of a list the children added, removed and kept, and the schools new and gone', () => {
  const { stored, take } = storedListsTaker([2025, 2026]);
  for (const [name, school, year] of [
    ['Ane Garcia Lopez', 'Ikastola A', 2024],
    ['Jon Perez Ruiz', 'Colegio B', 2024],
    ['Ane Garcia Lopez', 'Ikastola A', 2025],
    ['Jon Perez Ruiz', 'Colegio B', 2025],
    ['Mikel Soto Ruiz', 'Colegio C', 2025],
  ] as const)
    take(name, school, year);
  const changes = compareLists(
    [
      child('Ane Garcia Lopez', 'Ikastola A', 2025), // kept
      child('Jon Perez Ruiz', 'Colegio B', 2025), // kept
      child('Iker Lasa Arana', 'Colegio D', 2025), // added; Mikel removed
      child('Ane Garcia Lopez', 'Ikastola A', 2026), // a year not stored: compared with 2025
      child('Nora Eguren Ibarra', 'Escuela E', 2026),
    ],
    stored,
  );
  expect(changes).toEqual([
    {
      year: 2025,
      added: 1,
      removed: 1,
      kept: 2,
      withheld: 0,
      schools: 3,
      comparedWith: 2025,
      newSchools: ['Colegio D'],
      goneSchools: ['Colegio C'],
    },
    {
      year: 2026,
      added: 2,
      removed: 0,
      kept: 0,
      withheld: 0,
      schools: 2,
      comparedWith: 2025,
      newSchools: ['Escuela E'],
      goneSchools: ['Colegio B', 'Colegio C'],
    },
  ]);
});

it('has nothing to compare the schools with in an empty store', () => {
  const { stored } = storedListsTaker([2026]);
  expect(compareLists([child('Ane Garcia Lopez', 'Ikastola A', 2026)], stored)).toEqual([
    {
      year: 2026,
      added: 1,
      removed: 0,
      kept: 0,
      withheld: 0,
      schools: 1,
      comparedWith: undefined,
      newSchools: ['Ikastola A'],
      goneSchools: [],
    },
  ]);
});

it('counts the rows withheld per year, and keeps a year all of whose rows are withheld', () => {
  const { stored, take } = storedListsTaker([2025, 2026]);
  take('Ane Garcia Lopez', 'Ikastola A', 2025);
  take('Jon Perez Ruiz', 'Ikastola A', 2026);
  const changes = compareLists([child('Ane Garcia Lopez', 'Ikastola A', 2025)], stored, [
    { year: 2025 },
    { year: 2026 },
    { year: 2026 },
  ]);
  expect(
    changes.map(({ year, added, removed, kept, withheld }) => ({ year, added, removed, kept, withheld })),
  ).toEqual([
    { year: 2025, added: 0, removed: 0, kept: 1, withheld: 1 },
    { year: 2026, added: 0, removed: 1, kept: 0, withheld: 2 },
  ]);
});
