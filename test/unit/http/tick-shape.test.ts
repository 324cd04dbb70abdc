import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const tickShape = fileURLToPath(new URL('../../../src/http/tick-shape.ts', import.meta.url));

/**
 * What V8 holds for the sites in `process.nextTick` that build its tick object, after a
 * hundred ticks, a quiet spell with two full collections (what the memory reducer does),
 * and a hundred ticks more. MEGAMORPHIC is the slow state the small answers fell into.
 */
function tickSitesAfterQuietCollection(keep: boolean): string[] {
  const script = `
    const { keepTickObjectShape } = await import(${JSON.stringify(tickShape)});
    if (${keep}) keepTickObjectShape();
    const ticks = async (n) => { for (let i = 0; i < n; i++) await new Promise((r) => process.nextTick(r)); };
    await ticks(100);
    await new Promise((r) => setTimeout(r, 20));
    gc();
    gc();
    await ticks(100);
    %DebugPrint(process.nextTick);`;
  const printed = execFileSync(
    process.execPath,
    ['--allow-natives-syntax', '--expose-gc', '--input-type=module', '--eval', script],
    { encoding: 'utf8' },
  );
  return [...printed.matchAll(/DefineKeyedOwnPropertyInLiteral (\w+)/g)].map((match) => match[1]!);
}

describe('keepTickObjectShape', () => {
  it('keeps the tick object sites monomorphic across a quiet full collection', () => {
    const states = tickSitesAfterQuietCollection(true);
    expect(states.length).toBeGreaterThan(0);
    expect(states.every((state) => state === 'MONOMORPHIC')).toBe(true);
  });

  // If this starts failing, this Node no longer loses the map, and the keeping may go.
  it('is needed: without it the sites turn megamorphic', () => {
    expect(tickSitesAfterQuietCollection(false)).toContain('MEGAMORPHIC');
  });
});
