import type { Config } from '../config/schema.ts';
import { tableExists, type Db } from '../load/db.ts';
import type { BudgetPlan } from '../planner/budget.ts';
import { ALL_STREAMS } from '../streams/registry.ts';
import { budgetPlan } from './run-budget.ts';
import { skipReason } from './run-stream.ts';
import { SourceBook } from './sources.ts';

export interface PlanReport {
  plan: BudgetPlan;
  /** Periodic streams with no complete pass in the history: priced at one call until the first sync. */
  unpriced: string[];
  advice: string[];
}

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
 * Whether the warehouse has a run to price streams from. Before the first sync relsync does not guess:
 * neither document publishes a count of companies, persons or opportunities (v2 pages carry only
 * `nextUrl`; `totalCount` exists on the notes family alone), and those sweeps and their single reads are
 * most of a month's calls, so no cheap counting call gives an honest price (README "Calls under a
 * monthly budget").
 */
export async function hasPricedRun(db: Db): Promise<boolean> {
  if (!(await tableExists(db, 'sync_runs'))) return false;
  const row = await db.kysely.selectFrom('sync_runs').select('id').where('status', 'in', ['succeeded', 'partial']).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** `relsync plan`: the month's calls for the configured schedule and periods, priced from the warehouse's run history. */
export async function planReport(db: Db, config: Config, now: () => Date = () => new Date()): Promise<PlanReport> {
  const env = { ctx: { db, config } } as Parameters<typeof skipReason>[1];
  const streams = ALL_STREAMS.filter((s) => skipReason(s, env) === null);
  const book = await SourceBook.load(db, streams, config.reprobeRefusedAfter, now);
  const { plan, unknown } = await budgetPlan(db, config, streams, (name) => book.sweptEveryRun(name));
  return { plan, unpriced: unknown, advice: adviceFor(plan) };
}

export function formatPlan(r: PlanReport): string {
  const { plan } = r;
  const n = (x: number) => Math.round(x).toLocaleString('en-US');
  const lines = [`schedule: a run every ${(plan.runIntervalMs / 60_000).toFixed(0)} min, ${n(plan.runsPerMonth)} runs a month`, ''];
  lines.push(
    `${'stream'.padEnd(34)} ${'kind'.padEnd(9)} ${'period'.padStart(8)} ${'calls'.padStart(8)} ${'per run'.padStart(8)} ${'per day'.padStart(8)} ${'per month'.padStart(10)}`,
  );
  for (const s of [...plan.streams].sort((a, b) => b.perMonth - a.perMonth)) {
    if (s.perMonth === 0 && s.calls === 0) continue;
    const period = s.kind === 'every-run' ? 'run' : Number.isFinite(s.effectivePeriodMs) ? `${(s.effectivePeriodMs / HOURS).toFixed(1)}h` : 'never';
    lines.push(
      `${s.name.padEnd(34)} ${s.kind.padEnd(9)} ${period.padStart(8)} ${s.calls.toFixed(1).padStart(8)} ${s.perRun.toFixed(1).padStart(8)} ${n(s.perDay).padStart(8)} ${n(s.perMonth).padStart(10)}`,
    );
  }
  lines.push('', `total a month as configured: ${n(plan.totalPerMonth)} calls (every run ${n(plan.everyRunPerMonth)}, periodic ${n(plan.periodicPerMonth)})`);
  lines.push(
    plan.monthlyBudget === null
      ? "monthly budget: unknown (set monthlyBudget, or run a sync so the service's headers report the limit)"
      : `monthly budget: ${n(plan.monthlyBudget)} calls: ${plan.fits ? 'fits' : `does NOT fit; periods stretched ×${plan.stretch.toFixed(2)}`}; a run spends at most ${n(plan.perRunShare ?? 0)}`,
  );
  if (r.unpriced.length > 0) lines.push(`not priced yet (no complete pass in this warehouse; counted as 1 call): ${r.unpriced.join(', ')}`);
  for (const a of r.advice) lines.push(`- ${a}`);
  return `${lines.join('\n')}\n`;
}
