import { STORE_PARTS, type ChangeVersions, type StorePart } from '../store/store.js';

/** The tables the statistics catalogue is built from. */
const CATALOG_PARTS: readonly StorePart[] = ['statistics', 'available_years', 'sys_status'];

/**
 * Past this share of the participants served, the years to read again are read with all
 * the others: a full read costs little more, and leaves no overlay behind.
 */
export const MAX_OVERLAY_SHARE = 0.5;

/** What the model in service was built from: the worker compares its own snapshot with it. */
export interface ServedSummary {
  /** The versions read in the snapshot the model was built from. */
  versions: ChangeVersions;
  /** Years whose participants were read after the rest (the index's overlay). */
  overlayYears: readonly number[];
  /** Participants served, per year. */
  rowsByYear: ReadonlyMap<number, number>;
}

/**
 * What a build reads: an update catches up with the store, a compaction reads every
 * participant again to replace an overlay (the catalogue is left to updates).
 */
export type BuildMode = 'update' | 'compaction';

export type ParticipantsPlan = 'keep' | 'all' | { years: number[] };

export interface BuildPlan {
  catalog: boolean;
  participants: ParticipantsPlan;
}

/** Whether two readings of the change versions differ in anything a model is built from. */
export function versionsDiffer(a: ChangeVersions, b: ChangeVersions): boolean {
  return a.identity !== b.identity || STORE_PARTS.some((part) => a[part] !== b[part]);
}

/** Whether the participants differ between two readings (any change of them moves their version). */
export function participantsDiffer(a: ChangeVersions, b: ChangeVersions): boolean {
  return a.identity !== b.identity || a.participants !== b.participants;
}

/** Years (as numbers) whose participants' versions differ; undefined when one is not a year. */
function changedYears(
  served: ReadonlyMap<string, string>,
  now: ReadonlyMap<string, string>,
): Set<number> | undefined {
  const years = new Set<number>();
  for (const year of new Set([...served.keys(), ...now.keys()])) {
    if (served.get(year) === now.get(year)) continue;
    const value = Number(year);
    if (!Number.isInteger(value)) return undefined;
    years.add(value);
  }
  return years;
}

/**
 * What to read, from the versions of the model in service and those of the snapshot
 * being read. Participants are read in full for a first model, for another store (a
 * replaced file), when either reading cannot tell years apart, and when the years to
 * read again hold more than `MAX_OVERLAY_SHARE` of the participants; otherwise only the
 * years that changed, with those of the overlay already served.
 */
export function planBuild(
  served: ServedSummary | undefined,
  now: ChangeVersions,
  mode: BuildMode,
): BuildPlan {
  if (mode === 'compaction') return { catalog: false, participants: 'all' };
  if (served === undefined || served.versions.identity !== now.identity)
    return { catalog: true, participants: 'all' };
  const catalog = CATALOG_PARTS.some((part) => served.versions[part] !== now[part]);
  if (served.versions.participants === now.participants) return { catalog, participants: 'keep' };
  const { participantYears: before } = served.versions;
  const changed = before && now.participantYears && changedYears(before, now.participantYears);
  if (changed === undefined) return { catalog, participants: 'all' };
  if (changed.size === 0) return { catalog, participants: 'keep' };

  const years = [...new Set([...served.overlayYears, ...changed])].sort((a, b) => a - b);
  let total = 0;
  let reread = 0;
  for (const [year, rows] of served.rowsByYear) {
    total += rows;
    if (years.includes(year)) reread += rows;
  }
  if (reread > MAX_OVERLAY_SHARE * total) return { catalog, participants: 'all' };
  return { catalog, participants: { years } };
}
