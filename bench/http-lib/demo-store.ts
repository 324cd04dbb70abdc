import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import Database from 'better-sqlite3';
import { CACHE_DIR, CLI, ROOT } from './run.js';

export interface DemoStore {
  path: string;
  seed: number;
  scale: number;
  /** True when the file came from the cache of an earlier run. */
  cached: boolean;
  /** Seconds `tamborrada demo` took, or null when the cached file was reused. */
  buildSeconds: number | null;
  participants: number;
  fileBytes: number;
}

export interface DemoStoreOptions {
  seed: number;
  scale: number;
  /** Where uncached files go; removed by the caller. */
  tmpDir: string;
  /** Stores of this scale and above are cached in bench/.cache. */
  cacheFromScale: number;
  /** Ignore and replace a cached file. */
  rebuild: boolean;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/**
 * A short hash of the sources that decide what the demo contains (the generator and
 * the statistics), so that a cached store is not reused after they change.
 */
export function demoSourceHash(root: string): string {
  const hash = createHash('sha256');
  for (const dir of ['src/demo', 'src/domain']) {
    for (const file of filesUnder(join(root, dir))) {
      hash.update(relative(root, file));
      hash.update(readFileSync(file));
    }
  }
  return hash.digest('hex').slice(0, 10);
}

function runCli(cli: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve(output)
        : reject(new Error(`tamborrada ${args.join(' ')} exited with ${code}:\n${output}`)),
    );
  });
}

function removeDb(path: string): void {
  for (const suffix of ['', '-wal', '-shm']) rmSync(path + suffix, { force: true });
}

function countParticipants(path: string): number {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare('SELECT count(*) AS n FROM participants').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

/**
 * The demo store of one seed and scale, built with the real CLI (`tamborrada demo`).
 * Large scales are cached under bench/.cache, keyed by seed, scale and source hash; the
 * file is built under a temporary name and renamed only once the CLI succeeded.
 */
export async function demoStore(options: DemoStoreOptions): Promise<DemoStore> {
  const { seed, scale } = options;
  const cache = scale >= options.cacheFromScale;
  const dir = cache ? CACHE_DIR : options.tmpDir;
  mkdirSync(dir, { recursive: true });
  const name = `demo-seed${seed}-scale${scale}${cache ? `-${demoSourceHash(ROOT)}` : ''}.db`;
  const path = join(dir, name);

  if (cache && !options.rebuild && existsSync(path)) {
    return {
      path,
      seed,
      scale,
      cached: true,
      buildSeconds: null,
      participants: countParticipants(path),
      fileBytes: statSync(path).size,
    };
  }

  const building = `${path}.building`;
  removeDb(building);
  removeDb(path);
  if (cache) {
    // Stores of this seed and scale built from other sources are stale: drop them.
    const stale = `demo-seed${seed}-scale${scale}-`;
    for (const file of readdirSync(dir)) {
      if (file.startsWith(stale) && file.endsWith('.db')) removeDb(join(dir, file));
    }
  }
  const started = performance.now();
  await runCli(CLI, ['demo', '--db', building, '--seed', String(seed), '--scale', String(scale)]);
  const buildSeconds = (performance.now() - started) / 1000;
  // The CLI closes the database cleanly, so the WAL is normally gone; move it along if not.
  for (const suffix of ['-wal', '-shm']) {
    if (existsSync(building + suffix)) renameSync(building + suffix, path + suffix);
  }
  renameSync(building, path);
  return {
    path,
    seed,
    scale,
    cached: false,
    buildSeconds,
    participants: countParticipants(path),
    fileBytes: statSync(path).size,
  };
}

export interface SampledParticipant {
  name: string;
  school: string;
}

/** `count` stored participants spread evenly over the table (deterministic). */
export function sampleParticipants(path: string, count: number): SampledParticipant[] {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const { low, high } = db.prepare('SELECT min(id) AS low, max(id) AS high FROM participants').get() as {
      low: number | null;
      high: number | null;
    };
    if (low === null || high === null) return [];
    const from = db.prepare('SELECT name, school FROM participants WHERE id >= ? ORDER BY id LIMIT 50');
    const sample: SampledParticipant[] = [];
    for (let k = 0; k < count; k++) {
      const id = low + Math.floor(((k + 0.5) * (high - low + 1)) / count);
      // The first record from there that a user can search for (a few stored names have one surname).
      const row = (from.all(id) as SampledParticipant[]).find((record) => isSearchable(record.name));
      if (row) sample.push({ name: row.name, school: row.school });
    }
    return sample;
  } finally {
    db.close();
  }
}

/** Whether a stored name has the three parts a search needs (spec 4.6, rule 3). */
export function isSearchable(name: string): boolean {
  return name.trim().split(/\s+/).length >= 3;
}

const ACCENTED: Record<string, string> = { a: 'á', e: 'é', i: 'í', o: 'ó', u: 'ú' };

/**
 * What a user might type for a stored name, cycling through four forms that must all
 * match it (spec 4.6): as stored, lower case, a partial name (leading given name of a
 * compound dropped, or the last surname cut short) and with an accent added.
 */
export function searchVariant(name: string, k: number): string {
  const parts = name.split(' ');
  switch (k % 4) {
    case 1:
      return name.toLowerCase();
    case 2: {
      if (parts.length >= 4) return parts.slice(1).join(' ');
      const last = parts[parts.length - 1] ?? '';
      const keep = Math.max(3, last.length - 2);
      return [...parts.slice(0, -1), last.slice(0, keep)].join(' ');
    }
    case 3:
      return name.replace(/[aeiou]/, (vowel) => ACCENTED[vowel] ?? vowel);
    default:
      return name;
  }
}
