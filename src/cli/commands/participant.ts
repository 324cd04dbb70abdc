import { ConfigError, type StoreLocation } from '../../config/index.js';
import { normalizeName } from '../../domain/names.js';
import {
  holdsAcrossSpellings,
  removeParticipant,
  type RemovalReport,
  type RemovalRequest,
} from '../../import/removals.js';
import { formatCount, plural, table } from '../output.js';
import { withProgress } from '../progress.js';
import { withStore } from './with-store.js';

/** What the store's files keep once the removal is committed, by engine (docs/operations.md). */
const ERASED: Record<StoreLocation['engine'], string> = {
  sqlite: 'no copy of the name left in the file or its WAL (VACUUM, WAL emptied)',
  postgres:
    "VACUUM FULL of participants, statistics and summaries_eu done; PostgreSQL's WAL, its archives, backups and replicas keep copies for a while (docs/operations.md)",
};

function formatRemoval(report: RemovalReport, engine: StoreLocation['engine']): string {
  const records = plural(report.records, 'record', 'records');
  const first = report.dryRun
    ? `would remove ${records} of one child from ${report.store}`
    : report.records > 0
      ? `removed ${records} of one child from ${report.store}`
      : `no records of that name in that school in ${report.store}: nothing deleted`;
  const storeFiles = report.notErased === undefined ? ERASED[engine] : `NOT overwritten: ${report.notErased}`;
  return [
    first,
    table([
      ['school', report.school],
      ['years', report.year === undefined ? 'every year' : String(report.year)],
      [
        'records',
        report.records === 0 ? 'none found' : `${formatCount(report.records)} (${report.years.join(', ')})`,
      ],
      ['figures', 'unchanged: published figures are final'],
      [
        'later imports',
        `leave this child out${report.year === undefined ? '' : ` of ${report.year}`}${report.recorded ? '' : ' (recorded before)'}; the store keeps no name`,
      ],
      ...(report.dryRun ? [] : [['store files', storeFiles]]),
    ]),
    ...(report.schoolKnown
      ? []
      : [
          `note: no participant of any year is in a school written '${report.school}', case, accents, spaces and punctuation aside: check its spelling`,
        ]),
    ...(report.dryRun ? ['dry run: nothing was changed'] : []),
  ].join('\n');
}

/** A request as typed: the name normalised as the search does, the school trimmed, a 4-digit year. */
export function removalRequest(name: string, school: string, year: string | undefined): RemovalRequest {
  const problems = [
    normalizeName(name) === '' && '--name is empty',
    school.trim() === '' && '--school is empty',
    year !== undefined && !/^[0-9]{4}$/.test(year) && `--year must be 4 digits, got '${year}'`,
  ].filter((problem) => problem !== false);
  if (problems.length > 0) throw new ConfigError(problems);
  return { name, school: school.trim(), ...(year === undefined ? {} : { year: Number(year) }) };
}

export async function removeParticipantCommand(
  request: RemovalRequest,
  dryRun: boolean,
  location: StoreLocation,
): Promise<string> {
  return withStore(location, 'write', async (store) =>
    formatRemoval(
      await withProgress((progress) => removeParticipant(store, request, { dryRun, progress })),
      location.engine,
    ),
  );
}

/** Said under the list when an earlier version's removals are in it (docs/operations.md). */
const EXACT_SPELLING_NOTE =
  'note: * recorded by an earlier version: holds for the school as then written and the name as the search compares it; ' +
  'the same `participant remove` again adds one that holds however a list spells them';

export async function listRemovals(location: StoreLocation): Promise<string> {
  return withStore(location, 'read', async (store) => {
    const removals = await store.readRemovals();
    if (removals.length === 0) return `no removals recorded in ${store.description}`;
    const rows = removals.map((removal) => [
      removal.removedAt === null ? '—' : `${removal.removedAt.slice(0, 16).replace('T', ' ')} UTC`,
      removal.school,
      removal.year === undefined ? 'every year' : String(removal.year),
      `${plural(removal.records, 'record', 'records')} deleted${holdsAcrossSpellings(removal) ? '' : ' *'}`,
    ]);
    return [
      `${plural(removals.length, 'removal', 'removals')} recorded in ${store.description} (no names are kept):`,
      table(rows),
      ...(removals.every(holdsAcrossSpellings) ? [] : [EXACT_SPELLING_NOTE]),
    ].join('\n');
  });
}
