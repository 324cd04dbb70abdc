import { englishFigure, englishPlural } from '../domain/english-words.js';
import { ImportRejected } from './import-participants.js';

/** The columns a participant list must have, in any order, among others. */
export const REQUIRED_COLUMNS = ['name', 'school', 'year'] as const;

/** A header cell as it compares: trimmed, case ignored. */
export const headerName = (cell: string | undefined) => (cell ?? '').trim().toLowerCase();

/** The header found, for the operator: its first cells, quoted, control characters escaped. */
function shownHeader(cells: readonly (string | undefined)[]): string {
  const shown = cells
    .slice(0, 12)
    .map((cell) => JSON.stringify((cell ?? '').trim().slice(0, 40)))
    .join(', ');
  const count = `${englishFigure(cells.length)} ${englishPlural(cells.length, 'column', 'columns')}`;
  return cells.length > 12 ? `${count}: ${shown}, …` : `${count}: ${shown}`;
}

/** Where name, school and year are in a header row; refused with the header found when one is missing. */
export function requiredColumns(
  cells: readonly (string | undefined)[],
  at: { source: string; line: number; read: string },
): number[] {
  const names = cells.map(headerName);
  const missing = REQUIRED_COLUMNS.filter((column) => !names.includes(column));
  if (missing.length > 0)
    throw ImportRejected.at(
      at.source,
      at.line,
      `the header lacks the column(s) ${missing.join(', ')}; found ${shownHeader(cells)} (read as ${at.read})`,
    );
  return REQUIRED_COLUMNS.map((column) => names.indexOf(column));
}
