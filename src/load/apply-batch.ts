/**
 * Apply a transform's RowBatch inside the caller's transaction: upserts first, then child sets replaced
 * whole per owner. Generic over the registry in tables.ts.
 */
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { upsertTables, type ReplaceSet, type RowBatch, type RowValue, type Upserts, type WarehouseTableName } from './batch.ts';
import type { DialectName } from './db.ts';
import { dynamic, type DynamicDb, type LooseReplaceSet, type LooseRow, type Trx } from './dynamic.ts';
import { applyMerge } from './merge.ts';
import { WAREHOUSE_TABLES, tableSpec } from './tables.ts';
import { PARAM_LIMIT, prepareRow, upsertLoose, upsertRows, type PreparedRow } from './upsert.ts';

// SQLite parses `a or b or c …` into a tree as deep as the list is long and refuses depth > 1000.
const MAX_OWNERS_PER_OR = 250;

function scopeKey(scope: readonly string[], row: LooseRow): string {
  return JSON.stringify(scope.map((c) => row[c] ?? null));
}

/** The scope column whose values differ most across the owners (the most selective index probe). */
function mostDistinct(scope: readonly string[], owners: readonly PreparedRow[]): string | undefined {
  let best: string | undefined;
  let bestCount = 0;
  for (const c of scope) {
    const n = new Set(owners.map((o) => o[c])).size;
    if (n > bestCount) {
      best = c;
      bestCount = n;
    }
  }
  return best;
}

/** Delete every row of `table` whose scope columns equal one of `owners` (chunked). */
async function deleteOwned(trx: Trx, dialect: DialectName, table: string, scope: readonly string[], owners: readonly PreparedRow[]): Promise<number> {
  const db = dynamic(trx);
  let deleted = 0;
  const match = (eb: ExpressionBuilder<DynamicDb, string>, c: string, v: RowValue | undefined): Expression<SqlBool> =>
    v === null || v === undefined ? eb(c, 'is', null) : eb(c, '=', v);
  const single = scope.length === 1 ? scope[0] : undefined;
  if (single !== undefined) {
    const values = owners.map((o) => o[single]).filter((v): v is Exclude<RowValue, null> => v !== null && v !== undefined);
    const size = PARAM_LIMIT[dialect] - 1;
    for (let i = 0; i < values.length; i += size) {
      const r = await db
        .deleteFrom(table)
        .where(single, 'in', values.slice(i, i + size))
        .executeTakeFirst();
      deleted += Number(r.numDeletedRows);
    }
    if (values.length < owners.length) {
      const r = await db.deleteFrom(table).where(single, 'is', null).executeTakeFirst();
      deleted += Number(r.numDeletedRows);
    }
    return deleted;
  }
  const size = Math.min(MAX_OWNERS_PER_OR, Math.floor(PARAM_LIMIT[dialect] / scope.length));
  for (let i = 0; i < owners.length; i += size) {
    const chunk = owners.slice(i, i + size);
    // An OR of ANDs alone makes both databases scan the whole table for every page (quadratic over a
    // sweep). Also constraining the scope column with the most distinct values by IN lets its index
    // (e.g. field_values.entity_id) find the candidate rows; the OR of ANDs then picks exactly.
    const key = mostDistinct(scope, chunk);
    const keyValues =
      key === undefined ? [] : [...new Set(chunk.map((o) => o[key]).filter((v): v is Exclude<RowValue, null> => v !== null && v !== undefined))];
    const r = await db
      .deleteFrom(table)
      .$if(key !== undefined && chunk.every((o) => o[key] !== null && o[key] !== undefined), (q) => q.where(key!, 'in', keyValues))
      .where((eb) => eb.or(chunk.map((o) => eb.and(scope.map((c) => match(eb, c, o[c]))))))
      .executeTakeFirst();
    deleted += Number(r.numDeletedRows);
  }
  return deleted;
}

