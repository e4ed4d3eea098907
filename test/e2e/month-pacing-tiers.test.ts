/**
 * Month-to-date pacing reaches every periodic read, the relevance tiers' single reads included: a month spent
 * ahead of its budget (a first sync early in it) leaves the plan only what the rest of the month affords, so
 * the tiers' periods stretch with it. Before, only the sweeps' pages were held back: the company↔person reads,
 * most of a steady month, went on at the whole budget's pace, and the seed contract's medium month bench
 * extrapolated its first month to 108,364 calls against 100,000.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { planReport } from '../../src/budget/plan-report.ts';
import { forEachDialect } from '../helpers/dialects.ts';
import { startSyncFixture, type SyncFixture } from '../helpers/sync-fixture.ts';

const HOUR = 3_600_000;
const BUDGET = 100_000;

forEachDialect('month-to-date pacing of the tiers', (dialect) => {
  let f: SyncFixture;
  const t0 = Date.parse('2031-05-03T00:00:00.000Z');
  const at = (hours: number) => () => new Date(t0 + hours * HOUR);
  const june = (hours: number) => () => new Date(Date.parse('2031-06-01T00:00:00.000Z') + hours * HOUR);

  beforeAll(async () => {
    // Hot sets due every 2 h, so a run a few hours on has tier reads to do.
    f = await startSyncFixture({ dialect, contract: 'reference', config: { monthlyBudget: BUDGET, sweeps: { hot: '2h' } } });
    expect((await f.runFull({ now: at(0) })).summary.status).toBe('succeeded');
    // An earlier run of this month spent all but 50 of the budget.
    const first = Number((await f.db.kysely.selectFrom('sync_runs').select('calls_total').executeTakeFirstOrThrow()).calls_total);
    await f.db.kysely
      .insertInto('sync_runs')
      .values({
        id: randomUUID(),
        command: 'sync',
        mode: 'full',
        status: 'succeeded',
        started_at: new Date(t0 - HOUR).toISOString(),
        calls_total: BUDGET - 50 - first,
      })
      .execute();
  }, 240_000);
  afterAll(async () => f?.close());

  it('the plan fits the rest of the month into what it affords, and says so', async () => {
    const report = await planReport(f.db, f.config, at(4));
    // 50 calls over the 28.8 days left, scaled to a 30-day month.
    expect(report.plan.affordablePerMonth).toBeCloseTo((50 * 30 * 24) / (28 * 24 + 20), 0);
    expect(report.plan.monthlyBudget).toBe(BUDGET);
    expect(report.plan.fits).toBe(false);
    expect(report.plan.hotStretch).toBeGreaterThan(1);
    const next = await planReport(f.db, f.config, june(4));
    expect(next.plan.affordablePerMonth).toBe(BUDGET);
    expect(next.plan.fits).toBe(true);
  });

  it('with the month spent the tiers read no due set; the next month they do', async () => {
    const paced = await f.runIncremental({ now: at(4) });
    expect(paced.summary.status).toBe('succeeded');
    expect(paced.summary.streams.company_persons_full?.calls ?? 0).toBe(0);
    const next = await f.runIncremental({ now: june(4) });
    expect(next.summary.status).toBe('succeeded');
    expect(next.summary.streams.company_persons_full?.calls ?? 0).toBeGreaterThan(0);
  });
});
