import type { StreamCost } from './month-plan.ts';
import { companyPersonSide, refreshSide, type LinkSide } from '../planner/associations.ts';
import type { PlanContext } from '../planner/context.ts';
import { TIER_SLACK, tierCounts, type Tier, type TierCount } from '../planner/tiers.ts';

export interface TierPricing {
  /** Configured periods of the hot and cold tiers' association reads. */
  hotMs: number;
  coldMs: number;
  hotWindowMs: number;
  now: Date;
}

export interface LinkTiers {
  side: LinkSide;
  counts: Record<Tier, TierCount>;
  costs: StreamCost[];
}

/**
 * A company↔person single-read stream priced by tier: one call per record of the side read, once per
 * each tier's period (the sweep of its group marks every record whose set `/v2` lacks), with the share's
 * tier's slack: each run reads its share × TIER_SLACK oldest first (tier-reads.ts), so a tier is read
 * through in its period ÷ its slack (hot 1.25, cold 1.05) and costs that much more. Null when this side is not the one read: marks
 * choose it, else the side read whole last (as the read itself does, associations.ts).
 */
export async function linkTierCosts(ctx: PlanContext, name: string, side: LinkSide, p: TierPricing): Promise<LinkTiers | null> {
  const chosen = await companyPersonSide(ctx);
  if (chosen !== side && !(chosen === null && (await refreshSide(ctx)) === side)) return null;
  const counts = await tierCounts(ctx.db.kysely, side, p.now, p.hotWindowMs);
  return {
    side,
    counts,
    costs: [
      { name, kind: 'periodic', calls: counts.hot.records * TIER_SLACK.hot, periodMs: p.hotMs, tier: 'hot' },
      { name, kind: 'periodic', calls: counts.cold.records * TIER_SLACK.cold, periodMs: p.coldMs, tier: 'cold' },
    ],
  };
}
