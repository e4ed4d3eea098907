/**
 * How much of a periodic pass one run reads. The budget model (budget/month-plan.ts) sets the periods; the
 * planner caps what a run reads with this (tier-reads.ts), and the runner caps its pages (budget/run-budget.ts).
 */
import { DEFAULT_SHARE_SLACK } from '../defaults.ts';

/**
 * Pages of one pass a run may read of a periodic stream: its share of the pass over the (stretched)
 * period, with slack, and at least one page; a period no longer than the schedule's interval is one
 * whole pass per run (Infinity: no cap).
 */
export function pagesPerRun(passCalls: number, effectivePeriodMs: number, runIntervalMs: number, slack = DEFAULT_SHARE_SLACK): number {
  if (effectivePeriodMs <= runIntervalMs) return Infinity;
  if (!Number.isFinite(effectivePeriodMs)) return 0;
  return Math.max(1, Math.ceil((passCalls * runIntervalMs * slack) / effectivePeriodMs));
}
