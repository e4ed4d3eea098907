/**
 * A pass the budget stretches begins once a stretched period, as `relsync plan` prices it, and the reads its
 * pages mark follow it. On the seed contract the older opportunity search lacks each opportunity's persons and
 * companies, so every pass of it marks every opportunity for a single read (docs/contract.md §6.3): a short
 * search pass (one call a page) that began every configured period, its pages merely spread, brought all those
 * reads with it, and the medium month bench spent 150,000 calls a month on them against a plan of 50,000.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { planReport } from '../../src/budget/plan-report.ts';
import { forEachDialect } from '../helpers/dialects.ts';
import { startSyncFixture, type SyncFixture } from '../helpers/sync-fixture.ts';

const HOUR = 3_600_000;

forEachDialect('passes under a stretched budget', (dialect) => {
  let f: SyncFixture;
  const t0 = Date.parse('2031-05-03T00:00:00.000Z');
  const at = (hours: number) => () => new Date(t0 + hours * HOUR);

  beforeAll(async () => {
    // Entity sweeps every 2 h: the opportunities' search marks every opportunity each pass.
    f = await startSyncFixture({ dialect, contract: 'seed', config: { sweeps: { entities: '2h' } } });
    expect((await f.runFull({ now: at(0) })).summary.status).toBe('succeeded');
    for (let h = 1; h <= 3; h++) expect((await f.runIncremental({ now: at(h) })).summary.status).toBe('succeeded');
  }, 240_000);
  afterAll(async () => f?.close());

  it('the opportunities pass and its single reads come once a stretched period', async () => {
    const free = await planReport(f.db, f.config, at(3));
    // No budget in the fixture (the simulator sends no monthly limit): room for a third of the periodic work
    // stretches every period about threefold.
    const budget = Math.round(free.plan.everyRunPerMonth + free.plan.periodicPerMonth / 3);
    const config = { ...f.config, monthlyBudget: budget };
    const { plan } = await planReport(f.db, config, at(3));
    const search = plan.streams.find((s) => s.name === 'opportunity_associations' && s.kind === 'periodic');
    const reads = plan.streams.find((s) => s.name === 'opportunity_associations_full' && s.kind === 'periodic');
    // The plan stretched the 2 h pass well past its period (about 6 h), and priced its reads with it.
    expect(search!.effectivePeriodMs).toBeGreaterThan(2 * 2 * HOUR);
    expect(reads!.effectivePeriodMs).toBe(search!.effectivePeriodMs);
    let passes = 0;
    let read = 0;
    for (let h = 4; h <= 27; h++) {
      const r = await f.runIncremental({ now: at(h), config: { monthlyBudget: budget } });
      expect(r.summary.status).toBe('succeeded');
      if ((r.summary.streams.opportunity_associations?.calls ?? 0) > 0) passes += 1;
      read += r.summary.streams.opportunity_associations_full?.calls ?? 0;
    }
    // A day of hourly runs holds a pass a stretched period (and one more for where the day cuts a period), each
    // followed by a single read of every opportunity (20 in the tiny tenant); beginning every 2 h, it was 12 and 240.
    const allowed = Math.ceil((24 * HOUR) / search!.effectivePeriodMs) + 1;
    expect(passes).toBeGreaterThan(0);
    expect(passes).toBeLessThanOrEqual(allowed);
    expect(read).toBeLessThanOrEqual(allowed * reads!.calls);
  }, 240_000);

  it('past their share of the month those reads stretch alone, and the hot tier keeps its period', async () => {
    const free = await planReport(f.db, f.config, at(3));
    const group = free.plan.streams.filter((s) => s.ownShare && s.kind === 'periodic');
    expect(group.map((s) => s.name).sort()).toEqual(['opportunity_associations', 'opportunity_associations_full']);
    const groupMonth = group.reduce((n, s) => n + s.perMonth, 0);
    const hot = free.plan.streams.filter((s) => s.tier === 'hot' && s.kind === 'periodic' && !s.ownShare);
    expect(hot.length).toBeGreaterThan(0);
    // Room for everything but a third of the opportunities' pass and reads.
    const budget = Math.round(free.plan.totalPerMonth - (groupMonth * 2) / 3);
    const percent = Math.floor((100 * groupMonth) / 3 / budget);
    const held = (await planReport(f.db, { ...f.config, monthlyBudget: budget, tiers: { ...f.config.tiers, singleReadSharePercent: percent } }, at(3))).plan;
    expect(held.ownStretch).toBeGreaterThan(2);
    expect(held.hotStretch).toBe(1);
    for (const s of hot) expect(held.streams.find((x) => x.name === s.name && x.tier === 'hot')!.effectivePeriodMs).toBe(s.effectivePeriodMs);
    expect(held.streams.reduce((n, s) => n + s.perMonth, 0)).toBeLessThanOrEqual(budget);
    // The same month with the whole budget as their share: they stretch the hot tier with them, as before.
    const shared = (await planReport(f.db, { ...f.config, monthlyBudget: budget, tiers: { ...f.config.tiers, singleReadSharePercent: 100 } }, at(3))).plan;
    expect(shared.ownStretch).toBe(1);
    expect(shared.hotStretch).toBeGreaterThan(1);
  });
});
