/**
 * `npm run bench:compare`: what a comparison costs, made for each request.
 *
 * Loads the demo data (BENCH_SCALE, default 1) into a temporary SQLite store, builds the
 * read model as `serve` does, then measures in CPU time of this thread (the least of
 * BENCH_RUNS runs of BENCH_ANSWERS answers each: wall times mislead on a shared machine)
 * a comparison's page (five names, two schools: rendered and compressed per request),
 * its CSV and JSON, and for scale an edition's page, prepared once and then served as kept
 * bytes. Prints the figures and the load average they were taken under.
 */
import { loadavg } from 'node:os';
import { DEFAULT_DEMO_OPTIONS } from '../src/demo/index.js';
import type { PreparedResponse } from '../src/answer/answer.js';
import { pageRow } from '../src/web/page-table.js';
import { createSite } from '../src/web/site.js';
import { startDemoSite } from '../test/support/demo-site.js';

const scale = Number(process.env.BENCH_SCALE ?? DEFAULT_DEMO_OPTIONS.scale);
const runs = Number(process.env.BENCH_RUNS ?? 5);
const answers = Number(process.env.BENCH_ANSWERS ?? 100);

const demo = await startDemoSite({ webPages: false, scale });
const pages = createSite({ publicUrl: 'http://localhost' }).at(demo.server.follower.state);
const names = 'n=Ane&n=June&n=Markel&n=Garazi&n=Nora';
const schools = 'n=Aitzurdi+Lizeoa&n=Ikastola+Zubia';

/** The least CPU time of `runs` runs, per answer, and the answer's size. */
function measure(label: string, answer: () => PreparedResponse) {
  answer();
  let least = Infinity;
  let bytes = 0;
  for (let run = 0; run < runs; run++) {
    const start = process.cpuUsage();
    for (let i = 0; i < answers; i++) bytes = answer().identity.length;
    const used = process.cpuUsage(start);
    least = Math.min(least, (used.user + used.system) / answers / 1000);
  }
  console.log(`${label.padEnd(40)} ${least.toFixed(3).padStart(8)} ms CPU per answer  ${bytes} bytes`);
}

console.log(`scale ${scale}, ${runs} runs of ${answers} answers, load average ${loadavg()[0]!.toFixed(1)}`);
const compare = (kind: string, rawQuery: string) =>
  pages.page(pageRow(`compare-${kind}`), {}, { query: {}, rawQuery });
measure('comparison of five names, page', () => compare('firstName', names));
measure('comparison of two schools, page', () => compare('school', schools));
measure('comparison of five names, CSV', () => pages.compareData('firstName', 'csv', names));
measure('comparison of five names, JSON', () => pages.compareData('firstName', 'json', names));
measure('edition page (prepared once, kept)', () =>
  pages.page(pageRow('statistics'), { year: '2024' }, { query: {}, rawQuery: '' }),
);
await demo.close();
