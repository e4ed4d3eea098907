import { describe, expect, it } from 'vitest';
import { planReRead } from '../../src/planner/cheaper.ts';

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
