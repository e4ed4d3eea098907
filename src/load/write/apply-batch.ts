/**
 * Apply a transform's RowBatch inside the caller's transaction: upserts first, then child sets replaced
 * whole per owner, then updates of rows already held. Generic over the registry in schema/table-specs.ts.
 */
import { upsertTables, type KeepColumns, type ReplaceSet, type RowBatch, type RowValue, type Upserts, type WarehouseTableName } from '../schema/row-batch.ts';
import type { WarehouseDialect } from '../dialects/warehouse-dialect.ts';
import type { LooseReplaceSet, LooseRow, Trx } from '../schema/dynamic-db.ts';
import { applyMerge, mergesInTimeOrder } from './merge.ts';
import { deleteOwned, selectOwned } from './replaced-rows.ts';
import type { RemovalWatch, RemovedRows } from './removed-rows.ts';
import { WAREHOUSE_TABLES, tableSpec } from '../schema/table-specs.ts';
import { updateExisting, updateTables } from './update-rows.ts';
import { prepareRow, upsertLoose, upsertRows, type PreparedRow } from './upsert.ts';

function scopeKey(scope: readonly string[], row: LooseRow): string {
  return JSON.stringify(scope.map((c) => row[c] ?? null));
}

/**
 * Replace the child rows of `set.owners` in `set.table`: delete every row whose scope columns match an
 * owner, then upsert `set.rows`. An owner with no rows ends with an empty set. Returns rows written.
 */
export async function replaceSets(trx: Trx, dialect: WarehouseDialect, set: ReplaceSet, syncedAt: string): Promise<number> {
  return (await replaceLoose(trx, dialect, set, syncedAt)).rows;
}

/** Replace one set; `watched`: the columns to report of the rows it removes (removed-rows.ts), if its table is watched. */
async function replaceLoose(
  trx: Trx,
  dialect: WarehouseDialect,
  set: LooseReplaceSet,
  syncedAt: string,
  watched?: readonly string[],
): Promise<{ rows: number; removed: PreparedRow[] }> {
  const spec = tableSpec(set.table);
  if (set.scope.length === 0) throw new Error(`relsync: replace on ${set.table} has an empty scope`);
  const owners = new Map<string, PreparedRow>();
  for (const o of set.owners) {
    const only: Record<string, RowValue> = {};
    for (const c of set.scope) only[c] = o[c] ?? null;
    // prepareRow checks the scope columns exist and converts values the way the rows were stored.
    const prepared = prepareRow(spec, dialect, only);
    owners.set(scopeKey(set.scope, prepared), prepared);
  }
  let rows = set.rows;
  let before: PreparedRow[] = [];
  if (owners.size > 0) {
    if (set.keep) rows = await withKeptColumns(trx, dialect, set, [...owners.values()], set.keep);
    if (watched) before = await selectOwned(trx, dialect, set.table, set.scope, [...owners.values()], [...new Set([...spec.pk, ...watched])]);
    await deleteOwned(trx, dialect, set.table, set.scope, [...owners.values()]);
  }
  const written = await upsertLoose(trx, dialect, set.table, rows, syncedAt);
  if (before.length === 0) return { rows: written, removed: [] };
  const again = new Set(rows.map((r) => scopeKey(spec.pk, prepareRow(spec, dialect, r))));
  return { rows: written, removed: before.filter((r) => !again.has(scopeKey(spec.pk, r))) };
}

/** The set's rows with the stored values of `keep.columns` they leave out (see KeepColumns in schema/row-batch.ts). */
async function withKeptColumns(
  trx: Trx,
  dialect: WarehouseDialect,
  set: LooseReplaceSet,
  owners: readonly PreparedRow[],
  keep: KeepColumns,
): Promise<LooseRow[]> {
  const spec = tableSpec(set.table);
  const unlessChanged = keep.unlessChanged ?? [];
  const stored = await selectOwned(trx, dialect, set.table, set.scope, owners, [...new Set([...spec.pk, ...keep.columns, ...unlessChanged])]);
  const byKey = new Map(stored.map((r) => [scopeKey(spec.pk, r), r]));
  return set.rows.map((row) => {
    const prepared = prepareRow(spec, dialect, row);
    const old = byKey.get(scopeKey(spec.pk, prepared));
    // A column the new row leaves out is kept too, so only one it carries can have changed.
    if (!old || unlessChanged.some((c) => prepared[c] !== undefined && prepared[c] !== (old[c] ?? null))) return row;
    const kept: Record<string, RowValue> = {};
    for (const c of keep.columns) if (row[c] === undefined) kept[c] = old[c] ?? null;
    return { ...row, ...kept };
  });
}

/**
 * Fold a batch's replace sets into one set per (table, scope, kept columns) so a page of 100 parents costs one delete
 * and one insert, not 100 of each. Same result as applying them in order: an owner named again by a
 * later set loses the rows an earlier set gave it.
 */
