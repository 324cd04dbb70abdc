/**
 * The README and docs/ name only what exists and no issue numbers: every repository path
 * they name (`src/…`, `docs/…`, `test/…`, `bench/…`, `scripts/…`, `clients/…`, and the
 * targets of their relative links) is in the tree, or is an output .gitignore names
 * (`bench/.cache/`); every `#anchor` of such a link is a heading of its page; and no text
 * says "issue 34" or "#34". Reads files only.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const DOCUMENTS = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];
const text = (document: string) => readFileSync(join(ROOT, document), 'utf8');

/** What the project writes and git ignores, such as `bench/results/*.json`, as patterns. */
const OUTPUTS = readFileSync(join(ROOT, '.gitignore'), 'utf8')
  .split('\n')
  .filter((line) => line.includes('/') && !line.startsWith('!'))
  .map(
    (line) =>
      new RegExp(
        `^${line
          .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
          .replaceAll('*', '[^/]*')
          .replace(/\/$/, '/.*')}$`,
      ),
  );
const exists = (path: string) => existsSync(join(ROOT, path)) || OUTPUTS.some((output) => output.test(path));

/** Paths into the repository's folders, wherever they stand (prose, code, links). */
const REPOSITORY_PATH = /(?<![\w./-])(?:src|docs|test|bench|scripts|clients)\/[\w.@/-]*[\w/]/g;

/** The targets of Markdown links that are files of the repository, with their anchors. */
function relativeLinks(document: string): { path: string; anchor: string | undefined }[] {
  return [...text(document).matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1]!)
    .filter((target) => !/^[a-z]+:/i.test(target))
    .map((target) => {
      const [file, anchor] = target.split('#') as [string, string | undefined];
      const path = file === '' ? document : relative(ROOT, resolve(ROOT, dirname(document), file));
      return { path, anchor };
    })
    .filter(({ path }) => !path.startsWith('..'));
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N} _-]/gu, '')
    .replace(/ /g, '-');

const anchorsOf = (document: string) =>
  new Set([...text(document).matchAll(/^#{1,6} (.+)$/gm)].map((match) => anchorOf(match[1]!.trim())));

describe.each(DOCUMENTS)('%s', (document) => {
  it('names only repository paths that exist', () => {
    const named = [...text(document).matchAll(REPOSITORY_PATH)].map((match) => match[0]);
    const linked = relativeLinks(document).map(({ path }) => path);
    const missing = [...new Set([...named, ...linked])].filter((path) => !exists(path));
    expect(missing).toEqual([]);
  });

  it('links only to headings that exist', () => {
    const broken = relativeLinks(document)
      .filter(
        ({ path, anchor }) => anchor !== undefined && path.endsWith('.md') && existsSync(join(ROOT, path)),
      )
      .filter(({ path, anchor }) => !anchorsOf(path).has(anchor!))
      .map(({ path, anchor }) => `${path}#${anchor}`);
    expect(broken).toEqual([]);
  });

  it('refers to no issue by number', () => {
    const references = [
      ...text(document).matchAll(/\b(?:issues?|PR|pull request) ?#?\d+|(?<![\w&#/])#\d+\b/gi),
    ].map((match) => match[0]);
    expect(references).toEqual([]);
  });
});
