/** Id sources read a chunk at a time (src/planner/id-chunks.ts): windows, unions, collected sets. */
import { describe, expect, it } from 'vitest';
import { collectIds, fixedIds, unionIds } from '../../src/planner/id-chunks.ts';

describe('id chunks', () => {
  it('a fixed set serves its ids above `after`, ascending, at most `limit`, each once', async () => {
    const s = fixedIds([9, 3, 5, 3, 1]);
    expect(await s(Number.MIN_SAFE_INTEGER, 10)).toEqual([1, 3, 5, 9]);
    expect(await s(3, 2)).toEqual([5, 9]);
    expect(await s(2, 1)).toEqual([3]);
    expect(await s(9, 5)).toEqual([]);
  });

  it('a union is the ascending merge of its sources, without repeats, window by window', async () => {
    const u = unionIds(fixedIds([1, 4, 6, 8]), fixedIds([2, 4, 5, 9]), fixedIds([]));
    expect(await u(0, 3)).toEqual([1, 2, 4]);
    expect(await u(4, 3)).toEqual([5, 6, 8]);
    expect(await u(8, 3)).toEqual([9]);
  });

  it('collects a source chunk by chunk from `after` into a typed array, growing it as needed', async () => {
    const ids = Array.from({ length: 25 }, (_, i) => i + 1);
    const s = fixedIds(ids);
    expect(Array.from(await collectIds(s, 0, 10))).toEqual(ids);
    expect(Array.from(await collectIds(s, 20, 10))).toEqual([21, 22, 23, 24, 25]);
    expect(Array.from(await collectIds(s, 0, 5))).toEqual(ids);
    expect(Array.from(await collectIds(s, 0, 3))).toEqual(ids);
    expect(await collectIds(fixedIds([]), 0, 5)).toHaveLength(0);
  });
});
