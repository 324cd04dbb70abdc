import { categoryAnswer, companiesAnswer } from '../../src/http/operations.js';
import type { ReadModel } from '../../src/read-model/read-model.js';
import type { StoreFixture } from './store-fixture.js';

/** The year whose data the snapshot tests replace. */
export const RACED_YEAR = 2026;

/**
 * One committed state of the raced year: its participants (all in `school`) and the
 * `totalParticipantsByYear` statistic that counts them. A model mixing two states shows
 * the count of one with the school of the other.
 */
export interface RacedState {
  school: string;
  count: number;
}

/** The two states two racing writers alternate between. */
export const RACE_STATES: readonly RacedState[] = [
  { school: 'Ikastola Bat', count: 2 },
  { school: 'Ikastola Hiru', count: 3 },
];

/** What a model serves for the raced year: the count of its statistic and the companies. */
export interface ServedState {
  count: number | undefined;
  companies: string[];
}

/** The answers users get from `model` (the bytes of `/api/category` and `/api/companies`). */
export function servedState(model: ReadModel): ServedState {
  const category = categoryAnswer(model.statistics, String(RACED_YEAR), 'totalParticipantsByYear');
  const { stats } = JSON.parse(category.identity.body.toString()) as { stats?: unknown[] };
  const record = stats?.[0] as { public_data: { count: number }[] } | undefined;
  const companies = JSON.parse(companiesAnswer(model.participants).identity.body.toString()) as {
    companies?: string[];
  };
  return { count: record?.public_data[0]?.count, companies: companies.companies ?? [] };
}

/** Whether `served` is exactly one of `states` (the count and the school of the same one). */
export function isOneOf(served: ServedState, states: readonly RacedState[]): boolean {
  return states.some(
    (state) =>
      served.count === state.count && served.companies.length === 1 && served.companies[0] === state.school,
  );
}

/**
 * Plain SQL of one commit that replaces the raced year with `state`, with `?` placeholders
 * (PostgreSQL: see `numbered`).
 */
export function raceStatements(state: RacedState): { sql: string; params: unknown[] }[] {
  const names = Array.from({ length: state.count }, (_, i) => `Niña${i} Apellido Otro`);
  return [
    { sql: 'DELETE FROM participants WHERE year = ?', params: [RACED_YEAR] },
    ...names.map((name) => ({
      sql: 'INSERT INTO participants (name, school, year) VALUES (?, ?, ?)',
      params: [name, state.school, RACED_YEAR],
    })),
    {
      sql: "UPDATE statistics SET public_data = ? WHERE category = 'totalParticipantsByYear' AND year = ?",
      params: [JSON.stringify([{ year: RACED_YEAR, count: state.count }]), String(RACED_YEAR)],
    },
  ];
}

/** `?` placeholders as PostgreSQL's `$1`, `$2`… */
export function numbered(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

/** The raced year published with `state`, written by plain SQL. */
export async function seedRacedYear(fixture: StoreFixture, state: RacedState): Promise<void> {
  await fixture.insertYear(String(RACED_YEAR), true);
  await fixture.insertStatistic({
    category: 'totalParticipantsByYear',
    year: String(RACED_YEAR),
    publicData: JSON.stringify([{ year: RACED_YEAR, count: state.count }]),
  });
  await fixture.insertParticipants(
    Array.from({ length: state.count }, (_, i) => ({
      name: `Niña${i} Apellido Otro`,
      school: state.school,
      year: RACED_YEAR,
    })),
  );
}