export function coalesceReplaceSets(sets: readonly LooseReplaceSet[]): LooseReplaceSet[] {
  interface Group {
    table: string;
    scope: string[];
    owners: Map<string, { owner: LooseRow; rows: LooseRow[] }>;
    loose: LooseRow[];
    keep?: KeepColumns;
  }
  const groups = new Map<string, Group>();
  for (const set of sets) {
    const gk = `${set.table}\u0000${set.scope.join(',')}\u0000${JSON.stringify(set.keep ?? null)}`;
    let g = groups.get(gk);
    if (!g) {
      g = { table: set.table, scope: [...set.scope], owners: new Map(), loose: [], ...(set.keep ? { keep: set.keep } : {}) };
      groups.set(gk, g);
    }
    for (const owner of set.owners) g.owners.set(scopeKey(set.scope, owner), { owner, rows: [] });
    for (const row of set.rows) {
      const slot = g.owners.get(scopeKey(set.scope, row));
      if (slot) slot.rows.push(row);
      else g.loose.push(row); // a row outside every owner's scope is still written, as in the unfolded set
    }
  }
  return [...groups.values()].map((g) => ({
    table: g.table,
    scope: g.scope,
    owners: [...g.owners.values()].map((s) => s.owner),
    rows: [...g.loose, ...[...g.owners.values()].flatMap((s) => s.rows)],
    ...(g.keep ? { keep: g.keep } : {}),
  }));
}

/**
 * PostgreSQL needs this (the dialect object's `lockChildTables`). Streams of one dependency level run
 * concurrently, and two of them may write the same child table under different scopes: `companies` replaces `company_persons` per company while `persons`
 * replaces it per person. Their page transactions then lock overlapping rows in opposite orders and
 * PostgreSQL aborts one with "deadlock detected" (the e2e full sync lost its `persons` stream in about
 * one run in three). A transaction-scoped advisory lock per child table, taken in name order before the
 * first write, serialises exactly the transactions that share a child table (dialects/pg/pg-warehouse.ts).
 * SQLite allows one writer at a time anyway, and takes no lock here.
 */
async function lockChildTables(trx: Trx, dialect: WarehouseDialect, batch: RowBatch): Promise<void> {
  const tables = new Set<string>(batch.replace.map((s) => s.table));
  for (const t of [...upsertTables(batch), ...updateTables(batch)]) if (WAREHOUSE_TABLES[t].kind === 'child') tables.add(t);
  // A merge re-keys references in most child tables.
  if (batch.merges?.length) for (const [t, spec] of Object.entries(WAREHOUSE_TABLES)) if (spec.kind === 'child') tables.add(t);
  await dialect.lockChildTables(trx, [...tables].sort());
}

/** One table's upserts; generic so the table and its rows stay paired (`Upserts[T]`). */
function upsertTable<T extends WarehouseTableName>(trx: Trx, dialect: WarehouseDialect, table: T, rows: Upserts[T], syncedAt: string): Promise<number> {
  return upsertRows(trx, dialect, table, rows ?? [], syncedAt);
}

/**
 * Apply a RowBatch: upserts (per table), then replace sets, then updates, then fills. Returns the number of
 * rows written, and the rows the replace sets removed from the tables `watch` names (removed-rows.ts).
 */
export async function applyBatch(
  trx: Trx,
  dialect: WarehouseDialect,
  batch: RowBatch,
  syncedAt: string,
  watch: RemovalWatch = new Map(),
): Promise<{ rows: number; removed: RemovedRows[] }> {
  let rows = 0;
  const removed: RemovedRows[] = [];
  await lockChildTables(trx, dialect, batch);
  for (const table of upsertTables(batch)) rows += await upsertTable(trx, dialect, table, batch.upserts[table], syncedAt);
  for (const set of coalesceReplaceSets(batch.replace)) {
    const r = await replaceLoose(trx, dialect, set, syncedAt, watch.get(set.table));
    rows += r.rows;
    if (r.removed.length > 0) removed.push({ table: set.table, scope: set.scope, rows: r.removed });
  }
  for (const table of updateTables(batch)) rows += await updateExisting(trx, dialect, table, batch.updates?.[table] ?? []);
  for (const table of updateTables(batch, 'fills')) rows += await updateExisting(trx, dialect, table, batch.fills?.[table] ?? [], true);
  // In the order they happened, not the order listed (the service lists merges newest first); applyMerge
  // resolves chains whatever the order, this keeps each merge's own effects in time order too.
  for (const m of mergesInTimeOrder(batch.merges ?? [])) {
    const r = await applyMerge(trx, dialect, m, syncedAt);
    rows += r.rekeyed;
  }
  return { rows, removed };
}
