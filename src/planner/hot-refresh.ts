/**
 * With relevance tiers on, companies and persons are swept whole only every cold period (`sweeps.cold`,
 * budget/sweep-period.ts): most of a large tenant is never looked at again, and a daily sweep of every
 * record cost more calls than the hot tier's whole company↔person refresh (18,000 a month at medium). The
 * hot tier's records are re-read by id instead, 100 a call, once their row is older than the hot period ÷
 * the share's slack: each is read again within its period (as the tier's link reads are), so a hot record's
 * rename or new field value shows within a day. A hot company's deletion shows through its tier's single
 * read (a second 404 a run apart, runner/read-ids.ts); a batch lookup's silence is never taken for one.
 *
 * A record that left the hot tier within the last hot period is re-read once more: a change made while it
 * was hot (a rename the day a change-log promotion ran out, or its activity left the window) still shows
 * within the hot period, not at the next cold sweep. In the medium month two such renames waited 152-180 h
 * and put the hot tier's rename p95 at 180 h; they cost an id in a batch read of 100, next to nothing.
 *
 * `_synced_at` is the last time a whole record was written (a sweep page or a lookup by id); the older
 * single reads that set only a name (RowBatch.updates) leave it alone, so they never pass for a refresh.
 */
import { sql } from 'kysely';
import type { PlanContext } from './context.ts';
import type { IdChunks } from './id-chunks.ts';
import { TABLE_OF_SIDE, TIER_SLACK, anySignal, hotSignals, type TierSide } from './tiers.ts';

export interface HotRefreshInput {
  now: Date;
  hotWindowMs: number;
  /** The hot tier's (stretched) period (planner/tier-reads.ts TierCaps). */
  hotPeriodMs: number;
}

/** The instant before which a hot record's row is due again: the period ÷ the hot tier's slack before `now`. */
export function refreshBefore(now: Date, hotPeriodMs: number): string {
  return new Date(now.getTime() - hotPeriodMs / TIER_SLACK.hot).toISOString();
}

/** Live hot records of `side` whose whole record was last written before the hot period ÷ slack, ascending. */
export async function hotRefreshIds(ctx: PlanContext, side: TierSide, input: HotRefreshInput): Promise<IdChunks> {
  if (!Number.isFinite(input.hotPeriodMs)) return async () => [];
  const hot = anySignal(sql.ref('t.id'), await hotSignals(ctx.db.kysely, side, input.now, input.hotWindowMs, input.hotPeriodMs));
  const before = refreshBefore(input.now, input.hotPeriodMs);
  return async (after, limit) => {
    const r = await sql<{ id: number | string }>`select t.id from ${sql.table(TABLE_OF_SIDE[side])} t
      where t._deleted_at is null and t._synced_at < ${before} and ${hot} and t.id > ${after}
      order by t.id limit ${limit}`.execute(ctx.db.kysely);
    return r.rows.map((x) => Number(x.id));
  };
}
