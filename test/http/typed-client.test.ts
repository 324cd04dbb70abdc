/**
 * The typed client as its users get it: `npm pack` of clients/typescript, installed from the
 * tarball into a folder of its own (offline, beside openapi-fetch's tarballs), then run by
 * plain Node — no TypeScript runner for the package — against a server on the demo data. Its
 * example type-checks against the declarations the package ships, prints what the server
 * answers, and says in one line when nothing answers. Every name file the server writes,
 * and its comparisons, match the client's JSON Schemas. Node 22 runs the example too where
 * `TAMBORRADA_TEST_NODE22` names its binary (`npm install node@22` in a folder of its own).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/cli.js';
import { startDemoSite, type DemoSite } from '../support/demo-site.js';

const run = promisify(execFile);
const CLIENT = join(REPO_ROOT, 'clients/typescript');
const INSTALLED = 'node_modules/@tamborrada/client';
const NODES = [
  { version: 'the project’s Node', binary: process.execPath },
  ...(process.env.TAMBORRADA_TEST_NODE22
    ? [{ version: 'Node 22', binary: process.env.TAMBORRADA_TEST_NODE22 }]
    : []),
];

/** Packs `folders` (none: the client) into `into` with `npm pack`, `prepack` included; the tarballs. */
async function pack(into: string, ...folders: string[]): Promise<string[]> {
  const { stdout } = await run('npm', ['pack', '--silent', '--pack-destination', into, ...folders], {
    cwd: CLIENT,
  });
  return stdout.trim().split('\n');
}

/** A folder where the client is installed from its tarball, as `npm install` installs a published one. */
async function installPacked(): Promise<string> {
  const folder = mkdtempSync(join(tmpdir(), 'tamborrada-client-'));
  // Its dependencies from the project's own copies: the test needs no registry.
  const dependencies = ['openapi-fetch', 'openapi-typescript-helpers'].map((name) =>
    join(REPO_ROOT, 'node_modules', name),
  );
  const tarballs = [...(await pack(folder)), ...(await pack(folder, ...dependencies))];
  writeFileSync(
    join(folder, 'package.json'),
    JSON.stringify({ name: 'user', private: true, type: 'module' }),
  );
  await run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', ...tarballs], {
    cwd: folder,
  });
  writeFileSync(join(folder, 'example.ts'), readFileSync(join(folder, INSTALLED, 'example.ts')));
  return folder;
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * `tsc` over the package's example and its README's, in `folder` where the package is
 * installed: they see only the declarations it ships.
 */
function typeCheck(folder: string) {
  const readme = readFileSync(join(folder, INSTALLED, 'README.md'), 'utf8');
  const [, snippet = ''] = /^```ts\n([\s\S]*?)^```/m.exec(readme) ?? [];
  if (!snippet.includes("from '@tamborrada/client'"))
    throw new Error('The README has no example of the client');
  writeFileSync(join(folder, 'readme.ts'), snippet);
  const options = {
    target: 'ES2022',
    module: 'NodeNext',
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: ['node'],
    typeRoots: [join(REPO_ROOT, 'node_modules/@types')],
  };
  const files = ['example.ts', 'readme.ts'];
  writeFileSync(join(folder, 'tsconfig.json'), JSON.stringify({ compilerOptions: options, files }));
  return run(process.execPath, [join(REPO_ROOT, 'node_modules/typescript/bin/tsc'), '-p', folder]);
}

