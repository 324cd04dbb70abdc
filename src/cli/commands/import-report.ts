import type { ImportReport } from '../../import/import-participants.js';
import type { YearListChange } from '../../import/list-changes.js';
import { englishPlural } from '../../domain/english-words.js';
import { formatCount, formatSeconds, plural, table } from '../output.js';

/** `Ikastola Berria, Colegio Viejo, and 3 more`: at most `most` named. */
function firstOf(items: readonly (string | number)[], most: number): string {
  const more = items.length > most ? `, and ${formatCount(items.length - most)} more` : '';
  return items.slice(0, most).join(', ') + more;
}

/** One year of a dry run: its children, its schools against the stored ones, its short names. */
function yearRows(change: YearListChange, shortNames: number): [string, string][] {
  const { year, comparedWith } = change;
  const children =
    `${formatCount(change.added)} added, ${formatCount(change.removed)} removed, ${formatCount(change.kept)} kept` +
    (change.withheld === 0 ? '' : `, ${formatCount(change.withheld)} withheld`) +
    (change.kept + change.removed === 0 ? ' (a year not stored yet)' : '');
  const counted = (label: string, schools: readonly string[]) =>
    schools.length === 0 ? `none ${label}` : `${label} ${schools.length} (${firstOf(schools, 8)})`;
  const against = comparedWith === year ? `the stored ${year}` : String(comparedWith);
  const schools =
    comparedWith === undefined
      ? `${change.schools} (no earlier year to compare with)`
      : change.newSchools.length + change.goneSchools.length === 0
        ? `${change.schools}, the same as ${against}`
        : `${change.schools}; against ${against}: ` +
          `${counted('new', change.newSchools)}, ${counted('gone', change.goneSchools)}`;
  return [
    [`${year} children`, children],
    [`${year} schools`, schools],
    [`${year} short names`, `${formatCount(shortNames)} with fewer than three parts`],
  ];
}

/** A dry run through the servers' role, which may not read the removals' key (docs/postgresql.md). */
const REMOVALS_UNCHECKED =
  'note: this role may not read the key of the recorded removals, so rows they withhold are counted here as imported; ' +
  'run the dry run as the writer to see them';

/** Withheld lines listed before the rest are only counted. */
const LISTED_WITHHELD = 20;

/** Each row a removal may be of, by its line: never the name (the operator learns no more than the list says). */
function withheldLines({ withheld }: ImportReport): string[] {
  const lines = withheld
    .slice(0, LISTED_WITHHELD)
    .map(({ line }) => `line ${line}: withheld, matches a removal (a family's request)`);
  if (withheld.length > LISTED_WITHHELD)
    lines.push(`… and ${plural(withheld.length - LISTED_WITHHELD, 'more line', 'more lines')} withheld`);
  return lines;
}

/** The report of `import` and `demo` on stdout; `read`: how the file was read. */
export function formatImportReport(source: string, report: ImportReport, elapsedMs: number, read?: string) {
  const counts = (...middle: string[][]) => [
    ...(read === undefined ? [] : [['read', read]]),
    ['rows read', formatCount(report.rowsRead)],
    ...middle,
    ...(report.withheld.length === 0 ? [] : [['withheld', formatCount(report.withheld.length)]]),
    ['duplicates', formatCount(report.duplicates)],
  ];
  if (report.dryRun) {
    const shortOf = (year: number) => report.shortNames.filter((short) => short.year === year).length;
    return [
      `would import ${source} into ${report.store}`,
      table([...counts(), ...report.changes.flatMap((change) => yearRows(change, shortOf(change.year)))]),
      ...withheldLines(report),
      ...(report.removalsUnchecked ? [REMOVALS_UNCHECKED] : []),
      report.unchanged
        ? 'dry run: nothing was written; the store holds these lists already, so importing would change nothing'
        : 'dry run: nothing was written',
    ].join('\n');
  }
  const withheld = withheldLines(report);
  if (report.unchanged)
    return [
      `${source}: ${report.store} holds these lists already (${report.years.join(', ')}, published): nothing changed`,
      table([...counts(), ['time', formatSeconds(elapsedMs)]]),
      ...withheld,
    ].join('\n');
  return [
    `imported ${source} into ${report.store}`,
    table([
      ...counts(['imported', formatCount(report.imported)]),
      ['years', report.years.join(', ')],
      ['statistics', `${formatCount(report.statistics)} rows`],
      ['published', report.published.join(', ')],
      ['time', formatSeconds(elapsedMs)],
    ]),
    ...withheld,
  ].join('\n');
}

/** The warning every import gives (on stderr) for names the participant search can never find. */
export function shortNamesWarning(source: string, report: ImportReport): string | undefined {
  const { shortNames } = report;
  if (shortNames.length === 0) return undefined;
  const lines = shortNames.map(({ line }) => line);
  return (
    `tamborrada: warning: ${source}: ${plural(shortNames.length, 'name has', 'names have')} ` +
    `fewer than three parts (${englishPlural(shortNames.length, 'line', 'lines')} ${firstOf(lines, 20)}): the participant search (three parts at least) can never find ${englishPlural(shortNames.length, 'it', 'them')}`
  );
}
