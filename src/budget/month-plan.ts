/**
 * The call-budget model (docs/sync.md "Calls under a monthly budget"). Pure arithmetic, no I/O: the planner
 * feeds it what the warehouse's run history says each stream costs, `relsync plan` prints it, and the
 * runner caps each run's share of periodic work with it.
 *
 * Two kinds of work: every-run work (the change log, update feeds, targeted re-reads) costs its calls on
 * every run and is never deferred; periodic work (sweeps and single-record reads with no change signal)
 * costs one pass per period, spread over the runs of that period. When the month's total does not fit
 * the budget, every period is stretched by one factor so that the periodic work fits what every-run
 * work leaves; every-run work is never starved.
 *
 * Relevance tiers (planner/tiers.ts) split periodic work in two: hot work (the hot tier's association
 * reads, and the entity sweeps that catch renames and deletes of every record, hot ones included) and
 * the rest (the cold tier's reads, the other sweeps). Cold work stretches first, by the factor that makes
 * it fit what every-run and hot work leave, up to DEFAULT_MAX_COLD_STRETCH; hot work stretches only when
 * it does not fit what every-run work and cold work at its longest leave (`hotStretch` > 1 says so).
 *
 * Some periodic work is held to its own share of the month (`ownShare`: the single reads no tier ranks, one
 * call a record, and the pass that marks them): when the month does not fit and it would take more than its
 * share, it stretches alone to fit the share (`ownStretch`), and the tiers are planned in what is left. Left
 * in the hot tier, 5,000 opportunity reads a day on the seed contract stretched every hot period 2.6-fold.
 *
 * What the plan fits the month's work into is what the rest of the calendar month affords
 * (month-to-date.ts `affordablePerMonth`): the budget, or less when the month so far spent ahead of it.
 */
import { DEFAULT_MAX_COLD_STRETCH } from '../defaults.ts';

/** A month for budgeting: 30 days, as the service's monthly allowance is read. */
export const MONTH_MS = 30 * 86_400_000;

export interface StreamCost {
  name: string;
  /** `every-run`: calls each run; `periodic`: calls per full pass, once per `periodMs`. */
  kind: 'every-run' | 'periodic';
  calls: number;
  periodMs: number;
  /** Before the first sync, what the price rests on (budget/counted-costs.ts); absent when priced from runs. */
  basis?: 'counted' | 'at least' | 'not counted';
  /** Periodic work of the hot tier (stretched last); absent: cold or untiered work (stretched first). */
  tier?: 'hot' | 'cold';
  /** Held to its own share of the month when the month does not fit (`ownStretch`). */
  ownShare?: boolean;
}

export interface StreamPlan extends StreamCost {
  /** The period after stretching (equal to `periodMs` when the budget fits). */
  effectivePeriodMs: number;
  perRun: number;
  perDay: number;
  perMonth: number;
}

export interface BudgetPlan {
  runIntervalMs: number;
  runsPerMonth: number;
  /** Calls allowed per month, or null when neither config nor the service's headers give one. */
  monthlyBudget: number | null;
  /** What the plan fits the work into: the budget, or less when the calendar month so far spent ahead of it. */
  affordablePerMonth: number | null;
  everyRunPerMonth: number;
  periodicPerMonth: number;
  /** As configured, before stretching. */
  totalPerMonth: number;
  fits: boolean;
  /** Factor applied to cold and untiered periods (1 when it fits; Infinity when nothing is left for them). */
  stretch: number;
  /** Factor applied to hot periods: 1 unless the hot tier alone does not fit what every-run work leaves. */
  hotStretch: number;
  /** Hot periodic work a month, as configured. */
  hotPerMonth: number;
  /** Factor applied to `ownShare` work held to its share (1 when it fits its share or the month fits). */
  ownStretch: number;
  /** The calls a month `ownShare` work may take when the month does not fit (null without a budget or share). */
  ownShareCalls: number | null;
  /** The most calls one run may spend: the budget spread evenly over the month's runs (null without a budget). */
  perRunShare: number | null;
  streams: StreamPlan[];
}

/** Cold (and untiered) work stretches first, up to its cap; hot work only past that (one factor for all without hot work). */
function stretches(fits: boolean, room: number, hot: number, cold: number): { stretch: number; hotStretch: number } {
  if (fits) return { stretch: 1, hotStretch: 1 };
  if (room <= 0) return { stretch: Infinity, hotStretch: hot > 0 ? Infinity : 1 };
  if (hot === 0) return { stretch: cold / room, hotStretch: 1 };
  const coldFits = hot < room ? cold / (room - hot) : Infinity;
  if (coldFits <= DEFAULT_MAX_COLD_STRETCH) return { stretch: Math.max(1, coldFits), hotStretch: 1 };
  const left = room - cold / DEFAULT_MAX_COLD_STRETCH;
  if (left <= 0) return { stretch: (hot + cold) / room, hotStretch: (hot + cold) / room };
  return { stretch: DEFAULT_MAX_COLD_STRETCH, hotStretch: hot / left };
}

