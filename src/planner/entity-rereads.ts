import type { Config } from '../config/schema.ts';
import type { PlanContext } from './context.ts';
import { hotRefreshIds } from './hot-refresh.ts';
import { unionIds, type IdChunks } from './id-chunks.ts';
import { markedIds } from './ids.ts';
import type { TierCaps } from './tier-reads.ts';
import type { TierSide } from './tiers.ts';

/** What a stream's read hands the planner here (a StreamContext, streams/define.ts, is one). */
export interface ReReadContext extends PlanContext {
  config: Pick<Config, 'tiers'>;
  /** Each relevance tier's share of a pass in this run; absent: no tier reads. */
  tierCaps?: TierCaps;
  now?: () => Date;
}

/**
 * What a `*_changed` lookup by id reads: the records the change log, a hint or a reference marked, and, in
 * an incremental run with relevance tiers, the hot records due for their refresh (planner/hot-refresh.ts:
 * their collection is swept whole only every cold period). A webhook hint run reads only its hints' marks.
 */
export async function entityReReads(ctx: ReReadContext, side: TierSide): Promise<IdChunks> {
  const marked = markedIds(ctx, side);
  const caps = ctx.tierCaps;
  if (!ctx.config.tiers.enabled || !caps || ctx.hintedSince !== undefined) return marked;
  const now = ctx.now?.() ?? new Date();
  return unionIds(marked, await hotRefreshIds(ctx, side, { now, hotWindowMs: ctx.config.tiers.hotWindow, hotPeriodMs: caps.hotPeriodMs }));
}
