/**
 * The one memo of the pages' answers: made once per key, kept among the most recently used,
 * so that the long tail of name pages and images walked by a crawler does not stay in memory.
 */
import { describe, expect, it } from 'vitest';
import { perKey } from '../../../src/web/site-context.js';

describe('perKey', () => {
  const counted = (max: number) => {
    const made: string[] = [];
    const answer = perKey((key: string) => {
      made.push(key);
      return key === 'unknown' ? undefined : { key };
    }, max);
    return { made, answer };
  };

  it('makes each answer once while it is kept, and never keeps an unknown key', () => {
    const { made, answer } = counted(3);
    const first = answer('a');
    expect(answer('a')).toBe(first);
    expect(answer('unknown')).toBeUndefined();
    expect(answer('unknown')).toBeUndefined();
    expect(made).toEqual(['a', 'unknown', 'unknown']);
  });

  it('keeps the most recently used: past its bound the least recently used is made again', () => {
    const { made, answer } = counted(3);
    for (const key of ['a', 'b', 'c', 'a', 'd']) answer(key); // 'b' is the least recently used
    made.length = 0;
    for (const key of ['a', 'c', 'd']) answer(key);
    expect(made).toEqual([]);
    answer('b');
    expect(made).toEqual(['b']);
  });
});
