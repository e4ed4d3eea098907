import { describe, expect, it } from 'vitest';
import { MONTH_MS, monthlyBudgetOf, planBudget, runsPerMonth, type StreamCost } from '../../src/budget/month-plan.ts';
import { affordablePerMonth } from '../../src/budget/month-to-date.ts';
import { pagesPerRun, readsDue, readsPerRun } from '../../src/planner/pass-share.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('budget arithmetic', () => {
  const costs: StreamCost[] = [
    { name: 'field_value_changes', kind: 'every-run', calls: 1, periodMs: 0 },
    { name: 'emails', kind: 'every-run', calls: 7, periodMs: 0 },
    { name: 'companies', kind: 'periodic', calls: 200, periodMs: DAY },
    { name: 'notes', kind: 'periodic', calls: 70, periodMs: 7 * DAY },
  ];

  it('counts every-run work per run and periodic work per pass', () => {
    const p = planBudget(costs, HOUR, 100_000);
    expect(runsPerMonth(HOUR)).toBe(720);
    expect(p.everyRunPerMonth).toBe(8 * 720);
    expect(p.periodicPerMonth).toBeCloseTo(200 * 30 + 70 * (30 / 7), 6);
    expect(p.fits).toBe(true);
    expect(p.stretch).toBe(1);
    expect(p.perRunShare).toBeCloseTo(100_000 / 720, 6);
    const companies = p.streams.find((s) => s.name === 'companies')!;
    expect(companies.perDay).toBeCloseTo(200, 6);
    expect(companies.perRun).toBeCloseTo(200 / 24, 6);
  });

  it('stretches the periods, never the every-run work, when the month does not fit', () => {
    const budget = 8 * 720 + 3_000; // room for half the periodic work
    const p = planBudget(costs, HOUR, budget);
    expect(p.fits).toBe(false);
    expect(p.stretch).toBeCloseTo((200 * 30 + 70 * (30 / 7)) / 3_000, 6);
    const total = p.streams.reduce((n, s) => n + s.perMonth, 0);
    expect(total).toBeCloseTo(budget, 6);
    expect(p.streams.find((s) => s.name === 'emails')!.perMonth).toBe(7 * 720);
    expect(p.streams.find((s) => s.name === 'companies')!.effectivePeriodMs).toBeCloseTo(DAY * p.stretch, 3);
  });

  it('gives periodic work nothing when every-run work alone exceeds the budget', () => {
    const p = planBudget(costs, HOUR, 1_000);
    expect(p.stretch).toBe(Infinity);
    expect(p.streams.find((s) => s.name === 'companies')!.perMonth).toBe(0);
  });

  it('a period shorter than the schedule is one pass per run', () => {
    const p = planBudget([{ name: 'x', kind: 'periodic', calls: 10, periodMs: 1 }], HOUR, null);
    expect(p.periodicPerMonth).toBe(10 * 720);
    expect(pagesPerRun(10, 1, HOUR)).toBe(Infinity);
  });

  it('spreads a pass over the runs of its period, at least one page a run', () => {
    expect(pagesPerRun(240, DAY, HOUR)).toBe(Math.ceil((240 / 24) * 1.25));
    expect(pagesPerRun(3, DAY, HOUR)).toBe(1);
    expect(pagesPerRun(3, Infinity, HOUR)).toBe(0);
    expect(MONTH_MS).toBe(30 * DAY);
  });

  it("a tier's rolling refresh reads whole reads counted on the clock: its price on average, never rounded up each run", () => {
    const start = Date.parse('2026-06-01T00:17:00.000Z');
    const month = (records: number, periodMs: number, slack: number) => {
      const runs = Array.from({ length: 720 }, (_, i) => readsDue(records, periodMs, HOUR, start + i * HOUR, slack));
      return { total: runs.reduce((a, b) => a + b, 0), min: Math.min(...runs), max: Math.max(...runs) };
    };
    // The medium month's hot tier: 1,340 records x 1.15 a day is 64.2 a run; rounded up, 65 every run (+1.2%).
    const hot = month(1_340, DAY, 1.15);
    expect(Math.abs(hot.total - 1_340 * 1.15 * 30)).toBeLessThanOrEqual(1);
    expect([hot.min, hot.max]).toEqual([64, 65]);
    expect(readsPerRun(1_340, DAY, HOUR, 1.15)).toBeCloseTo(64.21, 2);
    // A small cold tier: 165 records x 1.05 over 30 days is 0.24 a run, 173 reads a month, not 720.
    const cold = month(165, 30 * DAY, 1.05);
    expect(Math.abs(cold.total - 165 * 1.05)).toBeLessThanOrEqual(1);
    expect([cold.min, cold.max]).toEqual([0, 1]);
    // A period no longer than the interval: every record; no period (Infinity): nothing.
    expect(readsDue(10, HOUR, HOUR, start, 1.15)).toBe(Infinity);
    expect(readsDue(10, Infinity, HOUR, start, 1.15)).toBe(0);
  });

  it('takes the configured budget, else the header limit less the reserve', () => {
    expect(monthlyBudgetOf(50_000, 100_000, 500)).toBe(50_000);
    expect(monthlyBudgetOf(undefined, 100_000, 500)).toBe(99_500);
    expect(monthlyBudgetOf(undefined, null, 500)).toBeNull();
  });
});

