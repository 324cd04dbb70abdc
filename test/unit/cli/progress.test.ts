import { expect, it } from 'vitest';
import { createProgress, formatProgress } from '../../../src/cli/progress.js';

it.each([
  [
    { phase: 'computing the 21 statistics', done: 0, total: undefined, elapsedMs: 12_400 },
    'computing the 21 statistics… 12 s',
  ],
  [{ phase: 'validating', done: 200_000, total: undefined, elapsedMs: 500 }, 'validating: 200,000 rows'],
  [
    { phase: 'validating', done: 1_200_000, total: undefined, elapsedMs: 3_000 },
    'validating: 1,200,000 rows · 400,000 rows/s',
  ],
  [
    { phase: 'writing', done: 1_200_000, total: 3_088_334, elapsedMs: 3_000 },
    'writing: 1,200,000 of 3,088,334 rows · 400,000 rows/s · about 5 s left',
  ],
  [
    { phase: 'writing', done: 10_000, total: 3_088_334, elapsedMs: 2_000 },
    'writing: 10,000 of 3,088,334 rows · 5,000 rows/s · about 10 min 16 s left',
  ],
])('%o reads %s', (state, line) => {
  expect(formatProgress({ unit: 'rows', ...state })).toBe(line);
});

/** A stream that keeps what it is given; a clock moved by hand. */
function fakeOutput(isTTY: boolean) {
  const written: string[] = [];
  const stream = { isTTY, write: (text: string) => written.push(text) } as unknown as NodeJS.WriteStream;
  let now = 0;
  return { stream, written, clock: { now: () => now, advance: (ms: number) => (now += ms) } };
}

it('elsewhere than on a terminal: nothing for a short command, then a plain line every few seconds', () => {
  const { stream, written, clock } = fakeOutput(false);
  const progress = createProgress(stream, { plainEveryMs: 3000, now: clock.now });
  progress.phase('validating', 1000);
  clock.advance(1000);
  progress.update(300);
  expect(written).toEqual([]);
  clock.advance(2500);
  progress.update(800);
  expect(written).toEqual(['validating: 800 of 1,000 rows · 229 rows/s · about 1 s left\n']);
  clock.advance(100);
  progress.update(900);
  expect(written).toHaveLength(1);
  progress.end();
  expect(written).toHaveLength(1);
});

it('on a terminal: one live line, redrawn, and cleared at the end', () => {
  const { stream, written, clock } = fakeOutput(true);
  const progress = createProgress(stream, { now: clock.now });
  progress.phase('writing', 100);
  clock.advance(1500);
  progress.update(50);
  progress.end();
  expect(written).toEqual([
    '\r\u001b[2Kwriting: 0 of 100 rows',
    '\r\u001b[2Kwriting: 50 of 100 rows · 33 rows/s · about 2 s left',
    '\r\u001b[2K',
  ]);
});
