import { describe, expect, it } from 'vitest';
import { BudgetExhaustedError } from '../../src/extract/http/errors.ts';
import { parseRateHeaders, RateBudget } from '../../src/extract/http/rate-budget.ts';
import { captureLogger } from '../helpers/mini-server.ts';

function fakeClock(start = Date.parse('2026-03-01T00:00:00Z')) {
  let now = start;
  const sleeps: number[] = [];
  return {
    now: () => now,
    sleeps,
    sleep: async (ms: number) => {
      sleeps.push(ms);
      now += ms;
    },
    advance: (ms: number) => {
      now += ms;
    },
  };
}

const headers = (user: [number, number, number], org?: [number, number, number]) => ({
  'x-ratelimit-limit-user': String(user[0]),
  'x-ratelimit-limit-user-remaining': String(user[1]),
  'x-ratelimit-limit-user-reset': String(user[2]),
  ...(org
    ? {
        'x-ratelimit-limit-org': String(org[0]),
        'x-ratelimit-limit-org-remaining': String(org[1]),
        'x-ratelimit-limit-org-reset': String(org[2]),
      }
    : {}),
});

describe('parseRateHeaders', () => {
  it('reads lowercase, mixed-case and raw-array headers alike', () => {
    const want = { userLimit: 900, userRemaining: 899, userReset: 41, orgLimit: 100000, orgRemaining: 99000, orgReset: 86400 };
    expect(parseRateHeaders(headers([900, 899, 41], [100000, 99000, 86400]))).toEqual(want);
    expect(
      parseRateHeaders({
        'X-Ratelimit-Limit-User': '900',
        'X-RateLimit-Limit-User-Remaining': '899',
        'x-RATELIMIT-limit-user-reset': '41',
        'X-Ratelimit-Limit-Org': '100000',
        'X-Ratelimit-Limit-Org-Remaining': ['99000'],
        'X-Ratelimit-Limit-Org-Reset': '86400',
      }),
    ).toEqual(want);
    expect(
      parseRateHeaders([
        'X-Ratelimit-Limit-User',
        '900',
        'X-Ratelimit-Limit-User-Remaining',
        '899',
        'X-Ratelimit-Limit-User-Reset',
        '41',
        'X-Ratelimit-Limit-Org',
        '100000',
        'X-Ratelimit-Limit-Org-Remaining',
        '99000',
        'X-Ratelimit-Limit-Org-Reset',
        '86400',
      ]),
    ).toEqual(want);
  });
  it('ignores junk values', () => {
    expect(parseRateHeaders({ 'x-ratelimit-limit-user': 'abc', 'x-ratelimit-limit-user-remaining': '' }).userLimit).toBeNull();
  });
});

