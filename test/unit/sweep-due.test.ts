import { describe, expect, it } from 'vitest';
import { emptyCheckpoint } from '../../src/state/checkpoint.ts';
import { passIntervalMs, passLeadMs, sweepDue } from '../../src/runner/stream-order.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A pass of a 24 h period that began a few minutes past the hour, as a scheduled run's stream does. */
const begun = new Date('2026-11-20T00:04:00.000Z');
const swept = { ...emptyCheckpoint(), lastSweepCompletedAt: begun.toISOString() };
const at = (hours: number) => new Date(Date.parse('2026-11-20T00:00:00.000Z') + hours * HOUR);

describe('sweepDue', () => {
  it('hourly: a 24 h pass is read by the run 24 h on, the last before it would be late', () => {
    expect(sweepDue(swept, DAY, at(23), HOUR)).toBe(false);
    expect(sweepDue(swept, DAY, at(24), HOUR)).toBe(true);
  });

  it('without a schedule interval, only once older than its period (the run 25 h on)', () => {
    expect(sweepDue(swept, DAY, at(24))).toBe(false);
    expect(sweepDue(swept, DAY, at(25))).toBe(true);
  });

  it('daily runs read a 24 h pass every run, not every other', () => {
    expect(sweepDue(swept, DAY, at(24), DAY)).toBe(true);
    expect(sweepDue(swept, DAY, at(24))).toBe(false);
  });

  it('a 7-day pass waits its week, hourly', () => {
    expect(sweepDue(swept, 7 * DAY, at(7 * 24 - 1), HOUR)).toBe(false);
    expect(sweepDue(swept, 7 * DAY, at(7 * 24), HOUR)).toBe(true);
  });

  it('never swept, in progress, or made due: due whatever the clock', () => {
    expect(sweepDue(emptyCheckpoint(), DAY, at(0), HOUR)).toBe(true);
    expect(sweepDue({ ...swept, sweep: { startedAt: begun.toISOString(), token: 'x', pages: 1, records: 100, params: {} } }, DAY, at(1), HOUR)).toBe(true);
    expect(sweepDue({ ...swept, due: { reason: 'an upgrade', at: begun.toISOString() } }, DAY, at(1), HOUR)).toBe(true);
  });
});

describe('passLeadMs', () => {
  const whole = { ...swept, lastSweepPages: 50, lastSweepRuns: 1 };

  it('a pass read whole, next spread over 17 runs: begins 16 runs sooner, so its last page is still read within the period', () => {
    expect(passLeadMs(whole, 3, HOUR)).toBe(16 * HOUR);
    expect(sweepDue(whole, DAY, at(8), HOUR, passLeadMs(whole, 3, HOUR))).toBe(true);
    expect(sweepDue(whole, DAY, at(7), HOUR, passLeadMs(whole, 3, HOUR))).toBe(false);
  });

  it('passes of the same length begin a period apart; no cap, or a last pass of unknown length, leads by nothing', () => {
    expect(passLeadMs({ ...whole, lastSweepRuns: 17 }, 3, HOUR)).toBe(0);
    expect(passLeadMs({ ...whole, lastSweepRuns: 20 }, 3, HOUR)).toBe(0);
    expect(passLeadMs(whole, null, HOUR)).toBe(0);
    expect(passLeadMs(whole, Infinity, HOUR)).toBe(0);
    expect(passLeadMs({ ...whole, lastSweepRuns: null }, 3, HOUR)).toBe(0);
  });
});

describe('passIntervalMs', () => {
  const short = { ...swept, lastSweepPages: 10, lastSweepRuns: 1 };

  it('a pass read in one run waits the whole stretched period after it (it began where it ended)', () => {
    expect(passIntervalMs(short, DAY, 3 * DAY, HOUR)).toBe(3 * DAY);
    expect(sweepDue(short, passIntervalMs(short, DAY, 3 * DAY, HOUR), at(48), HOUR)).toBe(false);
  });

  it('a pass spread over the stretched period waits only the configured one after it', () => {
    const spread = { ...short, lastSweepRuns: 58 };
    expect(passIntervalMs(spread, DAY, 3 * DAY, HOUR)).toBe(DAY);
    expect(passIntervalMs({ ...short, lastSweepRuns: 25 }, DAY, 3 * DAY, HOUR)).toBe(2 * DAY);
  });

  it('no budget, or a last pass of unknown length: the configured period, or the stretched one whole', () => {
    expect(passIntervalMs(short, DAY, null, HOUR)).toBe(DAY);
    expect(passIntervalMs({ ...short, lastSweepRuns: null }, DAY, 3 * DAY, HOUR)).toBe(3 * DAY);
  });
});
