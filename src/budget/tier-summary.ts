import type { Config } from '../config/schema.ts';
import type { BudgetPlan } from './month-plan.ts';
import { readsPerRun, withNeverReadTail } from '../planner/pass-share.ts';
import type { LinkTiers } from './tier-costs.ts';
import type { TierLine, TierSummary } from '../state/tier-lines.ts';
import { tierCapsOf } from './run-budget.ts';
import { TIER_SLACK } from '../planner/tiers.ts';

/**
 * When a tier's never-read sets will all have been read: hot ones at the next run, cold ones at the
 * cold share per run (the first sync of a large tenant reads the cold tail over days).
 */
function completeBy(neverRead: number, share: number, plan: BudgetPlan, now: Date, atOnce: boolean): string | null {
  if (neverRead === 0) return null;
  if (share <= 0) return 'never (no room in the budget)';
  const runs = atOnce ? 1 : Math.ceil(neverRead / share);
  return new Date(now.getTime() + runs * plan.runIntervalMs).toISOString();
}

/** Each tier's records, period, calls a month and staleness, from the plan that priced them. */
export function tierSummary(tiers: LinkTiers, plan: BudgetPlan, config: Config, now: Date): TierSummary {
  const caps = tierCapsOf(plan, config);
  const lines = (['hot', 'cold'] as const).map((tier): TierLine => {
    const c = tiers.counts[tier];
    const periodMs = tier === 'hot' ? caps.hotPeriodMs : caps.coldPeriodMs;
    const share = withNeverReadTail(readsPerRun(c.records, periodMs, caps.runIntervalMs, TIER_SLACK[tier]), c.neverRead > 0, periodMs);
    return {
      tier,
      records: c.records,
      neverRead: c.neverRead,
      oldestReadAt: c.oldestReadAt,
      periodMs,
      // The tier's own link reads (the sweeps and the re-reads by id serve both tiers and are priced apart).
      callsPerMonth: plan.streams.filter((s) => s.tier === tier && s.name === tiers.costs[0]?.name).reduce((x, s) => x + s.perMonth, 0),
      completeBy: completeBy(c.neverRead, Number.isFinite(share) ? share : c.records, plan, now, tier === 'hot' || caps.neverReadAtOnce === true),
    };
  });
  return { side: tiers.side, hotStretch: plan.hotStretch, lines };
}
