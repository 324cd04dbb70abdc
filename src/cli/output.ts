import { englishFigure, englishPlural } from '../domain/english-words.js';

export const formatCount = englishFigure;

/** `1 record`, `1,200 records`. */
export function plural(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${englishPlural(count, one, many)}`;
}

export function formatSeconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** Rows of cells, aligned: each column but the last padded to its widest cell. */
export function table(rows: readonly (readonly string[])[]): string {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]!.length))) ?? [];
  const cells = (row: readonly string[]) =>
    row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]!)));
  return rows.map((row) => `  ${cells(row).join('  ')}`).join('\n');
}
