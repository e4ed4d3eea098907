import { sql } from 'kysely';
import { emptyBatch, mergeBatch, type RowBatch } from '../../load/batch.ts';
import type { Partition, StreamContext } from '../stream.ts';
import { ASSOCIATION_CAP } from '../planner.ts';

/** Build a page transform from a per-record one: the common case. */
export function perRecord<T>(fn: (record: T, raw: unknown, p: Partition) => RowBatch) {
  return (records: readonly T[], raws: readonly unknown[], p: Partition): RowBatch => {
    const out = emptyBatch();
    records.forEach((r, i) => mergeBatch(out, fn(r, raws[i] ?? r, p)));
    return out;
  };
}

/** One partition per live list (optionally of one type), read from the warehouse. */
export async function listPartitions(ctx: StreamContext, type?: 'company' | 'person' | 'opportunity'): Promise<Partition[]> {
  let q = ctx.db.kysely.selectFrom('lists').select(['id', 'type']).where('_deleted_at', 'is', null);
  if (type) q = q.where('type', '=', type);
  const rows = await q.orderBy('id').execute();
  return rows.map((r) => ({ key: String(r.id), params: { listId: r.id, listType: r.type ?? '' } }));
}

/** Ids of live rows of an entity table, ascending. */
export async function liveIds(ctx: StreamContext, table: 'transcripts' | 'teams' | 'persons'): Promise<number[]> {
  const rows = await sql<{ id: number }>`select id from ${sql.table(table)} where _deleted_at is null order by id`.execute(ctx.db.kysely);
  return rows.rows.map((r) => Number(r.id));
}

/**
 * Owners whose association set reached the service's cap of 100, so the bulk read may have cut it
 * short: these need a single-record read for the full list.
 */
export async function ownersAtCap(ctx: StreamContext, table: string, ownerColumn: string): Promise<number[]> {
  const rows = await sql<{ id: number }>`select ${sql.ref(ownerColumn)} as id from ${sql.table(table)} group by ${sql.ref(ownerColumn)} having count(*) >= ${ASSOCIATION_CAP} order by 1`.execute(ctx.db.kysely);
  return rows.rows.map((r) => Number(r.id));
}

/** The single id a by-ids batch of size 1 read (see run-ids.ts). */
export function batchId(p: Partition): number {
  const id = Number(String(p.params.ids ?? '').split(',')[0]);
  if (!Number.isInteger(id)) throw new Error('by-ids transform called without a batch id');
  return id;
}

/** `/v2` entity field types relsync loads for companies and persons (list fields come with list entries). */
export const ENTITY_FIELD_TYPES = ['enriched', 'global', 'relationship-intelligence'] as const;
