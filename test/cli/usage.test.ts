import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkspace, csv, linesOf, runCli, type CliRun, type Workspace } from '../support/workspace.js';

/** Usage errors: exit code 2, nothing on stdout, a short message on stderr and never a stack trace. */
function expectUsageError(run: CliRun, message: RegExp): void {
  expect(run.code, run.stderr).toBe(2);
  expect(run.stdout).toBe('');
  expect(run.stderr).not.toContain('    at ');
  const lines = linesOf(run.stderr);
  expect(lines[0]).toMatch(message);
  // One line (commander's hint, if any, on a line of its own).
  expect(lines.slice(1).every((line) => line === '(add --help for usage)')).toBe(true);
}

describe.concurrent('the tamborrada CLI, run as a process from the sources', () => {
  let workspace: Workspace;

  beforeAll(() => {
    workspace = createWorkspace();
  });
  afterAll(() => workspace.remove());

  it("an unknown option: commander's message, exit code 2", async () => {
    expectUsageError(await runCli(['status', '--bogus']), /^tamborrada: error: unknown option '--bogus'/);
  });

  it('an unknown command: exit code 2', async () => {
    expectUsageError(await runCli(['publish']), /^tamborrada: error: unknown command 'publish'/);
  });

  it('a bad --port: one line, exit code 2', async () => {
    const run = await runCli(['serve', '--port', 'abc', '--db', join(workspace.dir, 'serve.db')]);
    expectUsageError(run, /^tamborrada: error: --port must be a port number from 0 to 65535, got 'abc'$/);
    expect(linesOf(run.stderr)).toHaveLength(1);
  });

  it('a bad --scale and a bad updating state: exit code 2, no store created', async () => {
    const dbPath = join(workspace.dir, 'untouched.db');
    const [scale, state] = await Promise.all([
      runCli(['demo', '--scale', '0', '--db', dbPath]),
      runCli(['updating', 'maybe', '--db', dbPath]),
    ]);
    expectUsageError(
      scale,
      /^tamborrada: error: option '--scale <f>' argument '0' is invalid\. expected a number above 0/,
    );
    expectUsageError(state, /^tamborrada: error: updating takes 'on' or 'off', got 'maybe'$/);
    expect(linesOf(state.stderr)).toHaveLength(1);
    expect(existsSync(dbPath)).toBe(false);
  });

  it('a file that does not exist: one line naming it as typed, exit code 2, no stack trace', async () => {
    const file = join(workspace.dir, 'missing.csv');
    const run = await runCli(['import', file, '--create', '--db', join(workspace.dir, 'x.db')]);
    expectUsageError(run, new RegExp(`^tamborrada: error: ${escapeRegExp(file)}: no such file$`));
    expect(linesOf(run.stderr)).toHaveLength(1);
  });

  it('a good import: the report on stdout, exit code 0', async () => {
    const file = workspace.file(
      'ok.csv',
      csv([
        'name,school,year',
        'Ane García López,Ikastola Txori Berri,2024',
        'Ane Garcia Lopez,Ikastola Txori Berri,2024',
      ]),
    );
    const run = await runCli(['import', file, '--create', '--db', join(workspace.dir, 'ok.db')]);
    expect([run.code, run.stderr]).toEqual([0, '']);
    const report = linesOf(run.stdout);
    expect(report[0]).toBe(`imported ${file} into sqlite:${join(workspace.dir, 'ok.db')}`);
    expect(report.slice(1, 7)).toEqual([
      expect.stringMatching(/^ {2}read +CSV, UTF-8, separated by commas$/),
      expect.stringMatching(/^ {2}rows read +2$/),
      expect.stringMatching(/^ {2}imported +1$/),
      expect.stringMatching(/^ {2}duplicates +1$/),
      expect.stringMatching(/^ {2}years +2024$/),
      expect.stringMatching(/^ {2}statistics +\d+ rows$/),
    ]);
    expect(report.at(-1)).toMatch(/^ {2}time +\d+\.\d s$/);
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

describe('progress of a long command, when stderr is not a terminal', () => {
  it('plain lines on stderr every PROGRESS_EVERY_MS (phase, rows, rate, time left), the report alone on stdout', async () => {
    const workspace = createWorkspace();
    try {
      const run = await runCli(['demo', '--scale', '0.5', '--db', workspace.dbPath], {
        // A line at every update (every 10,000 rows), where a slow machine prints every 3 s.
        PROGRESS_EVERY_MS: '1',
      });
      expect(run.code).toBe(0);
      expect(linesOf(run.stdout)[0]).toBe(`imported demo(seed=1, scale=0.5) into sqlite:${workspace.dbPath}`);
      const lines = linesOf(run.stderr);
      expect(lines.length).toBeGreaterThan(1);
      for (const line of lines) expect(line).not.toContain('\u001b');
      // The phases with their rows (rate and time left appear after a second: see progress.test.ts).
      expect(lines.some((line) => /^validating: [\d,]+ of [\d,]+ rows/.test(line))).toBe(true);
      expect(lines.some((line) => /^writing: [\d,]+ of [\d,]+ rows/.test(line))).toBe(true);
    } finally {
      workspace.remove();
    }
  });

  it('a short command prints no progress at all', async () => {
    const workspace = createWorkspace();
    try {
      const run = await runCli(['demo', '--scale', '0.01', '--db', workspace.dbPath]);
      expect([run.code, run.stderr]).toEqual([0, '']);
    } finally {
      workspace.remove();
    }
  });
});
