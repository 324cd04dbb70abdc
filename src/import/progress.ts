/** What the long operations report as they go (the CLI shows it; see src/cli/progress.ts). */
export interface Progress {
  /** A new phase; `total` units when known (rows, by default). */
  phase(name: string, total?: number, unit?: string): void;
  /** Units done so far in the current phase. */
  update(done: number): void;
}

/** Reports nothing (callers that show no progress, tests). */
export const NO_PROGRESS: Progress = { phase() {}, update() {} };
