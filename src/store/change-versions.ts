import { STORE_PARTS, type ChangeVersions } from './store.js';

/** The counter of the participants of one year is the part `participants/2024`. */
export const PARTICIPANT_YEAR_PREFIX = 'participants/';

/**
 * The change versions from the rows of a store's counters table (`part`, `version`), the
 * same in both engines. `tag` marks the kind of version (PostgreSQL tells counters from
 * fingerprints), so that versions of two kinds never compare equal.
 */
export function countersToVersions(
  rows: readonly { part: string; version: number | string }[],
  { identity, tracksYears, tag = '' }: { identity: string; tracksYears: boolean; tag?: string },
): ChangeVersions {
  const parts = Object.fromEntries(STORE_PARTS.map((part) => [part, `${tag}0`])) as Record<string, string>;
  const years = new Map<string, string>();
  for (const { part, version } of rows) {
    if (part.startsWith(PARTICIPANT_YEAR_PREFIX))
      years.set(part.slice(PARTICIPANT_YEAR_PREFIX.length), `${tag}${version}`);
    else if (part in parts) parts[part] = `${tag}${version}`;
  }
  return {
    ...(parts as Record<(typeof STORE_PARTS)[number], string>),
    identity,
    participantYears: tracksYears ? years : undefined,
  };
}
