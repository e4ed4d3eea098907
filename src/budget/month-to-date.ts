import type { Db } from '../load/db.ts';
import { MONTH_MS } from './month-plan.ts';

/**
 * The calendar month the service's allowance counts (it resets with the calendar month, docs/contract.md
 * §2; UTC here), and what this warehouse's runs spent of it, as `sync_runs` records them.
 */

/** The first instant of `now`'s calendar month, UTC. */
export function monthStart(now: Date): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
}

/** The first instant of the next calendar month, UTC, in ms. */
export function nextMonthStartMs(now: Date): number {
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
}

/** Calls of the runs started since the month began (of one command when given). */
export async function callsThisMonth(db: Db, now: Date, command?: string): Promise<number> {
  let q = db.kysely
    .selectFrom('sync_runs')
    .select((eb) => eb.fn.sum<number | string>('calls_total').as('calls'))
    .where('started_at', '>=', monthStart(now));
  if (command !== undefined) q = q.where('command', '=', command);
  const r = await q.executeTakeFirst();
  return Number(r?.calls ?? 0);
}

/**
 * The calls a month the rest of the calendar month affords: what is left of `budget` over the time left,
 * scaled to a 30-day month, never above `budget`. A first sync early in a month spent part of it: the plan
 * fits every periodic read (sweeps, tiers, single reads) into this for the rest of the month, so the month
 * holds; the next month plans with the whole budget again.
 */
export function affordablePerMonth(budget: number, spent: number, now: Date): number {
  const leftMs = Math.max(1, nextMonthStartMs(now) - now.getTime());
  return Math.min(budget, (Math.max(0, budget - spent) * MONTH_MS) / leftMs);
}
