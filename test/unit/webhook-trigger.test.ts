import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../../src/log.ts';
import { HintTrigger } from '../../src/webhooks/trigger.ts';

describe('HintTrigger: when hint runs start', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** A trigger over `pending` deliveries, each run applying up to `perRun` of them. */
  function drain(pending: number, perRun: number) {
    let left = pending;
    const startedAt: number[] = [];
    const trigger = new HintTrigger({
      delayMs: 30_000,
      backlogDelayMs: 1000,
      capped: () => left > 0,
      log: silentLogger(),
      pending: () => Promise.resolve(left),
      start: () => {
        startedAt.push(Date.now());
        left = Math.max(0, left - perRun);
        return Promise.resolve();
      },
    });
    return { trigger, startedAt, left: () => left };
  }

  it('a burst its cap splits over runs is drained run after run, not one delay apart', async () => {
    const t0 = Date.now();
    const d = drain(500, 200);
    d.trigger.notify();
    await vi.advanceTimersByTimeAsync(40_000);
    expect(d.left()).toBe(0);
    expect(d.startedAt.map((t) => t - t0)).toEqual([30_000, 31_000, 32_000]);
    d.trigger.stop();
  });

  it('deliveries that arrived during an uncapped run wait the full delay', async () => {
    const t0 = Date.now();
    let left = 1;
    const startedAt: number[] = [];
    const trigger = new HintTrigger({
      delayMs: 30_000,
      backlogDelayMs: 1000,
      capped: () => false,
      log: silentLogger(),
      pending: () => Promise.resolve(left),
      start: () => {
        startedAt.push(Date.now());
        // One more arrived while this run was in hand.
        left = startedAt.length === 1 ? 1 : 0;
        return Promise.resolve();
      },
    });
    trigger.notify();
    await vi.advanceTimersByTimeAsync(70_000);
    expect(startedAt.map((t) => t - t0)).toEqual([30_000, 60_000]);
    trigger.stop();
  });
});
