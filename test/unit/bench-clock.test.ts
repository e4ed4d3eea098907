import { describe, expect, it } from 'vitest';
import { PacedClock } from '../../scripts/bench-clock.ts';

describe('PacedClock: a run moves the simulated clock on at the per-minute limit', () => {
  const cases: Array<[string, number, number, number]> = [
    ['no request: the instant it was set', 0, 900, 1_000],
    ['one request at 900 a minute: 66 ms on', 1, 900, 1_066],
    ['900 requests: a minute on', 900, 900, 61_000],
    ['58,884 requests (a large first sync): 65 minutes on', 58_884, 900, 1_000 + 3_925_600],
    ['60 requests at 60 a minute: a minute on', 60, 60, 61_000],
  ];
  it.each(cases)('%s', (_name, requests, perMinute, want) => {
    const stats = { requests: 5 };
    const clock = new PacedClock(stats, 1_000, perMinute);
    stats.requests += requests;
    expect(clock.now()).toBe(want);
  });

  it('set() moves it to an instant and counts requests from there', () => {
    const stats = { requests: 0 };
    const clock = new PacedClock(stats, 0);
    stats.requests = 900;
    clock.set(3_600_000);
    expect(clock.now()).toBe(3_600_000);
    stats.requests += 9;
    expect(clock.now()).toBe(3_600_600);
  });
});
