import type { Config } from '../config/schema.ts';
import { tableExists, type Db } from '../load/db.ts';
import type { BudgetPlan } from './month-plan.ts';
import { ALL_STREAMS } from '../streams/registry.ts';
import { budgetPlan } from './run-budget.ts';
import { skipReason } from '../planner/selection.ts';
import type { PlanReport } from './plan-types.ts';
import { tierSummary } from './tier-summary.ts';
import { hintShare } from './hint-share.ts';
import { SourceBook } from '../planner/source-book.ts';

export type { PlanReport } from './plan-types.ts';

const HOURS = 3_600_000;

/** What to change when the month does not fit: the stretched periods, a bigger budget, or fewer runs. */
export function adviceFor(plan: BudgetPlan): string[] {
  if (plan.fits || plan.monthlyBudget === null) return [];
  if (!Number.isFinite(plan.stretch)) {
    return [
      `every-run work alone (change log, feeds: ${Math.round(plan.everyRunPerMonth)} calls a month) exceeds the budget: run less often (schedule) or raise monthlyBudget`,
    ];
  }
  const periods = plan.streams.filter((s) => s.kind === 'periodic' && s.calls > 0).map((s) => `${s.name} ${Math.ceil(s.effectivePeriodMs / HOURS)}h`);
  return [
    `set longer periods (sweeps.entities / sweeps.other / sweeps.overrides); relsync stretches them itself to: ${periods.join(', ')}`,
    `or raise monthlyBudget to at least ${Math.ceil(plan.totalPerMonth)}`,
    `or run less often: every-run work costs ${Math.round(plan.everyRunPerMonth)} of the ${plan.monthlyBudget} calls a month`,
  ];
}

/**
 * Whether the warehouse has a run to price streams from. Before the first sync `relsync plan` counts
 * instead (plan-counted.ts), and `relsync status` shows no projection.
 */
export async function hasPricedRun(db: Db): Promise<boolean> {
  if (!(await tableExists(db, 'sync_runs'))) return false;
  const row = await db.kysely.selectFrom('sync_runs').select('id').where('status', 'in', ['succeeded', 'partial']).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** `relsync plan`: the month's calls for the configured schedule and periods, priced from the warehouse's run history. */
export async function planReport(db: Db, config: Config, now: () => Date = () => new Date()): Promise<PlanReport> {
  const streams = ALL_STREAMS.filter((s) => skipReason(s, config) === null);
  const book = await SourceBook.load(db, streams, config.reprobeRefusedAfter, now);
  const { plan, unknown, tiers } = await budgetPlan(db, config, streams, (name) => book.sweptWithoutFeed(name), now());
  return {
    plan,
    unpriced: unknown,
    advice: adviceFor(plan),
    ...(tiers ? { tiers: tierSummary(tiers, plan, config, now()) } : {}),
    hints: await hintShare(db, config, now()),
  };
}