describe('RateBudget', () => {
  it('allows `concurrency` in flight before any headers, then waits for a release', async () => {
    const c = fakeClock();
    const b = new RateBudget({ concurrency: 2, monthlyReserve: 0, now: c.now, sleep: c.sleep });
    await b.acquire();
    await b.acquire();
    let third = false;
    const p = b.acquire().then(() => {
      third = true;
    });
    await new Promise((r) => setTimeout(r, 10));
    expect(third).toBe(false);
    b.release();
    await p;
    expect(third).toBe(true);
    expect(b.inFlightCount).toBe(2);
  });

  it('waits for the window reset when remaining minus in-flight reaches the margin', async () => {
    const c = fakeClock();
    const b = new RateBudget({ concurrency: 4, monthlyReserve: 0, now: c.now, sleep: c.sleep, safetyMargin: 2 });
    b.ingestHeaders(headers([900, 4, 20]));
    await b.acquire(); // 4 - 0 > 2
    expect(c.sleeps).toEqual([]);
    await b.acquire(); // 4 - 1 > 2
    expect(c.sleeps).toEqual([]);
    await b.acquire(); // 4 - 2 = 2: must wait ~20 s
    expect(c.sleeps).toHaveLength(1);
    expect(c.sleeps[0]).toBeGreaterThanOrEqual(20_000);
    expect(c.sleeps[0]).toBeLessThan(20_100);
    expect(b.snapshot().userRemaining).toBe(900);
  });

  it('keeps the lowest remaining within one window when responses arrive out of order', () => {
    const c = fakeClock();
    const b = new RateBudget({ concurrency: 4, monthlyReserve: 0, now: c.now });
    b.ingestHeaders(headers([900, 10, 30]));
    c.advance(200);
    b.ingestHeaders(headers([900, 12, 30]));
    expect(b.snapshot().userRemaining).toBe(10);
    c.advance(31_000);
    b.ingestHeaders(headers([900, 899, 60]));
    expect(b.snapshot().userRemaining).toBe(899);
  });

  it('throws BudgetExhaustedError at the monthly reserve, except for exempt calls', async () => {
    const c = fakeClock();
    const b = new RateBudget({ concurrency: 4, monthlyReserve: 500, now: c.now });
    b.ingestHeaders(headers([900, 800, 30], [100000, 501, 86400]));
    await b.acquire();
    b.release();
    b.ingestHeaders(headers([900, 799, 30], [100000, 500, 86400]));
    const err = await b.acquire().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BudgetExhaustedError);
    const e = err as BudgetExhaustedError;
    expect(e.remaining).toBe(500);
    expect(e.message).toContain('500 calls remain');
    expect(e.message).toContain('2026-03-02T00:00:00.000Z');
    expect(e.hint).toContain('monthlyReserve');
    await expect(b.acquire({ exemptMonthly: true })).resolves.toBeUndefined();
  });

  it('ingests the v1 and v2 status bodies', () => {
    const c = fakeClock();
    const b = new RateBudget({ concurrency: 4, monthlyReserve: 0, now: c.now });
    expect(
      b.ingestStatus({
        rate: {
          org_monthly: { limit: 40000, remaining: 39993, reset: 10, used: 7 },
          api_key_per_minute: { limit: 900, remaining: 880, reset: 5, used: 20 },
        },
      }),
    ).toBe(true);
    expect(b.snapshot()).toEqual({
      userLimit: 900,
      userRemaining: 880,
      userResetAt: '2026-03-01T00:00:05.000Z',
      orgLimit: 40000,
      orgRemaining: 39993,
      orgResetAt: '2026-03-01T00:00:10.000Z',
      observedAt: '2026-03-01T00:00:00.000Z',
    });
    expect(b.ingestStatus({ callerPerMinute: { limit: 600, remaining: 599, reset: 60, used: 1 } })).toBe(true);
    const s = b.snapshot();
    expect([s.userLimit, s.userRemaining, s.orgLimit, s.orgRemaining]).toEqual([600, 599, null, null]);
    expect(b.ingestStatus({ something: 'else' })).toBe(false);
  });

  it('snapshot is all nulls before anything is seen', () => {
    const b = new RateBudget({ concurrency: 1, monthlyReserve: 0 });
    expect(Object.values(b.snapshot()).every((v) => v === null)).toBe(true);
  });
});

describe('headers that give a limit of 0 (issue 32 defect 8)', () => {
  it('are read as no limit reported, said once: requests go on, no BudgetExhaustedError, no endless wait', async () => {
    const clock = fakeClock();
    const { logger, lines } = captureLogger();
    const b = new RateBudget({ concurrency: 2, monthlyReserve: 500, now: clock.now, sleep: clock.sleep, logger });
    for (let i = 0; i < 10; i++) {
      b.ingestHeaders(headers([0, 0, 0], [0, 0, 0]));
      await b.acquire();
      b.release();
    }
    expect(clock.sleeps).toEqual([]);
    expect(b.snapshot()).toMatchObject({ userLimit: null, orgLimit: null, orgRemaining: null });
    expect(lines.filter((l) => l.includes('limit of 0'))).toHaveLength(2);
  });

  it('a real limit with nothing remaining still stops at the reserve', async () => {
    const b = new RateBudget({ concurrency: 2, monthlyReserve: 500 });
    b.ingestHeaders(headers([900, 899, 41], [100_000, 400, 86_400]));
    await expect(b.acquire()).rejects.toBeInstanceOf(BudgetExhaustedError);
  });
});
