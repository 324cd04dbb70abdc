import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = 'src';

/** The layers, lowest first: a file may import its own layer's files and those of lower ones. */
const LAYERS: readonly (readonly string[])[] = [
  ['config', 'domain', 'version.ts'],
  ['store', 'answer'],
  ['read-model', 'import', 'demo'],
  ['web'],
  ['http'],
  ['server.ts', 'listen.ts'],
  ['cli'],
];

const sourceFiles = (folder: string): string[] =>
  readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [relative(SRC, path)] : [];
  });

/** Every file of src/ with the files of src/ it imports (`import`, `import type`, `export … from`). */
function importGraph(): Map<string, string[]> {
  const files = new Set(sourceFiles(SRC));
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(join(SRC, file), 'utf8');
    const targets = [...text.matchAll(/from '(\.{1,2}\/[^']+)'/g)].map(([, spec]) => {
      const path = normalize(join(dirname(file), spec!)).replace(/\.js$/, '');
      return files.has(`${path}.ts`) ? `${path}.ts` : `${path}.tsx`;
    });
    graph.set(file, targets);
  }
  return graph;
}

const layerOf = (file: string) => LAYERS.findIndex((layer) => layer.includes(file.split('/')[0]!));
const checked = (file: string) => layerOf(file) >= 0;

/** The import circles among `files`: each as the path that closes it. */
function circles(graph: Map<string, string[]>, files: (file: string) => boolean): string[][] {
  const found: string[][] = [];
  const done = new Set<string>();
  const visit = (file: string, path: string[]) => {
    const at = path.indexOf(file);
    if (at >= 0) return void found.push([...path.slice(at), file]);
    if (done.has(file)) return;
    for (const next of graph.get(file) ?? []) if (files(next)) visit(next, [...path, file]);
    done.add(file);
  };
  for (const file of graph.keys()) if (files(file)) visit(file, []);
  return found;
}

describe('imports', () => {
  const graph = importGraph();

  it('point down the layers, never up', () => {
    const upward = [...graph].flatMap(([file, targets]) =>
      checked(file)
        ? targets.filter((target) => layerOf(target) > layerOf(file)).map((target) => `${file} -> ${target}`)
        : [],
    );
    expect(upward).toEqual([]);
  });

  it('make no circle between files', () => {
    expect(circles(graph, checked)).toEqual([]);
  });

  it('are each found as a file of src/', () => {
    const unknown = [...graph.values()].flat().filter((target) => !graph.has(target));
    expect(unknown).toEqual([]);
  });
});
