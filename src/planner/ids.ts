import { sql } from 'kysely';
import { ASSOCIATION_CAP } from '../extract/limits.ts';
import { dirtyIds, liveDirtyIds, type DirtyKind } from '../state/dirty.ts';
import type { PlanContext } from './context.ts';
import type { IdChunks } from './id-chunks.ts';

/**
 * Owners whose association set reached the service's cap of 100, so the bulk read may have cut it
 * short: these need a single-record read for the full list.
 */
export function ownersAtCap(
  ctx: PlanContext,
  table: 'company_persons' | 'opportunity_persons' | 'opportunity_companies',
  ownerColumn: 'company_id' | 'person_id' | 'opportunity_id',
): IdChunks {
  return async (after, limit) => {
    const owner = sql.ref(ownerColumn);
    const rows = await sql<{ id: number }>`select ${owner} as id from ${sql.table(table)} where ${owner} > ${after}
      group by ${owner} having count(*) >= ${ASSOCIATION_CAP} order by 1 limit ${limit}`.execute(ctx.db.kysely);
    return rows.rows.map((r) => Number(r.id));
  };
}

/** Ids the change log (or a read lacking a member) marked with `kind`, of one list when given. */
export function markedIds(ctx: PlanContext, kind: DirtyKind, listId?: number): IdChunks {
  return (after, limit) => dirtyIds(ctx.db.kysely, kind, { after, limit }, listId);
}

/** Marked ids whose record is live in the warehouse (a gone record's mark is never read). */
export function liveMarkedIds(ctx: PlanContext, kind: DirtyKind): IdChunks {
  return (after, limit) => liveDirtyIds(ctx.db.kysely, kind, { after, limit });
}
