/**
 * Calls are the scarce resource: these planners choose the cheapest way to read what changed from
 * record counts, and say why.
 */
import { sql } from 'kysely';
import { V2_IDS_BATCH, V2_PAGE } from '../extract/limits.ts';
import { dirtyCount, dirtyCountsByList, type DirtyKind } from '../state/dirty.ts';
import type { PlanContext } from './context.ts';

/** The cheaper way to re-read what changed, with the calls of both ways. */
export interface ReReadChoice {
  strategy: 'bulk' | 'targeted';
  calls: number;
  alternativeCalls: number;
  reason: string;
}

/** Records: a full `/v2` sweep (100 per page) versus `ids` lookups of what changed (100 per call). */
export function planReRead(input: { total: number; changed: number }): ReReadChoice {
  const sweep = Math.ceil(input.total / V2_PAGE);
  const targeted = Math.ceil(input.changed / V2_IDS_BATCH);
  return targeted < sweep
    ? { strategy: 'targeted', calls: targeted, alternativeCalls: sweep, reason: `${input.changed} of ${input.total} changed: ids lookups` }
    : { strategy: 'bulk', calls: sweep, alternativeCalls: targeted, reason: `${input.changed} of ${input.total} changed: a sweep is as cheap` };
}

async function liveCount(ctx: PlanContext, table: 'companies' | 'persons'): Promise<number> {
  const r = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)} where _deleted_at is null`.execute(ctx.db.kysely);
  return Number(r.rows[0]?.n ?? 0);
}

async function liveEntriesOfList(ctx: PlanContext, listId: number): Promise<number> {
  const r = await sql<{ n: number }>`select count(*) as n from list_entries where list_id = ${listId} and _deleted_at is null`.execute(ctx.db.kysely);
  return Number(r.rows[0]?.n ?? 0);
}

/** A collection sweep now costs no more than the targeted re-reads of what changed. */
export function sweepWhenCheaper(kind: Extract<DirtyKind, 'company' | 'person'>, table: 'companies' | 'persons') {
  return async (ctx: PlanContext): Promise<boolean> => {
    const changed = await dirtyCount(ctx.db.kysely, kind);
    if (changed === 0) return false;
    return planReRead({ total: await liveCount(ctx, table), changed }).strategy === 'bulk';
  };
}

/** Per list: one call per changed entry, or a sweep of the list when that is cheaper. */
export async function listSweepCheaper(ctx: PlanContext, listId: number): Promise<boolean> {
  const changed = (await dirtyCountsByList(ctx.db.kysely)).get(listId) ?? 0;
  if (changed === 0) return false;
  const pages = Math.ceil((await liveEntriesOfList(ctx, listId)) / V2_PAGE);
  return changed >= Math.max(1, pages);
}
