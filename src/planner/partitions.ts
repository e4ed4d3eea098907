import { sql } from 'kysely';
import { dirtyCountsByList } from '../state/dirty.ts';
import type { PlanContext } from './context.ts';

export type ListType = 'company' | 'person' | 'opportunity';

export interface ListParams {
  listId: number;
  listType: string;
}

/** One partition per live list (optionally of one type), read from the warehouse. */
export async function listPartitions(ctx: PlanContext, type?: ListType): Promise<Array<{ key: string; params: ListParams }>> {
  let q = ctx.db.kysely.selectFrom('lists').select(['id', 'type']).where('_deleted_at', 'is', null);
  if (type) q = q.where('type', '=', type);
  const rows = await q.orderBy('id').execute();
  return rows.map((r) => ({ key: String(r.id), params: { listId: Number(r.id), listType: r.type ?? '' } }));
}

/** Lists with list-entry marks waiting for a targeted re-read. */
export async function dirtyListPartitions(ctx: PlanContext): Promise<Array<{ key: string; params: { listId: number } }>> {
  const ids = [...(await dirtyCountsByList(ctx.db.kysely)).keys()].sort((a, b) => a - b);
  return ids.map((id) => ({ key: String(id), params: { listId: id } }));
}

export interface TrackedFieldParams {
  v1Id: number;
  entityType: 'company' | 'person' | 'opportunity' | null;
  listId: number | null;
  valueType: string;
}

function entityTypeOf(t: string | null): TrackedFieldParams['entityType'] {
  return t === 'company' || t === 'person' || t === 'opportunity' ? t : null;
}

/** Change-tracked fields with an older-interface id: one partition each for the per-field change log. */
export async function trackedFieldPartitions(ctx: PlanContext): Promise<Array<{ key: string; params: TrackedFieldParams }>> {
  const rows = await sql<{ id: string; v1_id: number; entity_type: string | null; list_id: number | null; value_type: string }>`
    select id, v1_id, entity_type, list_id, value_type from fields
    where v1_id is not null and _deleted_at is null and cast(track_changes as integer) = 1 order by v1_id`.execute(ctx.db.kysely);
  return rows.rows.map((f) => ({
    key: f.id,
    params: {
      v1Id: Number(f.v1_id),
      entityType: entityTypeOf(f.entity_type),
      listId: f.list_id === null ? null : Number(f.list_id) || null,
      valueType: f.value_type,
    },
  }));
}
