/** What a build reads again, from the versions of the model in service and of the new snapshot. */
import { describe, expect, it } from 'vitest';
import {
  MAX_OVERLAY_SHARE,
  planBuild,
  type ParticipantsPlan,
  type ServedSummary,
} from '../../../src/read-model/build-plan.js';
import type { ChangeVersions } from '../../../src/store/store.js';

function versions(
  changes: Partial<ChangeVersions> = {},
  years: Record<string, string> | null = {},
): ChangeVersions {
  return {
    participants: '1',
    statistics: '1',
    available_years: '1',
    sys_status: '1',
    identity: 'file-1',
    participantYears: years === null ? undefined : new Map(Object.entries(years)),
    ...changes,
  };
}

const YEARS = { '2023': '4', '2024': '7' };
const served: ServedSummary = {
  versions: versions({}, YEARS),
  overlayYears: [],
  rowsByYear: new Map([
    [2023, 100],
    [2024, 100],
    [2025, 100],
  ]),
};

describe('planBuild', () => {
  it('reads everything for the first model', () => {
    expect(planBuild(undefined, versions(), 'update')).toEqual({ catalog: true, participants: 'all' });
  });

  type Case = [string, Partial<ChangeVersions>, Record<string, string> | null, boolean, ParticipantsPlan];
  it.each<Case>([
    ['nothing changed', {}, YEARS, false, 'keep'],
    ['the updating flag only', { sys_status: '2' }, YEARS, true, 'keep'],
    ['one year of participants', { participants: '2' }, { ...YEARS, '2024': '8' }, false, { years: [2024] }],
    [
      'a new year, its statistics',
      { participants: '2', statistics: '2' },
      { ...YEARS, '2026': '1' },
      true,
      { years: [2026] },
    ],
    ['a statement that touched no row', { participants: '2' }, YEARS, false, 'keep'],
    ['another file at the same path', { identity: 'file-2' }, YEARS, true, 'all'],
    ['a store that cannot tell years apart any more', { participants: '2' }, null, false, 'all'],
    [
      'more than half of the participants again',
      { participants: '2' },
      { '2023': '5', '2024': '8' },
      false,
      'all',
    ],
    ['a year that is not a number', { participants: '2' }, { ...YEARS, 'dos mil': '1' }, false, 'all'],
  ])('%s', (_title, changes, years, catalog, participants) => {
    expect(planBuild(served, versions(changes, years), 'update')).toEqual({ catalog, participants });
  });

  it('reads the overlay years again with the changed ones', () => {
    const overlaid = {
      ...served,
      overlayYears: [2023],
      rowsByYear: new Map([...served.rowsByYear, [2024, 500]]),
    };
    expect(planBuild(overlaid, versions({ participants: '2' }, { ...YEARS, '2025': '1' }), 'update')).toEqual(
      {
        catalog: false,
        participants: { years: [2023, 2025] },
      },
    );
  });

  it('cannot tell years apart from a model built without them', () => {
    const untracked = { ...served, versions: versions({}, null) };
    expect(planBuild(untracked, versions({ participants: '2' }, YEARS), 'update').participants).toBe('all');
  });

  it('a compaction reads every participant and leaves the catalogue to updates', () => {
    expect(planBuild(served, versions({ statistics: '9' }, YEARS), 'compaction')).toEqual({
      catalog: false,
      participants: 'all',
    });
  });

  it('reads a year again as an overlay up to the share, and everything past it', () => {
    const rows = (share: number) => ({
      ...served,
      rowsByYear: new Map([
        [2024, share * 1000],
        [2023, (1 - share) * 1000],
      ]),
    });
    const now = versions({ participants: '2' }, { ...YEARS, '2024': '8' });
    expect(planBuild(rows(MAX_OVERLAY_SHARE), now, 'update').participants).toEqual({ years: [2024] });
    expect(planBuild(rows(MAX_OVERLAY_SHARE + 0.01), now, 'update').participants).toBe('all');
  });
});
