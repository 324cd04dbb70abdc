/** What the operator's commands print on stdout: plain lines, aligned tables (progress: progress.ts). */

const count = new Intl.NumberFormat('en-US');

export function formatCount(value: number): string {
  return count.format(value);
}

export function formatSeconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** Rows of `label  value`, aligned. */
export function table(rows: readonly (readonly [string, string])[]): string {
  const width = Math.max(...rows.map(([label]) => label.length));
  return rows.map(([label, value]) => `  ${label.padEnd(width)}  ${value}`).join('\n');
}
