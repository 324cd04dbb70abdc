import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runCli, type CliRun } from '../support/cli.js';

const STORE = ['--db <path>', '--database-url <url>'];

/** Every command with every option and argument its help must list. */
const COMMANDS: [string[], string[]][] = [
  [['serve'], [...STORE, '--port <n>', '--host <address>', '--log-level <level>', '--demo-if-missing']],
  [['migrate'], STORE],
  [['import'], [...STORE, '<file>']],
  [['demo'], [...STORE, '--seed <n>', '--scale <f>']],
  [['updating'], [...STORE, '<state>', '--note <text>']],
  [['status'], STORE],
  [['recompute'], STORE],
  [['summary'], ['set']],
  [
    ['summary', 'set'],
    [...STORE, '--year <year>', '--category <id>', '--file <path>'],
  ],
  [['school'], ['label', 'labels', 'unlabel']],
  [
    ['school', 'label'],
    [...STORE, '<school>', '--eu <name>'],
  ],
  [['school', 'labels'], STORE],
  [
    ['school', 'unlabel'],
    [...STORE, '<school>', '--eu'],
  ],
  [['participant'], ['remove', 'removals']],
  [
    ['participant', 'remove'],
    [...STORE, '--name <name>', '--school <school>', '--year <year>', '--dry-run'],
  ],
  [['participant', 'removals'], STORE],
];

describe.concurrent('tamborrada --help', () => {
  it('lists every command, with examples', async () => {
    const run = await runCli(['--help']);
    expect([run.code, run.stderr]).toEqual([0, '']);
    for (const [[name]] of COMMANDS) expect(run.stdout).toMatch(new RegExp(`^  ${name}\\b`, 'm'));
    expect(run.stdout).toContain('Examples:\n  tamborrada serve');
    expect(run.stdout).toContain(
      'Exit codes: 0 done (also when there was nothing to change), 1 failed,\n2 bad usage or configuration',
    );
  });

  it('summary set --help gives the limits of the file', async () => {
    const run = await runCli(['summary', 'set', '--help']);
    expect(run.stdout.replace(/\s+/g, ' ')).toContain(
      'at most 4,000 characters, no control characters but tabs and line breaks',
    );
  });

  it.each(COMMANDS.map(([command, options]) => [command.join(' '), command, options] as const))(
    'tamborrada %s --help lists every option, with examples',
    async (_title, command, options) => {
      const run = await runCli([...command, '--help']);
      expect([run.code, run.stderr]).toEqual([0, '']);
      expect(run.stdout).toContain(`Usage: tamborrada ${command.join(' ')}`);
      for (const option of options) expect(run.stdout).toContain(option);
      expect(run.stdout).toMatch(
        new RegExp(`\\nExamples:\\n  (?:[A-Z_]+=\\S+ )?tamborrada ${command.join(' ')}`),
      );
    },
  );
});

describe.concurrent('tamborrada: configuration problems', () => {
  /** A usage error: nothing on stdout, exit code 2, no stack trace, exactly these lines. */
  function expectLines(run: CliRun, lines: (string | RegExp)[]): void {
    expect(run.code, run.stderr).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).not.toContain('    at ');
    const written = run.stderr.replace(/\n$/, '').split('\n');
    expect(written).toHaveLength(lines.length);
    lines.forEach((line, i) => expect(written[i]).toMatch(line));
  }

  it('an unknown option: one line', async () => {
    expectLines(await runCli(['status', '--bogus']), [/^tamborrada: error: unknown option '--bogus'$/]);
  });

  it('a mistyped option: one line, with the suggestion', async () => {
    expectLines(await runCli(['serve', '--prot', '8080']), [
      /^tamborrada: error: unknown option '--prot' \(Did you mean --port\?\)$/,
    ]);
  });

  it('a bad port option: one line', async () => {
    expectLines(await runCli(['serve', '--port', '70000']), [
      "tamborrada: error: --port must be a port number from 0 to 65535, got '70000'",
    ]);
  });

  it('a bad URL: one line, on any command', async () => {
    expectLines(await runCli(['status', '--database-url', 'mysql://db/x']), [
      'tamborrada: error: --database-url must be a postgres:// URL, got a mysql:// URL',
    ]);
    expectLines(await runCli(['migrate'], { DATABASE_URL: 'not a url' }), [
      'tamborrada: error: DATABASE_URL must be a postgres:// URL',
    ]);
  });

  it.each([
    ['a header break', 'https://a.example\r\nX-Evil: 1', String.raw`https://a.example\r\nX-Evil: 1`],
    ['a non-ASCII origin', 'https://café.example', 'https://café.example'],
    ['a path', 'https://a.example/app', 'https://a.example/app'],
    ['a list', 'https://a.example, https://b.example', 'https://a.example, https://b.example'],
  ])('CORS_ORIGIN with %s: refused at start, one line', async (_what, value, shown) => {
    expectLines(await runCli(['serve'], { CORS_ORIGIN: value }), [
      `tamborrada: error: CORS_ORIGIN must be *, null or an origin such as https://example.org, got '${shown}'`,
    ]);
  });

  it('several bad settings in the environment: one line each', async () => {
    const run = await runCli(['serve'], {
      PORT: 'abc',
      HOST: 'two words',
      LOG_LEVEL: 'loud',
      POLL_INTERVAL_MS: '0',
      DATABASE_URL: 'http://db.example/tamborrada',
    });
    expectLines(run, [
      'tamborrada: error: DATABASE_URL must be a postgres:// URL, got a http:// URL',
      "tamborrada: error: PORT must be a port number from 0 to 65535, got 'abc'",
      "tamborrada: error: HOST must be a host name or address, got 'two words'",
      "tamborrada: error: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got 'loud'",
      "tamborrada: error: POLL_INTERVAL_MS must be a positive integer, got '0'",
    ]);
  });
});

describe('tamborrada --version', () => {
  it.each([['--version'], ['-V']])('%s prints the version of package.json, exit code 0', async (flag) => {
    const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    const run = await runCli([flag]);
    expect([run.code, run.stdout, run.stderr]).toEqual([0, `${version}\n`, '']);
  });
});
