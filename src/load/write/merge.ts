/**
 * A merge upstream folds a duplicate company/person into a survivor. The warehouse keeps the duplicate's
 * row (soft-deleted, `merged_into_id` set) and moves every reference to the survivor, so analysts'
 * joins find one entity without waiting for a full re-sweep.
 */
import { sql } from 'kysely';
import type { ColumnOf, WarehouseTableName } from '../schema/row-batch.ts';
import { removeChildRows } from './child-rows.ts';
import { restoreKeptRows } from './kept-rows.ts';
import type { WarehouseDialect } from '../dialects/warehouse-dialect.ts';
import { dynamic, type Trx } from '../schema/dynamic-db.ts';
import { WAREHOUSE_TABLES } from '../schema/table-specs.ts';
import { DEFAULT_MERGE_CHAIN_LIMIT } from '../../defaults.ts';

export type MergeEntityType = 'company' | 'person';

export interface MergeEvent {
  entityType: MergeEntityType;
  duplicateId: number;
  survivorId: number;
  /** ISO-8601; recorded as the duplicate's `_deleted_at` (the sync's clock is its `_deleted_seen_at`). */
  mergedAt: string;
}

/** A column holding an entity id, optionally only on rows matching `where` (column = one of values). */
type Reference = {
  [T in WarehouseTableName]: {
    table: T;
    column: ColumnOf<T>;
    where?: { readonly [C in ColumnOf<T>]?: readonly string[] };
  };
}[WarehouseTableName];

const ENTITY_TABLE = { company: 'companies', person: 'persons' } as const satisfies Record<MergeEntityType, WarehouseTableName>;

const REFERENCES: Readonly<Record<MergeEntityType, readonly Reference[]>> = {
  company: [
    { table: 'companies', column: 'merged_into_id' },
    { table: 'company_persons', column: 'company_id' },
    { table: 'opportunity_companies', column: 'company_id' },
    { table: 'list_entries', column: 'entity_id', where: { entity_type: ['company'] } },
    { table: 'field_values', column: 'entity_id', where: { entity_type: ['company'] } },
    { table: 'field_values', column: 'ref_id', where: { value_type: ['company', 'company-multi'] } },
    { table: 'note_attachments', column: 'entity_id', where: { entity_type: ['company'] } },
    { table: 'reminders', column: 'company_id' },
    { table: 'files', column: 'company_id' },
  ],
  person: [
    { table: 'persons', column: 'merged_into_id' },
    { table: 'company_persons', column: 'person_id' },
    { table: 'opportunity_persons', column: 'person_id' },
    { table: 'list_entries', column: 'entity_id', where: { entity_type: ['person'] } },
    { table: 'field_values', column: 'entity_id', where: { entity_type: ['person'] } },
    { table: 'field_values', column: 'ref_id', where: { value_type: ['person', 'person-multi'] } },
    { table: 'note_attachments', column: 'entity_id', where: { entity_type: ['person'] } },
    { table: 'interaction_participants', column: 'person_id' },
    { table: 'reminders', column: 'person_id' },
    { table: 'files', column: 'person_id' },
    { table: 'relationship_strengths', column: 'external_id' },
  ],
};

/** Merges oldest first (ties by the order given): the order they happened upstream. */
export function mergesInTimeOrder<M extends { mergedAt: string }>(merges: readonly M[]): M[] {
  return merges
    .map((m, i) => ({ m, i, t: Date.parse(m.mergedAt) }))
    .sort((a, b) => (a.t === b.t || Number.isNaN(a.t - b.t) ? a.i - b.i : a.t - b.t))
    .map((x) => x.m);
}

/**
 * The record a merge's survivor finally became: a survivor merged away itself since (A→B learned after
 * B→C) hands its merge on, so A's rows go to C, never to B's tombstone. A cycle (which the service cannot
 * make) stops at the duplicate's last step.
 */
async function finalSurvivor(trx: Trx, entityType: MergeEntityType, survivor: number, dup: number): Promise<number> {
  const seen = new Set([dup]);
  let at = survivor;
  for (let step = 0; step < DEFAULT_MERGE_CHAIN_LIMIT; step += 1) {
    const row = await trx.selectFrom(ENTITY_TABLE[entityType]).select('merged_into_id').where('id', '=', at).executeTakeFirst();
    const next = row?.merged_into_id;
    if (next === null || next === undefined || seen.has(Number(next))) return at;
    seen.add(at);
    at = Number(next);
  }
  return at;
}

export interface MergeOutcome {
  /** References moved to the survivor. */
  rekeyed: number;
  /** Duplicate's rows dropped because the survivor already had the same key. */
  dropped: number;
}

/**
 * Record a merge: mark the duplicate (merged_into_id, _deleted_at) and re-key references. A duplicate
 * the warehouse never held (merged before the first sync) gets a row of its own, only its id, survivor
 * and merge time (written at `syncedAt`), so every id a merge names resolves. Where the key column is
 * part of a primary key and the survivor already holds the same key, the duplicate's row is deleted
 * first so the update cannot collide. Idempotent.
 */
