/** What the operator's commands print: plain lines on stdout, progress only on a terminal. */

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

/** A one-line progress indicator on stderr, shown only when stderr is a terminal. */
export function progress(phase: string): void {
  if (process.stderr.isTTY) process.stderr.write(`\r\u001b[2K${phase}`);
}

export function endProgress(): void {
  if (process.stderr.isTTY) process.stderr.write('\r\u001b[2K');
}
