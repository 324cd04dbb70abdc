import { readSetting } from '../config/index.js';
import type { Progress } from '../import/progress.js';
import { formatCount } from './output.js';

function seconds(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  return total < 60 ? `${total} s` : `${Math.floor(total / 60)} min ${total % 60} s`;
}

type ProgressState = { phase: string; unit: string; done: number; total?: number; elapsedMs: number };

/**
 * `writing: 1,200,000 of 3,088,334 rows · 410,000 rows/s · about 5 s left`, or for a
 * phase without units, `computing the statistics… 12 s`.
 */
export function formatProgress({ phase, unit, done, total, elapsedMs }: ProgressState): string {
  if (done === 0 && total === undefined) return `${phase}… ${seconds(elapsedMs)}`;
  const amount = total === undefined ? formatCount(done) : `${formatCount(done)} of ${formatCount(total)}`;
  const parts = [`${phase}: ${amount} ${unit}`];
  const perSecond = elapsedMs > 0 ? (done * 1000) / elapsedMs : 0;
  if (elapsedMs >= 1000 && perSecond > 0) {
    parts.push(`${formatCount(Math.round(perSecond))} ${unit}/s`);
    if (total !== undefined && total > done)
      parts.push(`about ${seconds(((total - done) / perSecond) * 1000)} left`);
  }
  return parts.join(' · ');
}

/**
 * Progress on stderr: a live line on a terminal, elsewhere a line every `PROGRESS_EVERY_MS`
 * and none for shorter commands (progress-bar libraries would fill the logs of short ones).
 */
export function createProgress(
  stream: NodeJS.WriteStream = process.stderr,
  { plainEveryMs = readSetting('progressEveryMs', {}), now = () => performance.now() } = {},
): Progress & { end(): void } {
  const live = stream.isTTY === true;
  const everyMs = live ? 100 : plainEveryMs;
  const state: ProgressState = { phase: '', unit: 'rows', done: 0, total: undefined, elapsedMs: 0 };
  let phaseStarted = now();
  let lastShown = live ? -Infinity : now();
  // A phase without updates still shows its time on a terminal, and a plain line elsewhere.
  const ticker = setInterval(() => show(), live ? 1000 : plainEveryMs).unref();

  function show(force = false): void {
    const at = now();
    if (state.phase === '' || (!force && at - lastShown < everyMs)) return;
    lastShown = at;
    state.elapsedMs = at - phaseStarted;
    stream.write(live ? `\r\u001b[2K${formatProgress(state)}` : `${formatProgress(state)}\n`);
  }

  return {
    phase(name, total, unit = 'rows') {
      Object.assign(state, { phase: name, unit, done: 0, total });
      phaseStarted = now();
      show(live);
    },
    update(done) {
      state.done = done;
      show();
    },
    end() {
      clearInterval(ticker);
      if (live && state.phase !== '') stream.write('\r\u001b[2K');
      state.phase = '';
    },
  };
}

export async function withProgress<T>(work: (progress: Progress) => Promise<T>): Promise<T> {
  const progress = createProgress();
  try {
    return await work(progress);
  } finally {
    progress.end();
  }
}
