import type { ParticipantRecord } from '../../src/domain/types.js';
import type { StoreFixture } from './store-fixture.js';
import { computeStatistics } from './statistics.js';

/** A small published dataset, written by plain SQL: years 2024, 2023 and global ready; 2022 not. */
export async function seedPublishedYears(fixture: StoreFixture): Promise<void> {
  await fixture.insertYear('2023', true);
  await fixture.insertYear('2024', true);
  await fixture.insertYear('global', true);
  await fixture.insertYear('2022', false);
  await fixture.insertStatistic({
    category: 'totalParticipantsByYear',
    year: '2024',
    publicData: '[{"year":2024,"count":3}]',
    summary: 'En **2024** participaron **3** niños.',
  });
  await fixture.insertStatistic({
    category: 'topNamesByYear',
    year: '2024',
    publicData: '[{"name":"Ane","count":2},{"name":"Jon","count":1}]',
  });
  await fixture.insertStatistic({
    category: 'intro',
    year: '2024',
    publicData: null,
    summary: 'Introducción 2024',
  });
  await fixture.insertStatistic({ category: 'namesDiversity', year: 'global', publicData: '42' });
  await fixture.insertStatistic({
    category: 'totalParticipantsByYear',
    year: '2022',
    publicData: '[{"year":2022,"count":1}]',
  });
}

/** The schools of {@link FESTIVAL}. */
export const FESTIVAL_SCHOOLS = {
  alfa: 'Ikastola Alfa',
  beta: 'Colegio Beta',
  gamma: 'Ikastola Gamma',
  delta: 'Colegio Delta',
  epsilon: 'Asociación Epsilon',
} as const;

const { alfa, beta, gamma, delta, epsilon } = FESTIVAL_SCHOOLS;

/** The children of one year, as [name, school]. */
const edition = (year: number, children: [string, string][]): ParticipantRecord[] =>
  children.map(([name, school]) => ({ name, school, year }));

/**
 * A small festival of three years with the names of DESIGN §3 (compound first names,
 * particles, Gipuzkoa's compound surnames). Alfa takes part every year; Beta and Delta
 * twice with one child each time, Gamma twice with more; Epsilon once, with the most
 * children of its year.
 */
export const FESTIVAL: readonly ParticipantRecord[] = [
  ...edition(2023, [
    ['Ainhoa Lopez de Munain Flores', alfa],
    ['Iker Ruiz de Azua Saenz de Buruaga', alfa],
    ['Ane Garcia Lopez', alfa],
    ['Jon Ander Urrutia Gomez', beta],
  ]),
  ...edition(2024, [
    ['Ainhoa Lopez de Munain Flores', alfa],
    ['Maria de la Fuente Perez', alfa],
    ['Francisco Javier Ochoa de Olza Lasa', gamma],
    ['Ane Lasa Gil', gamma],
    ['Miren Garcia de Cortazar Ruiz', gamma],
    ['Jon Ander Urrutia Gomez', beta],
    ['Pepito Garcia', delta],
  ]),
  ...edition(2025, [
    ['Ainhoa Lopez de Munain Flores', alfa],
    ['Ane Lasa Gil', gamma],
    ['Uxue Ladron de Guevara Lasa', delta],
    ['Nora Arana Lasa', epsilon],
    ['Nahia Arana Gil', epsilon],
    ['Unai Soto Lasa', epsilon],
    ['Mikel Soto Gil', epsilon],
    ['Leire Arana Soto', epsilon],
  ]),
];

/**
 * {@link FESTIVAL} as an operator's database holds it after our import with `k = 1`
 * (every name listed): participants, every statistic our engine computes and the years
 * ready, all written by plain SQL.
 */
export async function seedComputedFestival(fixture: StoreFixture): Promise<void> {
  await fixture.insertParticipants(FESTIVAL);
  const rows = computeStatistics(FESTIVAL, 1);
  for (const row of rows) {
    await fixture.insertStatistic({
      category: row.category,
      year: row.year,
      scope: row.scope,
      publicData: row.publicData === null ? null : JSON.stringify(row.publicData),
      summary: row.summary,
    });
  }
  for (const year of new Set(rows.map((row) => row.year))) await fixture.insertYear(year, true);
}
