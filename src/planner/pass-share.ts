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
  const pages = readsPerRun(passCalls, effectivePeriodMs, runIntervalMs, slack);
  return Number.isFinite(effectivePeriodMs) && Number.isFinite(pages) ? Math.max(1, Math.ceil(pages)) : pages;
}

/**
 * Reads of a rolling refresh (a tier's company↔person sets, planner/tier-reads.ts) due in the run at `nowMs`:
 * the pass spread evenly over its (stretched) period, with slack, counted from a fixed origin (the epoch), so
 * that runs an interval apart take between them the pass's share of that time in whole reads. A share of 64.2
 * a run reads 64 or 65, 64.2 on average, which is what the plan prices (budget/tier-costs.ts); rounding each
 * run up read 65 every run, and a tier of a few hundred records (a share of 16.05, or a cold 0.24) up to 10%
 * over its price, every run of the month. A period no longer than the interval: every record (Infinity).
 */
export function readsDue(records: number, effectivePeriodMs: number, runIntervalMs: number, nowMs: number, slack: number): number {
  const perRun = readsPerRun(records, effectivePeriodMs, runIntervalMs, slack);
  if (!Number.isFinite(perRun)) return perRun;
  const perMs = perRun / runIntervalMs;
  return Math.floor(perMs * nowMs) - Math.floor(perMs * (nowMs - runIntervalMs));
}

/**
 * A tier's share with its never-read tail: a tier holding records whose set was never read (a first sync's)
 * reads at least one a run while its period is finite, however small its share, so the tail always moves.
 */
export function withNeverReadTail(share: number, hasNeverRead: boolean, effectivePeriodMs: number): number {
  return hasNeverRead && Number.isFinite(effectivePeriodMs) ? Math.max(1, share) : share;
}

/** What readsDue takes a run on average (not rounded): the rate a tier's never-read sets are read at. */
export function readsPerRun(records: number, effectivePeriodMs: number, runIntervalMs: number, slack: number): number {
  if (effectivePeriodMs <= runIntervalMs) return Infinity;
  if (!Number.isFinite(effectivePeriodMs)) return 0;
  return (records * slack * runIntervalMs) / effectivePeriodMs;
}