describe('relevance tiers under the budget', () => {
  // Hourly runs: 720 every-run calls; hot reads 1,000 a day (30,000 a month), cold 20,000 a month.
  const costs: StreamCost[] = [
    { name: 'field_value_changes', kind: 'every-run', calls: 1, periodMs: 0 },
    { name: 'company_persons_full', kind: 'periodic', calls: 1_000, periodMs: DAY, tier: 'hot' },
    { name: 'company_persons_full', kind: 'periodic', calls: 20_000, periodMs: 30 * DAY, tier: 'cold' },
  ];
  const period = (p: ReturnType<typeof planBudget>, tier: 'hot' | 'cold') => p.streams.find((s) => s.tier === tier)!.effectivePeriodMs;

  it('stretches cold periods first and keeps hot ones while the hot tier fits', () => {
    const p = planBudget(costs, HOUR, 720 + 30_000 + 10_000); // room for half the cold work
    expect(p.fits).toBe(false);
    expect(p.hotStretch).toBe(1);
    expect(period(p, 'hot')).toBe(DAY);
    expect(p.stretch).toBeCloseTo(2, 6);
    expect(period(p, 'cold')).toBeCloseTo(60 * DAY, 0);
    expect(p.streams.reduce((n, s) => n + s.perMonth, 0)).toBeCloseTo(720 + 40_000, 3);
  });

  it('stretches hot periods only past the longest cold stretch (×3), and never leaves the cold tail unread', () => {
    // Room 15,000: cold at its longest (90 days) costs 6,667, hot gets 8,333 of its 30,000 (×3.6).
    const p = planBudget(costs, HOUR, 720 + 15_000);
    expect(p.stretch).toBe(3);
    expect(period(p, 'cold')).toBeCloseTo(90 * DAY, 0);
    expect(p.hotStretch).toBeCloseTo(30_000 / (15_000 - 20_000 / 3), 6);
    expect(p.streams.reduce((n, s) => n + s.perMonth, 0)).toBeCloseTo(720 + 15_000, 3);
  });
});

