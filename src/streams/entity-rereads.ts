import { hotRefreshIds } from '../planner/hot-refresh.ts';
import { unionIds, type IdChunks } from '../planner/id-chunks.ts';
import { markedIds } from '../planner/ids.ts';
import type { TierSide } from '../planner/tiers.ts';
import type { StreamContext } from './define.ts';

/**
 * What a `*_changed` lookup by id reads: the records the change log, a hint or a reference marked, and, in
 * an incremental run with relevance tiers, the hot records due for their refresh (planner/hot-refresh.ts:
 * their collection is swept whole only every cold period). A webhook hint run reads only its hints' marks.
 */
export async function entityReReads(ctx: StreamContext, side: TierSide): Promise<IdChunks> {
  const marked = markedIds(ctx, side);
  const caps = ctx.tierCaps;
  if (!ctx.config.tiers.enabled || !caps || ctx.hintedSince !== undefined) return marked;
  const now = ctx.now?.() ?? new Date();
  return unionIds(marked, await hotRefreshIds(ctx, side, { now, hotWindowMs: ctx.config.tiers.hotWindow, hotPeriodMs: caps.hotPeriodMs }));
}