export async function applyMerge(trx: Trx, dialect: WarehouseDialect, merge: MergeEvent, syncedAt: string): Promise<MergeOutcome> {
  void dialect; // one code path for both dialects; kept for the repository-function signature
  const dup = merge.duplicateId;
  const out: MergeOutcome = { rekeyed: 0, dropped: 0 };
  if (dup === merge.survivorId) return out;
  const survivor = await finalSurvivor(trx, merge.entityType, merge.survivorId, dup);
  if (survivor === dup) return out;
  const mergedAt = new Date(merge.mergedAt).toISOString();
  const seenAt = new Date(syncedAt).toISOString();
  const table = ENTITY_TABLE[merge.entityType];
  // A sweep soft-deleted the duplicate before this merge was learned: its child rows come back to be moved.
  await restoreKeptRows(trx, table, dup);
  // `_deleted_at` is when the merge happened upstream; `_deleted_seen_at` when a sync first found the row gone
  // (kept when a merge is applied again, or when a sweep had already found it missing).
  const seen = sql<string>`case when ${sql.ref(`${table}._deleted_at`)} is null then ${seenAt} else coalesce(${sql.ref(`${table}._deleted_seen_at`)}, ${seenAt}) end`;
  await trx
    .insertInto(table)
    .values({ id: dup, merged_into_id: survivor, _deleted_at: mergedAt, _deleted_seen_at: seenAt, _synced_at: seenAt })
    .onConflict((oc) => oc.column('id').doUpdateSet({ merged_into_id: survivor, _deleted_at: mergedAt, _deleted_seen_at: seen }))
    .execute();

  out.dropped += await dropDuplicateCells(trx, merge.entityType, dup, survivor);
  // The references span many tables, each named by a variable: the run-time-named view (schema/dynamic-db.ts).
  const db = dynamic(trx);
  for (const ref of REFERENCES[merge.entityType]) {
    const spec = WAREHOUSE_TABLES[ref.table];
    const where: Readonly<Record<string, readonly string[] | undefined>> = ref.where ?? {};
    const filters = Object.entries(where).filter((f): f is [string, readonly string[]] => f[1] !== undefined);
    if (spec.pk.includes(ref.column)) {
      // The duplicate's row collides when the survivor already has the same values in the other key columns.
      const others = spec.pk.filter((c) => c !== ref.column);
      let survivors = db.selectFrom(ref.table).select(others).where(ref.column, '=', survivor);
      let del = db.deleteFrom(ref.table).where(ref.column, '=', dup);
      for (const [c, values] of filters) {
        survivors = survivors.where(c, 'in', values);
        del = del.where(c, 'in', values);
      }
      const r = await del.where(sql`(${sql.join(others.map((c) => sql.ref(c)))})`, 'in', survivors).executeTakeFirst();
      out.dropped += Number(r.numDeletedRows);
    }
    let upd = db
      .updateTable(ref.table)
      .set({ [ref.column]: survivor })
      .where(ref.column, '=', dup);
    for (const [c, values] of filters) upd = upd.where(c, 'in', values);
    const r = await upd.executeTakeFirst();
    out.rekeyed += Number(r.numUpdatedRows);
  }
  // The duplicate is a tombstone now: any child row the re-keying did not move (a child table added to
  // the registry but not to REFERENCES) goes, as for a soft delete.
  out.dropped += await removeChildRows(trx, ENTITY_TABLE[merge.entityType], [{ id: dup }]);
  return out;
}

/**
 * The duplicate's own field values (`list_entry_id = 0`) are whole cells, replaced per owner, so a
 * collision is decided per CELL, not per row: when the survivor already holds a value of that field, the
 * duplicate's whole cell goes. Deciding per row (the primary key includes `value_index`) moved the
 * duplicate's values 1, 2, … of a multi-valued cell in beside the survivor's value 0: a cell neither
 * record had. Relationship-intelligence values (first/last email, next event, …) are computed by the
 * service from the records' activity, so the duplicate's say nothing about the survivor and are dropped;
 * the survivor's next read brings the service's values. (Values on list entries belong to the entry,
 * whose id survives the merge; they are re-keyed below.)
 */
async function dropDuplicateCells(db: Trx, entityType: MergeEntityType, dup: number, survivor: number): Promise<number> {
  const survivorCells = db
    .selectFrom('field_values')
    .select('field_id')
    .where('entity_type', '=', entityType)
    .where('entity_id', '=', survivor)
    .where('list_entry_id', '=', 0);
  const computed = db.selectFrom('field_scopes').select('field_id').where('type', '=', 'relationship-intelligence');
  const r = await db
    .deleteFrom('field_values')
    .where('entity_type', '=', entityType)
    .where('entity_id', '=', dup)
    .where('list_entry_id', '=', 0)
    .where((eb) => eb.or([eb('field_id', 'in', survivorCells), eb('field_id', 'in', computed)]))
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
