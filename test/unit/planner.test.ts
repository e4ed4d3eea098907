import { describe, expect, it } from 'vitest';
import { planAssociations, planReRead } from '../../src/extract/planner.ts';

describe('planAssociations', () => {
  it.each([
    // total, changed, truncated, strategy, calls
    [25_000, undefined, 7, 'bulk', 57],
    [300, undefined, 0, 'bulk', 1],
    [25_000, 10, 7, 'targeted', 10],
    [25_000, 57, 7, 'bulk', 57],
    [25_000, 5_000, 7, 'bulk', 57],
    [0, undefined, 0, 'bulk', 0],
  ] as const)('total %i changed %s truncated %i -> %s with %i calls', (total, changed, truncated, strategy, calls) => {
    const plan = planAssociations({ total, truncated, ...(changed === undefined ? {} : { changed }) });
    expect(plan.strategy).toBe(strategy);
    expect(plan.calls).toBe(calls);
    expect(plan.reason.length).toBeGreaterThan(0);
  });
});

describe('planReRead', () => {
  it.each([
    [20_000, 200, 'targeted', 2],
    [20_000, 19_950, 'bulk', 200],
    [100, 100, 'bulk', 1],
  ] as const)('total %i changed %i -> %s (%i calls)', (total, changed, strategy, calls) => {
    const plan = planReRead({ total, changed });
    expect(plan.strategy).toBe(strategy);
    expect(plan.calls).toBe(calls);
  });
});
