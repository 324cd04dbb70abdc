/**
 * `npm run bench:names`: what the name facts add to a build of the read model.
 *
 * Generates the demo's rows (BENCH_SCALE, default 1; BENCH_SEED, default 1), gathers them
 * as the build worker does, then measures, in CPU time of this thread (wall times mislead
 * on a shared machine; the least of BENCH_RUNS runs, the one least disturbed): the facts of
 * every name (`nameFactsOf`), handing them over between threads (`structuredClone`, the way
 * a worker's message is copied), the index over them (`NameIndex`), and for scale what the
 * build worker already did with the same rows: shelving the schools for the search
 * (`ShelfCollector.shelve`). And their size as handed over (JSON bytes): what the read
 * model keeps of them, measured without forcing a collection. In the worker the facts cost build CPU and no request waits for
 * them; made lazily on the main thread, their whole time would be spent by the first
 * request that needs them.
 */
import { loadavg } from 'node:os';
import { normalizeName } from '../src/domain/names.js';
import { nameFactsOf } from '../test/support/statistics.js';
import { generateDemoRows } from '../src/demo/generate.js';
import { ShelfCollector } from '../src/read-model/participant-index.js';
import { NameIndex } from '../src/read-model/name-index.js';

const scale = Number(process.env.BENCH_SCALE ?? 1);
const seed = Number(process.env.BENCH_SEED ?? 1);
const runs = Number(process.env.BENCH_RUNS ?? 9);
const k = 3;

function cpuMs<T>(work: () => T): { value: T; ms: number } {
  const start = process.threadCpuUsage();
  const value = work();
  const used = process.threadCpuUsage(start);
  return { value, ms: (used.user + used.system) / 1000 };
}

/** The least CPU time of `runs` runs of `work`. */
const least = (work: () => unknown) => Math.min(...Array.from({ length: runs }, () => cpuMs(work).ms));

const collector = new ShelfCollector();
// Stored as the import stores them: normalised.
for (const row of generateDemoRows({ seed, scale }))
  collector.take(normalizeName(row.name), row.school, Number(row.year));
const editions = [...new Set([...collector.bySchool.values()].flatMap((rows) => rows.years))].sort(
  (a, b) => a - b,
);

const facts = nameFactsOf(collector.records(), editions, k);
const factsMb = Buffer.byteLength(JSON.stringify(facts)) / 2 ** 20;
const factsMs = least(() => nameFactsOf(collector.records(), editions, k));
const handoverMs = least(() => structuredClone(facts));
const indexMs = least(() => new NameIndex(facts));
const shelvingMs = least(() => {
  const copy = new ShelfCollector();
  for (const [school, rows] of collector.bySchool) copy.bySchool.set(school, { ...rows });
  return [...copy.shelve()];
});

const tenths = (ms: number) => Math.round(ms * 10) / 10;
console.log(
  JSON.stringify(
    {
      scale,
      rows: collector.rows,
      editions: editions.length,
      k,
      firstNamesWithFacts: facts.firstNames.length,
      surnamesWithFacts: facts.surnames.length,
      factsCpuMs: tenths(factsMs),
      handoverCpuMs: tenths(handoverMs),
      indexCpuMs: tenths(indexMs),
      shelvingCpuMs: tenths(shelvingMs),
      factsJsonMb: tenths(factsMb),
      loadAverage: loadavg()[0],
    },
    null,
    2,
  ),
);
