import { describe, expect, it } from 'vitest';
import { fnv1a32, mix32 } from '../../../src/domain/hashing.js';

describe('fnv1a32', () => {
  it("gives FNV-1a's published 32-bit values", () => {
    expect(fnv1a32('')).toBe(0x811c9dc5);
    expect(fnv1a32('a')).toBe(0xe40c292c);
    expect(fnv1a32('foobar')).toBe(0xbf9cf968);
  });

  it('starts from another seed when given one', () => {
    expect(fnv1a32('a', 0x9747b28c)).not.toBe(fnv1a32('a'));
  });
});

describe('mix32', () => {
  it('is an unsigned 32-bit bijection: distinct inputs, distinct outputs', () => {
    const outputs = new Set(Array.from({ length: 10_000 }, (_, i) => mix32(i)));
    expect(outputs.size).toBe(10_000);
    for (const output of outputs) expect(output).toBe(output >>> 0);
    expect(mix32(0)).toBe(0);
  });
});
