/**
 * Every example of the README and docs/ works against `npm start` as printed: a server on
 * the default demo data (what `npm start` creates) answers each `http://localhost:3000/…`
 * link, each `curl` command of a shell block prints what the `# ` lines under it say
 * (`…` standing for any text), and the TypeScript examples run.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/server.js';
import { REPO_ROOT } from '../support/cli.js';
import { startDemoSite, type DemoSite } from '../support/demo-site.js';

const run = promisify(execFile);
const PRINTED_BASE = 'http://localhost:3000';

const DOCUMENTS = ['README.md', ...readdirSync(join(REPO_ROOT, 'docs')).map((name) => `docs/${name}`)].filter(
  (name) => name.endsWith('.md'),
);
const text = (document: string) => readFileSync(join(REPO_ROOT, document), 'utf8');

/** The fenced blocks of a language in a Markdown text. */
function blocks(markdown: string, language: string): string[] {
  return [...markdown.matchAll(new RegExp(`^\`\`\`${language}\\n([\\s\\S]*?)^\`\`\``, 'gm'))].map(
    (match) => match[1]!,
  );
}

/** The text outside fenced blocks: the prose, where links are. */
const prose = (markdown: string) => markdown.replace(/^```[\s\S]*?^```/gm, '');

/** Links to the API as printed, without those that only sketch a URL (`…`). */
const LINKS = DOCUMENTS.flatMap((document) =>
  [...prose(text(document)).matchAll(/http:\/\/localhost:3000(\/api\/[^\s`)'"<>]*)/g)]
    .map((match) => match[1]!)
    .filter((path) => !path.includes('…') && !path.includes('$'))
    .map((path) => [document, path] as const),
);

interface ShellExample {
  document: string;
  /** The commands, `BASE=…` and continuation lines included. */
  script: string;
  /** What the `# ` lines after the last command say it prints, or undefined. */
  expected: string | undefined;
}

/**
 * Each `curl` command of the shell blocks, with the assignments before it in the same
 * document that it may need (`BASE=`, `ETAG=`).
 */
const SHELL_EXAMPLES: ShellExample[] = DOCUMENTS.flatMap((document) => {
  const setup: string[] = [];
  return blocks(text(document), 'sh').flatMap((block) => {
    const examples: ShellExample[] = [];
    const lines = block.split('\n');
    for (let i = 0; i < lines.length; i++) {
      let command = lines[i]!;
      while (command.endsWith('\\') && i + 1 < lines.length) command += `\n${lines[++i]}`;
      if (/^[A-Z_]+=/.test(command)) setup.push(command);
      if (!command.startsWith('curl ')) continue;
      const said: string[] = [];
      while (lines[i + 1]?.startsWith('# ')) said.push(lines[++i]!.slice(2));
      examples.push({
        document,
        script: [...setup, command].join('\n'),
        expected: said.length > 0 ? said.join('\n') : undefined,
      });
    }
    return examples;
  });
});

const TS_EXAMPLES = DOCUMENTS.flatMap((document) =>
  blocks(text(document), 'ts').map((code) => [document, code] as const),
);

/** `…` stands for any text; everything else must be as printed. */
function printedAs(expected: string): RegExp {
  return new RegExp(
    `^${expected
      .split('…')
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('[\\s\\S]*')}$`,
  );
}

describe('the examples of the docs, against npm start', () => {
  let dir: string;
  let site: DemoSite;
  let server: RunningServer;
  const localize = (script: string) => script.replaceAll(PRINTED_BASE, server.url);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tamborrada-docs-'));
    site = await startDemoSite();
    server = site.server;
  }, 120_000);

  afterAll(async () => {
    await site?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the docs hold examples of every kind', () => {
    expect(LINKS.length).toBeGreaterThan(5);
    expect(SHELL_EXAMPLES.length).toBeGreaterThan(4);
    expect(TS_EXAMPLES.length).toBeGreaterThanOrEqual(2);
  });

  it.each(LINKS)('%s: %s answers 200', async (_document, path) => {
    expect((await fetch(server.url + path)).status).toBe(200);
  });

  it.each(
    SHELL_EXAMPLES.map((example) => [example.document, example.script.split('\n').at(-1)!, example] as const),
  )('%s: %s', async (_document, _command, { script, expected }) => {
    const { stdout } = await run('bash', ['-c', `set -euo pipefail\n${localize(script)}`], {
      timeout: 20_000,
    });
    if (expected !== undefined) expect(stdout.trimEnd()).toMatch(printedAs(expected));
  });

  it.each(TS_EXAMPLES)(
    '%s: the TypeScript example says how to run it, and runs so',
    async (document, code) => {
      // As the docs say: saved as example.ts in a folder of its own, run by `node example.ts`.
      expect(text(document)).toContain('run `node example.ts`');
      const folder = mkdtempSync(join(dir, 'example-'));
      writeFileSync(join(folder, 'example.ts'), localize(code));
      const { stdout } = await run(process.execPath, ['example.ts'], { cwd: folder, timeout: 30_000 });
      expect(stdout.trim().length).toBeGreaterThan(0);
    },
  );
});
