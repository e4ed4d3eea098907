import type { Db } from '../load/db.ts';

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