describe('single reads held to their own share of the month', () => {
  // Hourly runs: 720 every-run calls; hot reads 1,000 a day (30,000 a month), the opportunities' search 10 calls
  // and its single reads 5,000 a day (150,300 a month), cold 20,000 a month.
  const costs: StreamCost[] = [
    { name: 'field_value_changes', kind: 'every-run', calls: 1, periodMs: 0 },
    { name: 'company_persons_full', kind: 'periodic', calls: 1_000, periodMs: DAY, tier: 'hot' },
    { name: 'company_persons_full', kind: 'periodic', calls: 20_000, periodMs: 30 * DAY, tier: 'cold' },
    { name: 'opportunity_associations', kind: 'periodic', calls: 10, periodMs: DAY, tier: 'hot', ownShare: true },
    { name: 'opportunity_associations_full', kind: 'periodic', calls: 5_000, periodMs: DAY, tier: 'hot', ownShare: true },
  ];
  const budget = 100_000;
  const of = (p: ReturnType<typeof planBudget>, name: string, tier?: string) =>
    p.streams.find((s) => s.name === name && s.kind === 'periodic' && (!tier || s.tier === tier))!;
  const spent = (p: ReturnType<typeof planBudget>) => p.streams.reduce((n, s) => n + s.perMonth, 0);

  it('past its share it stretches alone, to the share, and the hot tier keeps its period', () => {
    const p = planBudget(costs, HOUR, budget, { ownShare: 0.2 });
    expect(p.fits).toBe(false);
    expect(p.ownShareCalls).toBe(20_000);
    expect(p.ownStretch).toBeCloseTo(150_300 / 20_000, 6);
    expect(of(p, 'opportunity_associations_full').effectivePeriodMs).toBeCloseTo(DAY * p.ownStretch, 0);
    expect(of(p, 'opportunity_associations').effectivePeriodMs).toBe(of(p, 'opportunity_associations_full').effectivePeriodMs);
    expect(of(p, 'opportunity_associations').perMonth + of(p, 'opportunity_associations_full').perMonth).toBeCloseTo(20_000, 3);
    // 720 + 20,000 + 30,000 hot + 20,000 cold fit 100,000: nothing else stretches.
    expect(p.hotStretch).toBe(1);
    expect(p.stretch).toBe(1);
    expect(of(p, 'company_persons_full', 'hot').effectivePeriodMs).toBe(DAY);
    expect(spent(p)).toBeLessThanOrEqual(budget);
  });

  it('without a share the same reads stretch the hot tier with them', () => {
    const p = planBudget(costs, HOUR, budget);
    expect(p.ownStretch).toBe(1);
    expect(p.hotStretch).toBeGreaterThan(1.5);
    expect(of(p, 'company_persons_full', 'hot').effectivePeriodMs).toBe(of(p, 'opportunity_associations_full').effectivePeriodMs);
    expect(spent(p)).toBeCloseTo(budget, 3);
  });

  it('within its share, or when the month fits, it stays in its tier', () => {
    const small = costs.map((c) => (c.name === 'opportunity_associations_full' ? { ...c, calls: 100 } : c));
    const tight = planBudget(small, HOUR, 720 + 30_000 + 3_300 + 10_000, { ownShare: 0.2 });
    expect(tight.ownStretch).toBe(1);
    expect(tight.hotStretch).toBe(1);
    expect(of(tight, 'opportunity_associations_full').effectivePeriodMs).toBe(DAY);
    const roomy = planBudget(costs, HOUR, 1_000_000, { ownShare: 0.2 });
    expect(roomy.fits).toBe(true);
    expect(roomy.ownStretch).toBe(1);
    expect(of(roomy, 'opportunity_associations_full').effectivePeriodMs).toBe(DAY);
  });

  it('is never read more often than the hot tier when the rest alone does not fit', () => {
    // Single reads of 160 a day (5,100 a month with the search) just past a 4,000-call share; hot work ×3.5.
    const few = costs.map((c) => (c.name === 'opportunity_associations_full' ? { ...c, calls: 160 } : c));
    const p = planBudget(few, HOUR, 20_000, { ownShare: 0.2 });
    expect(p.ownStretch).toBeGreaterThan(1);
    expect(p.hotStretch).toBeGreaterThan(p.ownStretch);
    expect(of(p, 'opportunity_associations_full').effectivePeriodMs).toBe(of(p, 'company_persons_full', 'hot').effectivePeriodMs);
    expect(spent(p)).toBeLessThanOrEqual(20_000);
  });
});

describe('what the rest of the calendar month affords', () => {
  const may = (day: number, hour = 0) => new Date(Date.UTC(2031, 4, day, hour));
  it.each([
    ['nothing spent on the 1st of a 30-day month: the budget', 0, new Date(Date.UTC(2031, 5, 1)), 100_000],
    ['nothing spent on the 1st of a 31-day month: the budget over 31 days, scaled to 30', 0, may(1), (100_000 * 30) / 31],
    ['10,000 spent by the 1st, 00:00 of a 31-day month: 90,000 over 31 days, scaled to 30', 10_000, may(1), (90_000 * 30) / 31],
    ['half spent at the middle of a 31-day month: the budget over 31 days, scaled to 30', 50_000, may(16, 12), (50_000 * 30) / 15.5],
    ['half spent at the middle of a 30-day month: the budget', 50_000, new Date(Date.UTC(2031, 5, 16)), 100_000],
    ['little spent late in the month: never above the budget', 1_000, may(30), 100_000],
    ['all spent: nothing', 100_000, may(10), 0],
    ['more than all spent: nothing, never below', 120_000, may(10), 0],
  ])('%s', (_why, spent, now, want) => {
    expect(affordablePerMonth(100_000, spent, now)).toBeCloseTo(want, 3);
  });

  it('the plan fits the work into what the month affords, not the whole budget', () => {
    const costs: StreamCost[] = [
      { name: 'field_value_changes', kind: 'every-run', calls: 1, periodMs: 0 },
      { name: 'companies', kind: 'periodic', calls: 3_000, periodMs: DAY },
    ];
    // 720 + 90,000 fits 100,000, but not the 60,720 a month the rest of this one affords.
    const whole = planBudget(costs, HOUR, 100_000);
    expect(whole.fits).toBe(true);
    const paced = planBudget(costs, HOUR, 100_000, { affordable: 60_720 });
    expect(paced.fits).toBe(false);
    expect(paced.monthlyBudget).toBe(100_000);
    expect(paced.affordablePerMonth).toBe(60_720);
    expect(paced.stretch).toBeCloseTo(1.5, 6);
    // Never more than the budget, whatever is passed.
    expect(planBudget(costs, HOUR, 100_000, { affordable: 500_000 }).affordablePerMonth).toBe(100_000);
  });
});
