/**
 * Participant search measured in process: the store is read with `SqliteStore`, the
 * `ParticipantIndex` built from it as the server's build worker does, and its `search` timed for
 * many lookups of names that exist (in the four forms of `searchVariant`) and of
 * names that do not (a whole-school scan). Prints one JSON line.
 *
 *   node --import tsx bench/http-lib/participant-search.ts DB_FILE [LOOKUPS]
 */
import { normalizeName } from '../../src/domain/names.js';
import type { ParticipantRecord } from '../../src/domain/types.js';
import { ParticipantIndex, shelvesOf } from '../../src/read-model/participant-index.js';
import { SqliteStore } from '../../src/store/sqlite-store.js';
import { isSearchable, searchVariant } from './demo-store.js';

export interface SearchTimings {
  lookups: number;
  /** Microseconds. */
  p50Us: number;
  p90Us: number;
  p99Us: number;
  maxUs: number;
  meanUs: number;
  /** Lookups that found nothing (should be 0 for the hits). */
  misses: number;
  /** Mean number of records in an answer. */
  meanMatches: number;
}

export interface SearchReport {
  db: string;
  records: number;
  schools: number;
  readMs: number;
  indexBuildMs: number;
  heapUsedMb: number;
  rssMb: number;
  hits: SearchTimings;
  notFound: SearchTimings;
}

function percentile(sorted: Float64Array, p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

function time(index: ParticipantIndex, queries: readonly [string, string][]): SearchTimings {
  // One untimed pass to warm the JIT, then the timed pass.
  for (const [name, school] of queries) index.search(name, school);
  const micros = new Float64Array(queries.length);
  let misses = 0;
  let matches = 0;
  queries.forEach(([name, school], i) => {
    const started = process.hrtime.bigint();
    const found = index.search(name, school)?.matches;
    micros[i] = Number(process.hrtime.bigint() - started) / 1000;
    if (found === undefined) misses++;
    else matches += found.length;
  });
  micros.sort();
  const sum = micros.reduce((a, b) => a + b, 0);
  return {
    lookups: queries.length,
    p50Us: percentile(micros, 50),
    p90Us: percentile(micros, 90),
    p99Us: percentile(micros, 99),
    maxUs: micros[micros.length - 1] ?? 0,
    meanUs: queries.length ? sum / queries.length : 0,
    misses,
    meanMatches: queries.length - misses ? matches / (queries.length - misses) : 0,
  };
}

async function measureSearch(db: string, lookups: number): Promise<SearchReport> {
  const store = new SqliteStore(db, { readonly: true });
  const records: ParticipantRecord[] = [];
  let readStarted = performance.now();
  await store.readSnapshot((snapshot) =>
    snapshot.readParticipants([], (name, school, year) => void records.push({ name, school, year })),
  );
  const readMs = performance.now() - readStarted;
  await store.close();

  readStarted = performance.now();
  const index = new ParticipantIndex(shelvesOf(records));
  const indexBuildMs = performance.now() - readStarted;

  // Stored names spread evenly over the table, each in one of the forms a user types.
  const hits: [string, string][] = [];
  for (let k = 0; k < lookups; k++) {
    let at = Math.floor(((k + 0.5) * records.length) / lookups);
    while (at < records.length && !isSearchable(records[at]!.name)) at++;
    const record = records[at];
    if (record) hits.push([normalizeName(searchVariant(record.name, k)), record.school]);
  }
  const schools = index.companies;
  const notFound: [string, string][] = [];
  for (let k = 0; k < Math.min(lookups, 200); k++) {
    notFound.push([normalizeName(`Zzyzx Inexistente Nadie${k}`), schools[k % schools.length]!]);
  }

  const memory = process.memoryUsage();
  return {
    db,
    records: records.length,
    schools: schools.length,
    readMs,
    indexBuildMs,
    heapUsedMb: memory.heapUsed / 2 ** 20,
    rssMb: memory.rss / 2 ** 20,
    hits: time(index, hits),
    notFound: time(index, notFound),
  };
}

const [db, lookupsArg] = process.argv.slice(2);
if (db === undefined) {
  console.error('usage: participant-search.ts DB_FILE [LOOKUPS]');
  process.exit(2);
}
const report = await measureSearch(db, Number(lookupsArg ?? 1000));
process.stdout.write(`${JSON.stringify(report)}\n`);