/**
 * Replace the child rows of `set.owners` in `set.table`: delete every row whose scope columns match an
 * owner, then upsert `set.rows`. An owner with no rows ends with an empty set. Returns rows written.
 */
export async function replaceSets(trx: Trx, dialect: DialectName, set: ReplaceSet, syncedAt: string): Promise<number> {
  return replaceLoose(trx, dialect, set, syncedAt);
}

async function replaceLoose(trx: Trx, dialect: DialectName, set: LooseReplaceSet, syncedAt: string): Promise<number> {
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
  if (owners.size > 0) await deleteOwned(trx, dialect, set.table, set.scope, [...owners.values()]);
  return upsertLoose(trx, dialect, set.table, set.rows, syncedAt);
}

/**
 * Fold a batch's replace sets into one set per (table, scope) so a page of 100 parents costs one delete
 * and one insert, not 100 of each. Same result as applying them in order: an owner named again by a
 * later set loses the rows an earlier set gave it.
 */
export function coalesceReplaceSets(sets: readonly LooseReplaceSet[]): LooseReplaceSet[] {
  interface Group {
    table: string;
    scope: string[];
    owners: Map<string, { owner: LooseRow; rows: LooseRow[] }>;
    loose: LooseRow[];
  }
  const groups = new Map<string, Group>();
  for (const set of sets) {
    const gk = `${set.table}\u0000${set.scope.join(',')}`;
    let g = groups.get(gk);
    if (!g) {
      g = { table: set.table, scope: [...set.scope], owners: new Map(), loose: [] };
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
  }));
}

/**
 * PostgreSQL only. Streams of one dependency level run concurrently, and two of them may write the same
 * child table under different scopes: `companies` replaces `company_persons` per company while `persons`
 * replaces it per person. Their page transactions then lock overlapping rows in opposite orders and
 * PostgreSQL aborts one with "deadlock detected" (the e2e full sync lost its `persons` stream in about
 * one run in three). A transaction-scoped advisory lock per child table, taken in name order before the
 * first write, serialises exactly the transactions that share a child table. The two-key form keeps
 * these locks apart from the single-key writer lock; the schema keeps warehouses apart.
 * SQLite allows one writer at a time anyway.
 */
async function lockChildTables(trx: Trx, dialect: DialectName, batch: RowBatch): Promise<void> {
  if (dialect !== 'postgres') return;
  const tables = new Set<string>(batch.replace.map((s) => s.table));
  for (const t of upsertTables(batch)) if (WAREHOUSE_TABLES[t].kind === 'child') tables.add(t);
  // A merge re-keys references in most child tables.
  if (batch.merges?.length) for (const [t, spec] of Object.entries(WAREHOUSE_TABLES)) if (spec.kind === 'child') tables.add(t);
  for (const t of [...tables].sort()) {
    await sql`select pg_advisory_xact_lock(hashtext('relsync:child-write'), hashtext(current_schema() || ':' || ${t}))`.execute(trx);
  }
}

/** One table's upserts; generic so the table and its rows stay paired (`Upserts[T]`). */
function upsertTable<T extends WarehouseTableName>(trx: Trx, dialect: DialectName, table: T, rows: Upserts[T], syncedAt: string): Promise<number> {
  return upsertRows(trx, dialect, table, rows ?? [], syncedAt);
}

/** Apply a RowBatch: upserts (per table), then replace sets. Returns the number of rows written. */
export async function applyBatch(trx: Trx, dialect: DialectName, batch: RowBatch, syncedAt: string): Promise<{ rows: number }> {
  let rows = 0;
  await lockChildTables(trx, dialect, batch);
  for (const table of upsertTables(batch)) rows += await upsertTable(trx, dialect, table, batch.upserts[table], syncedAt);
  for (const set of coalesceReplaceSets(batch.replace)) {
    rows += await replaceLoose(trx, dialect, set, syncedAt);
  }
  for (const m of batch.merges ?? []) {
    const r = await applyMerge(trx, dialect, m, syncedAt);
    rows += r.rekeyed;
  }
  return { rows };
}
