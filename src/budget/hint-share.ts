import type { Config } from '../config/schema.ts';
import type { Db } from '../load/db.ts';
import { HINT_RUN_COMMAND } from '../state/runs.ts';
import { lastHeaderLimit } from './costs.ts';
import { monthlyBudgetOf } from './month-plan.ts';
import { callsThisMonth } from './month-to-date.ts';

/**
 * Webhook hint runs' share of the month (`webhookMonthlySharePercent`, docs/webhooks.md). Deliveries cost
 * the service nothing, but every read they ask for comes from the same monthly allowance as the scheduled
 * runs; and anyone who holds the secret can send them. So hint runs spend at most this share of the monthly
 * budget in a calendar month (the service's allowance resets with the calendar month, docs/contract.md §2);
 * past it, deliveries are left to the periodic passes. Without a known monthly budget only the per-run cap
 * (`webhookMaxCallsPerRun`) holds.
 */
export interface HintShare {
  percent: number;
  /** Calls hint runs may spend in a calendar month; null when no monthly budget is known. */
  calls: number | null;
  /** Calls hint runs spent since the calendar month began (UTC), as `sync_runs` records them. */
  spent: number;
  /** Calls left this month; null when no monthly budget is known. */
  left: number | null;
}

/** The share's calls a month of a monthly budget (null: no budget known). */
export function hintShareCalls(monthlyBudget: number | null, percent: number): number | null {
  return monthlyBudget === null ? null : Math.floor((monthlyBudget * percent) / 100);
}

/** The share now: what it allows this month and what hint runs have spent of it. */
export async function hintShare(db: Db, config: Config, now: Date): Promise<HintShare> {
  const budget = monthlyBudgetOf(config.monthlyBudget, await lastHeaderLimit({ db }), config.monthlyReserve);
  const calls = hintShareCalls(budget, config.webhookMonthlySharePercent);
  const spent = await callsThisMonth(db, now, HINT_RUN_COMMAND);
  return { percent: config.webhookMonthlySharePercent, calls, spent, left: calls === null ? null : Math.max(0, calls - spent) };
}
