import type { StreamCost } from './budget.ts';
import type { PlanContext } from './context.ts';

/** How many recent runs the cost history looks at. */
const DEFAULT_HISTORY_RUNS = 50;

/** What the planner needs to know of a stream to price it (kept apart from stream definitions: the planner sits below them). */
export interface PricedStream {
  name: string;
  /** Read every run (feeds, change-marked re-reads) rather than once per period. */
  everyRun: boolean;
  periodMs: number;
  /** The between-sweeps feed of a periodic sweep: priced from the incremental runs in which it did not sweep. */
  between?: boolean;
}

interface StreamRunJson {
  mode?: string;
  calls?: number;
  status?: string;
}

/**
 * Price each stream from the warehouse's own history (`sync_runs`): a periodic stream costs what its
 * latest complete pass cost (the calls of the last run that swept it), an every-run stream the mean of
 * its calls over recent incremental runs (one call when it has not run incrementally yet). A stream never
 * run is priced at `fallback` calls (before the first sync, `relsync plan` says so).
 */
export async function streamCosts(ctx: PlanContext, streams: readonly PricedStream[], fallback = 1): Promise<{ costs: StreamCost[]; unknown: string[] }> {
  const runs = await ctx.db.kysely
    .selectFrom('sync_runs')
    .select(['mode', 'streams_json'])
    .where('status', 'in', ['succeeded', 'partial'])
    .orderBy('started_at', 'desc')
    .limit(DEFAULT_HISTORY_RUNS)
    .execute();
  const parsed = runs.map((r) => ({ mode: r.mode, streams: r.streams_json ? (JSON.parse(r.streams_json) as Record<string, StreamRunJson>) : {} }));
  const unknown: string[] = [];
  const costs = streams.map((s): StreamCost => {
    const seen = parsed.map((r) => ({ mode: r.mode, s: r.streams[s.name] })).filter((x): x is { mode: string; s: StreamRunJson } => x.s !== undefined);
    if (s.everyRun) {
      // Calls of incremental runs (a skipped source costs 0); a between-sweeps feed only from runs in which it did not sweep.
      const between = seen.filter((x) => x.mode === 'incremental' && !(s.between && x.s.mode === 'sweep') && x.s.calls !== undefined);
      const calls = between.length === 0 ? fallback : between.reduce((n, x) => n + (x.s.calls ?? 0), 0) / between.length;
      return { name: s.name, kind: 'every-run', calls, periodMs: 0 };
    }
    const pass = seen.find((x) => x.s.mode === 'sweep' && x.s.status === 'succeeded');
    const skipped = !pass && seen[0]?.s.status === 'skipped';
    if (!pass && !skipped) unknown.push(s.name);
    return { name: s.name, kind: 'periodic', calls: pass?.s.calls ?? (skipped ? 0 : fallback), periodMs: s.periodMs };
  });
  return { costs, unknown };
}

/** The monthly limit the service's headers last reported (`x-ratelimit-limit-org`), from the latest run that saw one. */
export async function lastHeaderLimit(ctx: PlanContext): Promise<number | null> {
  const rows = await ctx.db.kysely
    .selectFrom('sync_runs')
    .select(['rate_budget_json'])
    .where('rate_budget_json', 'is not', null)
    .orderBy('started_at', 'desc')
    .limit(10)
    .execute();
  for (const r of rows) {
    const b = JSON.parse(r.rate_budget_json ?? 'null') as { orgLimit?: number | null } | null;
    if (typeof b?.orgLimit === 'number') return b.orgLimit;
  }
  return null;
}