describe('the typed client, packed and installed, against the demo data', () => {
  let site: DemoSite;
  let folder: string;
  let typeChecked: Promise<unknown>;

  beforeAll(async () => {
    [site, folder] = await Promise.all([startDemoSite({ scale: 0.2 }), installPacked()]);
    // Beside the other tests: it takes the longest.
    typeChecked = typeCheck(folder);
    typeChecked.catch(() => {});
  }, 120_000);

  afterAll(async () => {
    await site?.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  const get = async <T>(path: string) => (await site.server.get(path)).body as T;
  const runExample = (node: string, url: string) =>
    run(node, ['example.ts'], { cwd: folder, env: { ...process.env, TAMBORRADA_URL: url }, timeout: 30_000 });

  it('ships JavaScript with its declarations and the schemas, and may be published', () => {
    const manifest = JSON.parse(readFileSync(join(folder, INSTALLED, 'package.json'), 'utf8'));
    expect(manifest.private).toBeUndefined();
    const files = readdirSync(join(folder, INSTALLED), { recursive: true, encoding: 'utf8' });
    expect(files).toEqual(
      expect.arrayContaining([
        'dist/client.js',
        'dist/client.d.ts',
        'schemas/name-file.schema.json',
        'schemas/comparison-file.schema.json',
        'README.md',
      ]),
    );
    // TypeScript that Node would have to strip inside node_modules: none but the example.
    expect(files.filter((file) => /(?<!\.d)\.ts$/.test(file))).toEqual(['example.ts']);
  });

  describe.each(NODES)('on $version', ({ binary }) => {
    it('prints the years, the top names of the latest, the top three per edition and Ane’s ranks', async () => {
      const { years } = await get<{ years: string[] }>('/api/years');
      const latest = years[0]!;
      const { stats } = await get<{ stats: [{ public_data: { name: string; count: number }[] }] }>(
        `/api/category?year=${latest}&category=topNamesByYear`,
      );
      const top = stats[0].public_data;
      const query = new URLSearchParams(top.slice(0, 3).map(({ name }) => ['n', name]));
      const compared = await get<{
        editions: number[];
        series: { name: string; counts: (number | null)[] }[];
      }>(`/comparar/nombres.json?${query}`);
      const ane = await get<{
        name: string;
        editions: { year: number; rank?: number; fewerThan?: number }[];
      }>('/datos/nombres-ane.json');
      const { stdout } = await runExample(binary, site.server.url);
      expect(stdout).toBe(
        [
          `Years: ${years.join(', ')}`,
          `Top names of ${latest}:`,
          ...top.slice(0, 10).map(({ name, count }) => `  ${name}: ${count}`),
          `Editions: ${compared.editions.join(', ')}`,
          ...compared.series.map(
            ({ name, counts }) => `  ${name}: ${counts.map((n) => n ?? '-').join(', ')}`,
          ),
          `${ane.name}: ${ane.editions.map((e) => `${e.year} ${e.rank ? `#${e.rank}` : `<${e.fewerThan}`}`).join(', ')}`,
          '',
        ].join('\n'),
      );
    });

    it('says in one line, without a stack trace, which address it could not reach and why', async () => {
      const url = `http://127.0.0.1:${await closedPort()}`;
      const failed = await runExample(binary, url).catch((error: { code: number; stderr: string }) => error);
      expect(failed).toMatchObject({ code: 1, stderr: `Cannot reach ${url}/api/years: ECONNREFUSED\n` });
    });
  });
  describe('the name and comparison files the server writes', () => {
    const ajv = addFormats.default(new Ajv2020({ allErrors: true }));
    const schema = (file: string) => JSON.parse(readFileSync(join(CLIENT, 'schemas', file), 'utf8'));
    const isNameFile = ajv.compile(schema('name-file.schema.json'));
    const isComparisonFile = ajv.compile(schema('comparison-file.schema.json'));

    it('describe every first name’s and surname’s file, those with a withheld edition too', async () => {
      const slugsIn = async (folder: string) => {
        const index = (await site.server.get(`/${folder}`)).text;
        const links = index.matchAll(new RegExp(`href="/${folder}/([a-z0-9-]+)"`, 'g'));
        return [...new Set([...links].map((link) => `/datos/${folder}-${link[1]}.json`))];
      };
      const paths = [...(await slugsIn('nombres')), ...(await slugsIn('apellidos'))];
      const files: unknown[] = [];
      // Twenty at a time: a few seconds for the demo's thousand files.
      for (let i = 0; i < paths.length; i += 20)
        files.push(
          ...(await Promise.all(
            paths.slice(i, i + 20).map(async (path) => (await site.server.get(path)).body),
          )),
        );
      expect(files.length).toBeGreaterThan(100);
      for (const file of files) expect(isNameFile(file) || ajv.errorsText(isNameFile.errors)).toBe(true);
      expect(files.filter((file) => JSON.stringify(file).includes('"fewerThan"')).length).toBeGreaterThan(0);
    });

    it('describe comparisons of names, surnames and schools, with what was not found and too many', async () => {
      const { stats } = (await site.server.get('/api/category?year=global&category=topSchools')).body as {
        stats: [{ public_data: { name: string }[] }];
      };
      const comparisons = [
        { kind: 'nombres', asked: ['Ane', 'Jon', 'Nadie'], notFound: ['Nadie'], tooMany: false },
        {
          kind: 'apellidos',
          asked: ['Garcia', 'Zzz', 'Lopez', 'Perez', 'Ruiz', 'Diaz'],
          notFound: ['Zzz'],
          tooMany: true,
        },
        {
          kind: 'companias',
          asked: [stats[0].public_data[0]!.name, 'Ninguna'],
          notFound: ['Ninguna'],
          tooMany: false,
        },
      ];
      for (const { kind, asked, notFound, tooMany } of comparisons) {
        const query = new URLSearchParams(asked.map((name) => ['n', name]));
        const file = (await site.server.get(`/comparar/${kind}.json?${query}`)).body;
        expect(isComparisonFile(file) || ajv.errorsText(isComparisonFile.errors)).toBe(true);
        expect(file).toMatchObject({ notFound, tooMany });
      }
    });
  });

  it('type-checks its example and its README’s against the declarations it ships', async () => {
    await expect(typeChecked).resolves.toMatchObject({ stdout: '' });
  });
});