/** Runs per month of a schedule firing every `runIntervalMs`. */
export function runsPerMonth(runIntervalMs: number): number {
  return MONTH_MS / Math.max(1, runIntervalMs);
}

/** A pass more frequent than the schedule still happens at most once per run. */
function passesPerMonth(periodMs: number, runIntervalMs: number): number {
  return MONTH_MS / Math.max(periodMs, runIntervalMs);
}

/** Calls a month of periodic work at its configured period. */
function monthOf(costs: readonly StreamCost[], runIntervalMs: number): number {
  return costs.reduce((n, c) => n + c.calls * passesPerMonth(c.periodMs, runIntervalMs), 0);
}

/**
 * `ownShare` work held apart: past its share of the month it stretches alone to fit the share; what it would
 * take at its configured periods (all of it, and its hot part) then leaves the tiers' plan.
 */
function heldApart(periodic: readonly StreamCost[], fits: boolean, shareCalls: number | null, runIntervalMs: number) {
  const own = periodic.filter((c) => c.ownShare);
  const month = monthOf(own, runIntervalMs);
  if (fits || shareCalls === null || month <= shareCalls) return { ownStretch: 1, month: 0, hot: 0 };
  const hot = monthOf(
    own.filter((c) => c.tier === 'hot'),
    runIntervalMs,
  );
  return { ownStretch: shareCalls > 0 ? month / shareCalls : Infinity, month, hot };
}

export interface PlanOptions {
  /** The fraction of the month `ownShare` work may take when the month does not fit (null: none is held apart). */
  ownShare?: number | null;
  /**
   * The calls a month the rest of this calendar month affords (month-to-date.ts `affordablePerMonth`), when
   * below the budget: what the plan fits the month's work into. Default: the budget.
   */
  affordable?: number | null;
}

export function planBudget(costs: readonly StreamCost[], runIntervalMs: number, monthlyBudget: number | null, opts: PlanOptions = {}): BudgetPlan {
  const ownShare = opts.ownShare ?? null;
  const afford = monthlyBudget === null ? null : Math.min(monthlyBudget, opts.affordable ?? monthlyBudget);
  const runs = runsPerMonth(runIntervalMs);
  const periodicCosts = costs.filter((c) => c.kind === 'periodic');
  const everyRun = costs.filter((c) => c.kind === 'every-run').reduce((n, c) => n + c.calls * runs, 0);
  const periodic = monthOf(periodicCosts, runIntervalMs);
  const hot = monthOf(
    periodicCosts.filter((c) => c.tier === 'hot'),
    runIntervalMs,
  );
  const total = everyRun + periodic;
  const fits = afford === null || total <= afford;
  const shareCalls = afford === null || ownShare === null ? null : afford * ownShare;
  const apart = heldApart(periodicCosts, fits, shareCalls, runIntervalMs);
  const { ownStretch } = apart;
  // Held apart, the work takes its share off the top; the tiers are planned in the rest.
  const room = afford === null ? Infinity : afford - everyRun - apart.month / ownStretch;
  const { stretch, hotStretch } = stretches(fits, room, hot - apart.hot, periodic - apart.month - (hot - apart.hot));
  const streams = costs.map((c): StreamPlan => {
    if (c.kind === 'every-run')
      return { ...c, effectivePeriodMs: runIntervalMs, perRun: c.calls, perDay: (c.calls * 86_400_000) / runIntervalMs, perMonth: c.calls * runs };
    const tierStretch = c.tier === 'hot' ? hotStretch : stretch;
    // Held apart, never read more often than its tier would be.
    const factor = c.ownShare && ownStretch > 1 ? Math.max(ownStretch, tierStretch) : tierStretch;
    const effective = Math.max(c.periodMs, runIntervalMs) * factor;
    const perMonth = Number.isFinite(effective) ? c.calls * (MONTH_MS / effective) : 0;
    return { ...c, effectivePeriodMs: effective, perRun: perMonth / runs, perDay: (perMonth * 86_400_000) / MONTH_MS, perMonth };
  });
  return {
    runIntervalMs,
    runsPerMonth: runs,
    monthlyBudget,
    affordablePerMonth: afford,
    everyRunPerMonth: everyRun,
    periodicPerMonth: periodic,
    totalPerMonth: total,
    fits,
    stretch,
    hotStretch,
    hotPerMonth: hot,
    ownStretch,
    ownShareCalls: shareCalls,
    perRunShare: monthlyBudget === null ? null : monthlyBudget / runs,
    streams,
  };
}

/** The monthly budget in force: config's, else the limit the service's headers reported less the reserve. */
export function monthlyBudgetOf(configured: number | undefined, headerLimit: number | null, reserve: number): number | null {
  if (configured !== undefined) return configured;
  return headerLimit === null ? null : Math.max(0, headerLimit - reserve);
}
