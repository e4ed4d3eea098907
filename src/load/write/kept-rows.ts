/**
 * A sweep that no longer sees a company or person soft-deletes it and removes its child rows (child-rows.ts).
 * When the record was in fact merged upstream and the merges pass runs later (the default periods allow
 * it), the merge has nothing left to move, and the survivor would lack the duplicate's people, values and
 * deals until its next read. So the rows removed from a soft-deleted company or person are kept in
 * `kept_child_rows` for `DEFAULT_KEPT_CHILD_ROWS_DAYS`, and a merge that names the record puts them back
 * before it re-keys (merge.ts). Only rows whose other parents are still live come back: child tables hold
 * only rows of live parents.
 */
import { DEFAULT_KEPT_CHILD_ROWS_DAYS } from '../../defaults.ts';
import type { Row, RowValue } from '../schema/row-batch.ts';
import { CHILD_ROWS, type ChildLink } from './child-rows.ts';
import { dynamic, type Trx } from '../schema/dynamic-db.ts';
import type { WarehouseTableName } from '../schema/warehouse-tables.ts';
import { WAREHOUSE_TABLES } from '../schema/table-specs.ts';

/** The parents a merge can name. */
const KEPT_PARENTS: ReadonlySet<string> = new Set<WarehouseTableName>(['companies', 'persons']);

/** Rows inserted per statement: 6 values each, far below both dialects' bound-parameter limits. */
const ROWS_PER_INSERT = 500;

/** Links a kept row can come back through: one key column, rows deleted with the parent (not detached). */
function keptLinks(parentTable: string): Array<ChildLink & { column: string }> {
  const links = CHILD_ROWS[parentTable as WarehouseTableName] ?? [];
  return links.filter((l) => l.action !== 'detach' && Object.keys(l.columns).length === 1).map((l) => ({ ...l, column: Object.values(l.columns)[0]! }));
}

/** Keep the child rows of soft-deleted `parents` of `parentTable` (call before they are removed). */
export async function keepChildRows(trx: Trx, parentTable: string, parents: readonly Row[], now: string): Promise<void> {
  if (!KEPT_PARENTS.has(parentTable)) return;
  const db = dynamic(trx);
  const cutoff = new Date(Date.parse(now) - DEFAULT_KEPT_CHILD_ROWS_DAYS * 86_400_000).toISOString();
  await db.deleteFrom('kept_child_rows').where('kept_at', '<', cutoff).execute();
  const ids = parents.map((p) => p.id).filter((id): id is number => typeof id === 'number');
  if (ids.length === 0) return;
  // What an earlier delete of the same records kept is out of date: they were live again since.
  await db.deleteFrom('kept_child_rows').where('parent_table', '=', parentTable).where('parent_id', 'in', ids).execute();
  for (const link of keptLinks(parentTable)) {
    let q = db.selectFrom(link.table).selectAll().where(link.column, 'in', ids);
    for (const [c, v] of Object.entries(link.where ?? {})) q = q.where(c, '=', v);
    const rows = (await q.execute()) as Row[];
    const pk = WAREHOUSE_TABLES[link.table].pk;
    const kept = rows.map((r) => ({
      parent_table: parentTable,
      parent_id: r[link.column],
      child_table: link.table,
      row_key: JSON.stringify(pk.map((c) => r[c] ?? null)),
      row_json: JSON.stringify(r),
      kept_at: now,
    }));
    for (let i = 0; i < kept.length; i += ROWS_PER_INSERT) {
      await db
        .insertInto('kept_child_rows')
        .values(kept.slice(i, i + ROWS_PER_INSERT))
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
  }
}

/** Whether every other parent a row names (a person of a company's link, a field, a note) is live or unknown. */
async function otherParentsLive(trx: Trx, parentTable: string, childTable: string, row: Row): Promise<boolean> {
  const db = dynamic(trx);
  for (const [table, links] of Object.entries(CHILD_ROWS)) {
    if (table === parentTable) continue;
    for (const link of links ?? []) {
      const pairs = Object.entries(link.columns);
      if (link.table !== childTable || pairs.length !== 1) continue;
      if (Object.entries(link.where ?? {}).some(([c, v]) => row[c] !== v)) continue;
      const [parentKey, column] = pairs[0]!;
      const value: RowValue | undefined = row[column];
      if (value === null || value === undefined) continue;
      const parent = await db.selectFrom(table).select('_deleted_at').where(parentKey, '=', value).executeTakeFirst();
      if (parent && parent._deleted_at !== null) return false;
    }
  }
  return true;
}

/**
 * Put back the rows kept for `id` of `parentTable` when it is still soft-deleted (a merge about to move
 * them), and forget them either way. Returns the rows put back.
 */
export async function restoreKeptRows(trx: Trx, parentTable: string, id: number): Promise<number> {
  if (!KEPT_PARENTS.has(parentTable)) return 0;
  const db = dynamic(trx);
  const kept = await db
    .selectFrom('kept_child_rows')
    .select(['child_table', 'row_json'])
    .where('parent_table', '=', parentTable)
    .where('parent_id', '=', id)
    .execute();
  if (kept.length === 0) return 0;
  await db.deleteFrom('kept_child_rows').where('parent_table', '=', parentTable).where('parent_id', '=', id).execute();
  const parent = await db.selectFrom(parentTable).select('_deleted_at').where('id', '=', id).executeTakeFirst();
  if (!parent || parent._deleted_at === null) return 0;
  let restored = 0;
  for (const k of kept) {
    const table = String(k.child_table) as WarehouseTableName;
    const row = JSON.parse(String(k.row_json)) as Row;
    if (!(await otherParentsLive(trx, parentTable, table, row))) continue;
    const r = await db
      .insertInto(table)
      .values(row)
      .onConflict((oc) => oc.columns([...WAREHOUSE_TABLES[table].pk]).doNothing())
      .executeTakeFirst();
    restored += Number(r.numInsertedOrUpdatedRows ?? 0);
  }
  return restored;
}
