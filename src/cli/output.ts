/** What the operator's commands print on stdout: plain lines, aligned tables (progress: progress.ts). */
import { englishFigure } from '../domain/figures.js';

export const formatCount = englishFigure;

export function formatSeconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** Rows of `label  value`, aligned. */
export function table(rows: readonly (readonly [string, string])[]): string {
  const width = Math.max(...rows.map(([label]) => label.length));
  return rows.map(([label, value]) => `  ${label.padEnd(width)}  ${value}`).join('\n');
}
